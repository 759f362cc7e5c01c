-- A purged belief's receipts keep its id, marked purged, and lose its text (API.md §11).
ALTER TABLE injection_beliefs ADD COLUMN purged INTEGER NOT NULL DEFAULT 0;

-- History records an injection at most once per belief per UTC day (API.md §7): the rest go.
DELETE FROM belief_history WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (PARTITION BY belief_id, substr(at, 1, 10) ORDER BY at, id) AS nth
    FROM belief_history
    WHERE event = 'injected'
  ) AS ranked
  WHERE nth > 1
);
