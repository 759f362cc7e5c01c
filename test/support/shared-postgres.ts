import { inject } from 'vitest';
import { databases, type Postgres } from './postgres.ts';

/** The run's PostgreSQL cluster (started by global-setup.ts): its admin URL and fresh databases in it. */
export function sharedPostgres(): Omit<Postgres, 'stop'> {
  const url = inject('postgresUrl');
  if (!url) throw new Error('no PostgreSQL cluster: test/support/global-setup.ts did not start one');
  return { url, ...databases(url) };
}
