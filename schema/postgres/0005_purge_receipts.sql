-- A purged belief's receipts keep its id, marked purged, and lose its text (API.md §11).
ALTER TABLE injection_beliefs ADD COLUMN purged INTEGER NOT NULL DEFAULT 0;

-- History records an injection at most once per belief per UTC day (API.md §7): the rest go.
DELETE FROM belief_history
WHERE event = 'injected'
  AND EXISTS (
    SELECT 1 FROM belief_history AS h
    WHERE h.belief_id = belief_history.belief_id
      AND h.event = 'injected'
      AND substr(h.at, 1, 10) = substr(belief_history.at, 1, 10)
      AND (h.at < belief_history.at OR (h.at = belief_history.at AND h.id < belief_history.id))
  );
