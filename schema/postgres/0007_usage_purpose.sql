-- Usage by purpose and by person (API.md §12), as schema/0021_usage_purpose.sql on SQLite:
-- `purpose` separates the service's own model calls from chat, `generation` is the SCIM id of
-- the person served ('' for root and users not provisioned through SCIM).

ALTER TABLE usage_daily ADD COLUMN generation TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE usage_daily ADD COLUMN purpose TEXT COLLATE "C" NOT NULL DEFAULT 'chat';
ALTER TABLE usage_daily DROP CONSTRAINT usage_daily_pkey;
ALTER TABLE usage_daily ADD PRIMARY KEY (day, user_name, generation, token_id, model, purpose);
CREATE INDEX usage_daily_generation ON usage_daily (generation) WHERE generation <> '';
