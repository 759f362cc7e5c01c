-- Memory precision (API.md §7, §11, §12). Beliefs gain aliases (other names they answer to) and
-- participants (the beliefs a relation links), both JSON arrays of strings. A PAT may carry a
-- default memory scope. Every injection is recorded as a receipt, with one row per carried
-- belief so a belief's page can list the injections that carried it. Counters hold service-wide
-- tallies (invalid extraction outputs, dropped extractions) shown on the dashboard.

ALTER TABLE beliefs ADD COLUMN aliases TEXT NOT NULL DEFAULT '[]';
ALTER TABLE beliefs ADD COLUMN participants TEXT NOT NULL DEFAULT '[]';
ALTER TABLE backup_stage_beliefs ADD COLUMN aliases TEXT NOT NULL DEFAULT '[]';
ALTER TABLE backup_stage_beliefs ADD COLUMN participants TEXT NOT NULL DEFAULT '[]';

ALTER TABLE api_tokens ADD COLUMN scope TEXT;

CREATE TABLE injections (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  created_at TEXT NOT NULL,
  model TEXT NOT NULL,
  scope TEXT NOT NULL,
  query TEXT NOT NULL,
  persona TEXT,
  pinned TEXT NOT NULL,
  relevant TEXT NOT NULL,
  questions TEXT NOT NULL,
  related TEXT NOT NULL
);
CREATE INDEX injections_owner_created ON injections (owner, created_at);
CREATE INDEX injections_created ON injections (created_at);

CREATE TABLE injection_beliefs (
  injection_id TEXT NOT NULL,
  belief_id TEXT NOT NULL,
  PRIMARY KEY (belief_id, injection_id)
);
CREATE INDEX injection_beliefs_injection ON injection_beliefs (injection_id);

CREATE TABLE counters (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
