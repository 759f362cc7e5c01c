-- Team controls (API.md §2, §12). A PAT may expire (expires_at, null = never). Chat usage is
-- aggregated per UTC day, user, PAT and model: one row per key, added to after each response.
-- The PAT is '' for dashboard sessions and the root token. Rows older than the retention
-- (lib/stores/usage.ts) are pruned.

ALTER TABLE api_tokens ADD COLUMN expires_at TEXT;

CREATE TABLE usage_daily (
  day TEXT NOT NULL,
  user_name TEXT NOT NULL,
  token_id TEXT NOT NULL,
  model TEXT NOT NULL,
  requests INTEGER NOT NULL DEFAULT 0,
  errors INTEGER NOT NULL DEFAULT 0,
  prompt_tokens INTEGER NOT NULL DEFAULT 0,
  completion_tokens INTEGER NOT NULL DEFAULT 0,
  injected INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, user_name, token_id, model)
);
CREATE INDEX usage_daily_user_day ON usage_daily (user_name, day);
