-- Failed authentications are pruned oldest first once the table passes its size bound
-- (lib/adapters/node/pg-limits.ts), which needs them ordered by time across addresses.
CREATE INDEX auth_failures_at ON auth_failures (at_ms);
