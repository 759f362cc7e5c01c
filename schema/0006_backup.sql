-- Backup import staging: records land here (keyed by import id) while the archive streams in and
-- authenticates; one atomic change copies them into the real tables after the final chunk and
-- deletes them. A failed import deletes its rows, so the real tables never see a partial archive.

CREATE TABLE backup_stage_beliefs (
  import_id TEXT NOT NULL,
  id TEXT NOT NULL,
  owner TEXT NOT NULL,
  type TEXT NOT NULL,
  key TEXT,
  statement TEXT NOT NULL,
  norm_statement TEXT NOT NULL,
  scope TEXT NOT NULL,
  pinned INTEGER NOT NULL,
  confidence REAL NOT NULL,
  status TEXT NOT NULL,
  source_kind TEXT NOT NULL,
  conversation_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  superseded_at TEXT,
  superseded_by TEXT,
  reinforced_count INTEGER NOT NULL,
  injected_count INTEGER NOT NULL,
  last_injected_at TEXT,
  PRIMARY KEY (import_id, id)
);

CREATE TABLE backup_stage_history (
  import_id TEXT NOT NULL,
  id TEXT NOT NULL,
  belief_id TEXT NOT NULL,
  event TEXT NOT NULL,
  at TEXT NOT NULL,
  actor TEXT,
  detail TEXT,
  PRIMARY KEY (import_id, id)
);

CREATE TABLE backup_stage_compaction (
  import_id TEXT NOT NULL,
  id TEXT NOT NULL,
  owner TEXT NOT NULL,
  at TEXT NOT NULL,
  before_count INTEGER NOT NULL,
  after_count INTEGER NOT NULL,
  merged TEXT NOT NULL,
  PRIMARY KEY (import_id, id)
);

CREATE TABLE backup_stage_persona (
  import_id TEXT NOT NULL,
  owner TEXT NOT NULL,
  persona TEXT NOT NULL,
  belief_count INTEGER NOT NULL,
  built_at TEXT NOT NULL,
  PRIMARY KEY (import_id, owner)
);
