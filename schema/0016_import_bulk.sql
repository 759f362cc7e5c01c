-- A backup import's commit (lib/backup/stage.ts commitQueries) maintains belief_vocab and
-- belief_counts for the beliefs it inserts in one grouped statement each, instead of one upsert
-- per belief and term: it puts a row in backup_bulk, inserts, and deletes the row, all inside its
-- one transaction (or D1 batch), so no other writer ever sees the table non-empty. The insert
-- triggers below skip their work while it is. The FTS index keeps its per-row trigger.

CREATE TABLE backup_bulk (
  import_id TEXT PRIMARY KEY
);

DROP TRIGGER belief_vocab_insert;
CREATE TRIGGER belief_vocab_insert AFTER INSERT ON beliefs
  WHEN new.search_terms IS NOT NULL AND NOT EXISTS (SELECT 1 FROM backup_bulk) BEGIN
  INSERT INTO belief_vocab (term, n)
    SELECT value, 1 FROM json_each(CASE WHEN json_valid('["' || replace(new.search_terms, ' ', '","') || '"]') THEN '["' || replace(new.search_terms, ' ', '","') || '"]' ELSE '[]' END)
    WHERE value <> ''
    ON CONFLICT (term) DO UPDATE SET n = n + 1;
END;

DROP TRIGGER belief_counts_insert;
CREATE TRIGGER belief_counts_insert AFTER INSERT ON beliefs
  WHEN new.status = 'active' AND NOT EXISTS (SELECT 1 FROM backup_bulk) BEGIN
  INSERT INTO belief_counts (owner, active) VALUES (new.owner, 1)
    ON CONFLICT (owner) DO UPDATE SET active = active + 1;
END;
