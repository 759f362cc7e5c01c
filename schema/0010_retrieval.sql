-- Typo-tolerant retrieval (lib/world/recall/vocabulary.ts). belief_vocab holds every owner-prefixed
-- search term (unstemmed, as in beliefs.search_terms) with the number of beliefs carrying it, so a
-- misspelt query word is corrected against one owner's words by a range scan of the primary key
-- (the owner's prefix and the word's first letter) instead of a scan of anyone's beliefs.
-- Triggers keep it in step with search_terms on every write path (app, import, hand-written rows
-- once indexed); a term no belief carries any more is deleted with its last belief.

CREATE TABLE belief_vocab (
  term TEXT PRIMARY KEY,
  n INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TRIGGER belief_vocab_insert AFTER INSERT ON beliefs WHEN new.search_terms IS NOT NULL BEGIN
  INSERT INTO belief_vocab (term, n)
    SELECT value, 1 FROM json_each(CASE WHEN json_valid('["' || replace(new.search_terms, ' ', '","') || '"]') THEN '["' || replace(new.search_terms, ' ', '","') || '"]' ELSE '[]' END)
    WHERE value <> ''
    ON CONFLICT (term) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER belief_vocab_delete AFTER DELETE ON beliefs WHEN old.search_terms IS NOT NULL BEGIN
  UPDATE belief_vocab SET n = n - 1
    WHERE term IN (SELECT value FROM json_each(CASE WHEN json_valid('["' || replace(old.search_terms, ' ', '","') || '"]') THEN '["' || replace(old.search_terms, ' ', '","') || '"]' ELSE '[]' END));
  DELETE FROM belief_vocab WHERE n <= 0;
END;

CREATE TRIGGER belief_vocab_update AFTER UPDATE OF search_terms ON beliefs WHEN old.search_terms IS NOT new.search_terms BEGIN
  UPDATE belief_vocab SET n = n - 1
    WHERE old.search_terms IS NOT NULL
      AND term IN (SELECT value FROM json_each(CASE WHEN json_valid('["' || replace(old.search_terms, ' ', '","') || '"]') THEN '["' || replace(old.search_terms, ' ', '","') || '"]' ELSE '[]' END));
  DELETE FROM belief_vocab WHERE n <= 0;
  INSERT INTO belief_vocab (term, n)
    SELECT value, 1 FROM json_each(CASE WHEN new.search_terms IS NOT NULL AND json_valid('["' || replace(new.search_terms, ' ', '","') || '"]') THEN '["' || replace(new.search_terms, ' ', '","') || '"]' ELSE '[]' END)
    WHERE value <> ''
    ON CONFLICT (term) DO UPDATE SET n = n + 1;
END;

INSERT INTO belief_vocab (term, n)
  SELECT j.value, count(*) FROM beliefs b, json_each(CASE WHEN json_valid('["' || replace(b.search_terms, ' ', '","') || '"]') THEN '["' || replace(b.search_terms, ' ', '","') || '"]' ELSE '[]' END) j
  WHERE b.search_terms IS NOT NULL AND j.value <> ''
  GROUP BY j.value;

-- Open questions (pinned active `question` beliefs) of an owner, read per chat request without
-- walking the owner's other pinned beliefs (lib/world/recall/retrieval.ts pinnedBeliefs).
CREATE INDEX beliefs_owner_type_pinned ON beliefs (owner, type, pinned, status, updated_at);
