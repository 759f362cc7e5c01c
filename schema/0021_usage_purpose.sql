-- Usage by purpose and by person (API.md §12). `purpose` separates the service's own model calls
-- (extraction, persona, embeddings: token_id '') from chat. `generation` is the SCIM id of the
-- person served when the row was counted ('' for root and users not provisioned through SCIM):
-- a userName deleted and provisioned again is a new person whose counts start at zero, while
-- the old rows stay readable under the archive owner (lib/stores/usage.ts). The primary key
-- grows by both columns, so the table is rebuilt.

CREATE TABLE usage_daily_next (
  day TEXT NOT NULL,
  user_name TEXT NOT NULL,
  generation TEXT NOT NULL DEFAULT '',
  token_id TEXT NOT NULL,
  model TEXT NOT NULL,
  purpose TEXT NOT NULL DEFAULT 'chat',
  requests INTEGER NOT NULL DEFAULT 0,
  errors INTEGER NOT NULL DEFAULT 0,
  prompt_tokens INTEGER NOT NULL DEFAULT 0,
  completion_tokens INTEGER NOT NULL DEFAULT 0,
  injected INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, user_name, generation, token_id, model, purpose)
);
INSERT INTO usage_daily_next (day, user_name, token_id, model, requests, errors, prompt_tokens, completion_tokens, injected)
  SELECT day, user_name, token_id, model, requests, errors, prompt_tokens, completion_tokens, injected FROM usage_daily ORDER BY rowid;
DROP TABLE usage_daily;
ALTER TABLE usage_daily_next RENAME TO usage_daily;
CREATE INDEX usage_daily_user_day ON usage_daily (user_name, day);
CREATE INDEX usage_daily_generation ON usage_daily (generation) WHERE generation <> '';
