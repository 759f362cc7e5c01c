-- When each owner's memory was last forgotten (POST /admin/api/forget), in milliseconds since the
-- epoch: extraction of words any node received before it never writes after it (API.md §4).
-- Checked inside the extraction's own write, so it holds across processes sharing the database.
CREATE TABLE owner_forgets (
  owner TEXT PRIMARY KEY,
  forgotten_at INTEGER NOT NULL
);
