-- Belief vectors for semantic recall (docs/embeddings.md): one per belief, of the configured
-- embeddings model, computed in the background. `source_updated_at` is the belief's updated_at
-- when it was embedded (a belief changed since is pending again); `text_hash` lets an unchanged
-- text skip the provider; `vector` is little-endian float32 of unit length, NULL when embedding
-- failed; `stamp` (ms) orders writes, so a per-owner cache reads only what changed. Not backed up.
CREATE TABLE belief_vectors (
  belief_id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  model TEXT NOT NULL,
  source_updated_at TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  vector BLOB,
  stamp INTEGER NOT NULL
);
CREATE INDEX belief_vectors_owner ON belief_vectors (owner, model, stamp);

-- A purged belief's vector goes with it (it is derived from the text).
CREATE TRIGGER belief_vectors_purge AFTER DELETE ON beliefs BEGIN
  DELETE FROM belief_vectors WHERE belief_id = old.id;
END;
