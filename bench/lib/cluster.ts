import { databases, startPostgres, type Postgres } from '../../test/support/postgres.ts';

/**
 * The PostgreSQL cluster a section measures on: the one whose admin URL BELIEF_STORE_POSTGRES_URL
 * gives (the test run's, for the smoke run; its databases are left to it), else a throwaway one.
 */
export async function benchCluster(): Promise<Postgres> {
  const url = process.env.BELIEF_STORE_POSTGRES_URL;
  if (url) return { url, ...databases(url), stop: async () => {} };
  return startPostgres();
}
