-- Owner-scoped retrieval index. Each indexed term is the owner's opaque prefix joined to one
-- content word of the belief (computed by the app: lib/world/recall/terms.ts, stored in search_terms),
-- so a word's doclist in FTS5 holds one owner's beliefs and a search reads that owner's matches
-- only: its cost no longer grows with the size of the owner's index or of anyone else's.
-- search_terms is NULL until computed (rows written before this migration, or by hand); the
-- server fills those in at start-up.

ALTER TABLE beliefs ADD COLUMN search_terms TEXT;
ALTER TABLE backup_stage_beliefs ADD COLUMN search_terms TEXT;

DROP TRIGGER beliefs_fts_insert;
DROP TRIGGER beliefs_fts_delete;
DROP TRIGGER beliefs_fts_update;
DROP TABLE beliefs_fts;
DROP INDEX beliefs_owner_pinned;
ALTER TABLE beliefs DROP COLUMN owner_tag;
CREATE INDEX beliefs_owner_pinned ON beliefs (owner, pinned, status, updated_at);

CREATE VIRTUAL TABLE beliefs_fts USING fts5 (
  search_terms, content = 'beliefs', content_rowid = 'rowid', tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER beliefs_fts_insert AFTER INSERT ON beliefs BEGIN
  INSERT INTO beliefs_fts (rowid, search_terms) VALUES (new.rowid, new.search_terms);
END;
CREATE TRIGGER beliefs_fts_delete AFTER DELETE ON beliefs BEGIN
  INSERT INTO beliefs_fts (beliefs_fts, rowid, search_terms) VALUES ('delete', old.rowid, old.search_terms);
END;
CREATE TRIGGER beliefs_fts_update AFTER UPDATE OF search_terms ON beliefs BEGIN
  INSERT INTO beliefs_fts (beliefs_fts, rowid, search_terms) VALUES ('delete', old.rowid, old.search_terms);
  INSERT INTO beliefs_fts (rowid, search_terms) VALUES (new.rowid, new.search_terms);
END;
INSERT INTO beliefs_fts (beliefs_fts) VALUES ('rebuild');

-- Rows still waiting for their terms, found without a table scan at start-up.
CREATE INDEX beliefs_terms_pending ON beliefs (id) WHERE search_terms IS NULL;

-- The persona's top beliefs (lib/world/recall/persona.ts) read in index order instead of sorting all of the owner's.
CREATE INDEX beliefs_owner_rank ON beliefs (owner, status, pinned, confidence, reinforced_count, updated_at);
