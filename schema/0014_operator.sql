-- Beliefs by creation time: the dashboard overview counts beliefs learned per day over the last
-- two weeks, for everyone (admins) or one owner, without reading every belief.
CREATE INDEX beliefs_created ON beliefs (created_at);
