-- Belief Store initial schema. Frozen once released: later changes go in new numbered files.

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  user_name TEXT NOT NULL,
  user_name_lc TEXT NOT NULL UNIQUE,
  active INTEGER NOT NULL DEFAULT 1,
  scim_managed INTEGER NOT NULL DEFAULT 0,
  scim_id TEXT UNIQUE,
  external_id TEXT,
  display_name TEXT,
  scim_resource TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);

CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  user_name TEXT NOT NULL,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  token_prefix TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  revoked_by TEXT
);
CREATE INDEX api_tokens_user ON api_tokens (user_name);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  terminated_at TEXT
);
CREATE INDEX sessions_user ON sessions (user_name);

CREATE TABLE beliefs (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  type TEXT NOT NULL,
  key TEXT,
  statement TEXT NOT NULL,
  norm_statement TEXT NOT NULL,
  scope TEXT NOT NULL DEFAULT 'universal',
  pinned INTEGER NOT NULL DEFAULT 0,
  confidence REAL NOT NULL DEFAULT 0.8,
  status TEXT NOT NULL DEFAULT 'active',
  source_kind TEXT NOT NULL,
  conversation_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  superseded_at TEXT,
  superseded_by TEXT,
  reinforced_count INTEGER NOT NULL DEFAULT 0,
  injected_count INTEGER NOT NULL DEFAULT 0,
  last_injected_at TEXT
);
CREATE INDEX beliefs_owner_status ON beliefs (owner, status, updated_at);
CREATE INDEX beliefs_owner_key ON beliefs (owner, key, status);
CREATE INDEX beliefs_owner_norm ON beliefs (owner, norm_statement, status);

CREATE VIRTUAL TABLE beliefs_fts USING fts5 (
  statement, key, content = 'beliefs', content_rowid = 'rowid'
);
CREATE TRIGGER beliefs_fts_insert AFTER INSERT ON beliefs BEGIN
  INSERT INTO beliefs_fts (rowid, statement, key) VALUES (new.rowid, new.statement, coalesce(new.key, ''));
END;
CREATE TRIGGER beliefs_fts_delete AFTER DELETE ON beliefs BEGIN
  INSERT INTO beliefs_fts (beliefs_fts, rowid, statement, key) VALUES ('delete', old.rowid, old.statement, coalesce(old.key, ''));
END;
CREATE TRIGGER beliefs_fts_update AFTER UPDATE OF statement, key ON beliefs BEGIN
  INSERT INTO beliefs_fts (beliefs_fts, rowid, statement, key) VALUES ('delete', old.rowid, old.statement, coalesce(old.key, ''));
  INSERT INTO beliefs_fts (rowid, statement, key) VALUES (new.rowid, new.statement, coalesce(new.key, ''));
END;

CREATE TABLE belief_history (
  id TEXT PRIMARY KEY,
  belief_id TEXT NOT NULL,
  event TEXT NOT NULL,
  at TEXT NOT NULL,
  actor TEXT,
  detail TEXT
);
CREATE INDEX belief_history_belief ON belief_history (belief_id, at);

CREATE TABLE persona_cache (
  owner TEXT PRIMARY KEY,
  persona TEXT NOT NULL,
  belief_count INTEGER NOT NULL,
  built_at TEXT NOT NULL
);

CREATE TABLE compaction_history (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  at TEXT NOT NULL,
  before_count INTEGER NOT NULL,
  after_count INTEGER NOT NULL,
  merged TEXT NOT NULL
);
CREATE INDEX compaction_history_owner ON compaction_history (owner, at);

CREATE TABLE runtime_config (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  config TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE credentials (
  provider_id TEXT PRIMARY KEY,
  ciphertext TEXT NOT NULL,
  hint TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE audit_events (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  detail TEXT
);
CREATE INDEX audit_events_at ON audit_events (at);
