-- World model retrieval. The full-text index gains the owner as one opaque token (owner_tag), so
-- a search is narrowed to one owner inside FTS5 and its cost follows that owner's matches, not
-- the whole table; words are stemmed (porter), so "live" finds "lives" without prefix queries,
-- whose cost grows with the whole index. Pinned beliefs get their own index (injection reads
-- them on every chat).

ALTER TABLE beliefs ADD COLUMN owner_tag TEXT GENERATED ALWAYS AS ('o' || lower(hex(owner))) VIRTUAL;

DROP TRIGGER beliefs_fts_insert;
DROP TRIGGER beliefs_fts_delete;
DROP TRIGGER beliefs_fts_update;
DROP TABLE beliefs_fts;

CREATE VIRTUAL TABLE beliefs_fts USING fts5 (
  statement, key, owner_tag, content = 'beliefs', content_rowid = 'rowid', tokenize = 'porter unicode61'
);
CREATE TRIGGER beliefs_fts_insert AFTER INSERT ON beliefs BEGIN
  INSERT INTO beliefs_fts (rowid, statement, key, owner_tag) VALUES (new.rowid, new.statement, coalesce(new.key, ''), new.owner_tag);
END;
CREATE TRIGGER beliefs_fts_delete AFTER DELETE ON beliefs BEGIN
  INSERT INTO beliefs_fts (beliefs_fts, rowid, statement, key, owner_tag) VALUES ('delete', old.rowid, old.statement, coalesce(old.key, ''), old.owner_tag);
END;
CREATE TRIGGER beliefs_fts_update AFTER UPDATE OF statement, key, owner ON beliefs BEGIN
  INSERT INTO beliefs_fts (beliefs_fts, rowid, statement, key, owner_tag) VALUES ('delete', old.rowid, old.statement, coalesce(old.key, ''), old.owner_tag);
  INSERT INTO beliefs_fts (rowid, statement, key, owner_tag) VALUES (new.rowid, new.statement, coalesce(new.key, ''), new.owner_tag);
END;
INSERT INTO beliefs_fts (beliefs_fts) VALUES ('rebuild');

CREATE INDEX beliefs_owner_pinned ON beliefs (owner, pinned, status, updated_at);
