-- When each owner's memory was last forgotten, as schema/0022_forget_fence.sql on SQLite: extraction
-- of words any node received before it never writes after it.
CREATE TABLE owner_forgets (
  owner TEXT COLLATE "C" PRIMARY KEY,
  forgotten_at BIGINT NOT NULL
);
