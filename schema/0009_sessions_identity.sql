-- Sessions end (idle and absolute lifetime, API.md §2). A session remembers which client opened
-- it (a hash of its User-Agent), so an identity-header request without a cookie reuses that
-- user's session for the same client instead of adding a row each time.

ALTER TABLE sessions ADD COLUMN client TEXT;
CREATE INDEX sessions_user_client ON sessions (user_name, client, last_seen_at);
CREATE INDEX sessions_last_seen ON sessions (last_seen_at);
