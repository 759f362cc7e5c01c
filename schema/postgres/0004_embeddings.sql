-- Belief vectors for semantic recall (docs/embeddings.md), as schema/0018_embeddings.sql: without
-- pgvector, a vector is bytea (little-endian float32, unit length) and similarity is computed in
-- the process.
CREATE TABLE belief_vectors (
  belief_id TEXT COLLATE "C" PRIMARY KEY,
  owner TEXT COLLATE "C" NOT NULL,
  model TEXT COLLATE "C" NOT NULL,
  source_updated_at TEXT COLLATE "C" NOT NULL,
  text_hash TEXT COLLATE "C" NOT NULL,
  vector BYTEA,
  stamp BIGINT NOT NULL
);
CREATE INDEX belief_vectors_owner ON belief_vectors (owner, model, stamp);

CREATE FUNCTION belief_store_vectors_purge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM belief_vectors WHERE belief_id = OLD.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER belief_vectors_purge AFTER DELETE ON beliefs
  FOR EACH ROW EXECUTE FUNCTION belief_store_vectors_purge();
