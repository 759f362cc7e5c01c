import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, listeningUrl, npmStart, runToExit } from '../support/npm-start.ts';
import { sharedPostgres } from '../support/shared-postgres.ts';
import { singleEnv } from '../support/targets.ts';

afterAll(cleanupTempDirs);

const PASSWORD = 'Pa55-word-never-printed';

/** The cluster's URL for `database`, carrying a password (the test cluster trusts local connections, so any password connects). */
function withPassword(url: string, database?: string): string {
  const u = new URL(url);
  u.password = PASSWORD;
  if (database) u.pathname = `/${database}`;
  return u.toString();
}

function expectRefusal(result: { code: number | null; stderr: string; stdout: string }, why: RegExp): void {
  expect(result.code).toBe(2);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('SERVICE_DATABASE_URL');
  expect(lines[0]).toMatch(why);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr + result.stdout).not.toContain(PASSWORD);
}

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

describe('npm start on PostgreSQL (SERVICE_DATABASE_URL)', { timeout: 60_000 }, () => {
  it.each([
    ['not a URL', `not a url ${PASSWORD}`],
    ['another scheme', `mysql://app:${PASSWORD}@db.internal/belief`],
    ['no database name', `postgres://app:${PASSWORD}@db.internal`],
    ['no host', `postgres://app:${PASSWORD}@/belief`],
  ])('refuses a malformed URL (%s) in one line, exit 2, no password', async (_, url) => {
    expectRefusal(await runToExit(singleEnv({ SERVICE_DATABASE_URL: url })), /must be a URL such as postgres:/);
  });

  it('refuses an unreachable database within seconds, naming it without the password', async () => {
    const port = await closedPort();
    const started = Date.now();
    const result = await runToExit(singleEnv({ SERVICE_DATABASE_URL: `postgres://app:${PASSWORD}@127.0.0.1:${port}/belief` }));
    expectRefusal(result, new RegExp(`postgres://app@127\\.0\\.0\\.1:${port}/belief.*ECONNREFUSED`));
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses a database that does not exist, and TLS the server does not offer (sslmode in the URL)', async () => {
    const cluster = sharedPostgres();
    expectRefusal(await runToExit(singleEnv({ SERVICE_DATABASE_URL: withPassword(cluster.url, 'no_such_db') })), /does not exist/);
    const tls = `${withPassword(cluster.url, 'postgres')}?sslmode=verify-full`;
    expectRefusal(await runToExit(singleEnv({ SERVICE_DATABASE_URL: tls })), /SSL/);
  });

  it.each([['0'], ['many'], ['100000']])('refuses SERVICE_DATABASE_POOL_SIZE=%s', async (size) => {
    const result = await runToExit(singleEnv({ SERVICE_DATABASE_URL: 'postgres://app@db.internal/belief', SERVICE_DATABASE_POOL_SIZE: size }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('SERVICE_DATABASE_POOL_SIZE');
  });

  it('serves from PostgreSQL, names the database (never the password) at start-up, and two nodes started together migrate once', async () => {
    const cluster = sharedPostgres();
    const url = withPassword(await cluster.createDatabase());
    const env = singleEnv({ SERVICE_DATABASE_URL: url, SERVICE_DATABASE_POOL_SIZE: '3' });
    const nodes = [npmStart(env), npmStart(env)];
    try {
      const bases = await Promise.all(nodes.map(listeningUrl));
      for (const n of nodes) {
        expect(n.output.stdout).toMatch(/database=postgres:\/\/postgres@127\.0\.0\.1:\d+\/bs_\w+[,)]/);
        expect(n.output.stdout + n.output.stderr).not.toContain(PASSWORD);
      }
      for (const base of bases) expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const migrations = await db.query('SELECT name FROM schema_migrations');
        expect(migrations.rows.map((r) => r.name).sort()).toEqual(
          readdirSync('schema/postgres')
            .filter((f) => f.endsWith('.sql'))
            .sort(),
        );
        const tables = await db.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('beliefs', 'api_tokens', 'belief_vocab')`);
        expect(tables.rows[0].n).toBe(3);
      } finally {
        await db.end();
      }
    } finally {
      for (const n of nodes) n.child.kill('SIGTERM');
      await Promise.all(nodes.map((n) => n.exited));
    }
  });
});
