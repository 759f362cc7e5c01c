-- What the nodes sharing this database coordinate through (docs/multinode.md).

-- Counters of the per-user rate limit and the failed-authentication limit, shared by every node.
-- Unlogged: runtime state, not data (no WAL, emptied by a crash, never backed up).
CREATE UNLOGGED TABLE rate_minutes (
  key TEXT COLLATE "C" NOT NULL,
  minute BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key, minute)
);
CREATE UNLOGGED TABLE auth_failures (
  address TEXT COLLATE "C" NOT NULL,
  at_ms BIGINT NOT NULL
);
CREATE INDEX auth_failures_address ON auth_failures (address, at_ms);

-- A change that can end a credential (by the service or by an operator's SQL) wakes every node's
-- socket re-check at once, rather than at its next poll.
CREATE FUNCTION belief_store_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('belief_store_credentials', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER api_tokens_ended AFTER UPDATE OF revoked_at, expires_at, user_name OR DELETE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION belief_store_credentials_changed();
CREATE TRIGGER users_ended AFTER UPDATE OF active, deleted_at OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION belief_store_credentials_changed();
CREATE TRIGGER sessions_ended AFTER UPDATE OF terminated_at OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION belief_store_credentials_changed();
CREATE TRIGGER meta_root_token AFTER UPDATE OR DELETE ON meta
  FOR EACH STATEMENT EXECUTE FUNCTION belief_store_credentials_changed();
