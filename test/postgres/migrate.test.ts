import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../lib/adapters/node/server.ts';
import { cleanupTempDirs, listeningUrl, npmStart, runToExit, tempDir } from '../support/npm-start.ts';
import { runScript } from '../support/scripts.ts';
import { sharedPostgres } from '../support/shared-postgres.ts';
import { PROXY_HEADER, ROOT_TOKEN, teamsEnv } from '../support/targets.ts';

afterAll(cleanupTempDirs);

const root = { authorization: `Bearer ${ROOT_TOKEN}`, 'content-type': 'application/json' };

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = root) {
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const start = (env: Record<string, string>) => startServer({ env, port: 0, log: () => {}, say: () => {} });

describe('npm run migrate-to-postgres copies a SQLite instance into PostgreSQL', { timeout: 90_000 }, () => {
  it('copies beliefs, history, users, tokens, config and keys so the PostgreSQL-backed service carries on; a non-empty database is refused', async () => {
    const dir = tempDir();
    const sqliteEnv = teamsEnv({ SERVICE_DATA_DIR: dir });
    const before = await start(sqliteEnv);
    const kim = { [PROXY_HEADER]: 'kim@example.com', 'content-type': 'application/json' };
    const pat = await call(before.url, 'POST', '/admin/api/tokens', { name: 'laptop' }, kim);
    expect(pat.status).toBe(201);
    const config = {
      providers: [{ id: 'oai', kind: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-kept-secret-1234', models: ['m1'] }],
      default_model: 'oai/m1',
    };
    expect((await call(before.url, 'PUT', '/admin/api/config', config)).status).toBe(200);
    for (const statement of ['The user lives in Lisbon', 'The user prefers green tea', 'The user works at Acme']) {
      expect((await call(before.url, 'POST', '/admin/api/beliefs', { statement, owner: 'kim@example.com' })).status).toBe(201);
    }
    const listed = await call(before.url, 'GET', '/admin/api/beliefs?owner=kim@example.com&status=all');
    const audit = await call(before.url, 'GET', '/admin/api/audit');
    await before.close();

    const url = await sharedPostgres().createDatabase();
    const moved = await runScript('migrate-to-postgres.ts', [], { SERVICE_DATA_DIR: dir, SERVICE_DATABASE_URL: url });
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/copied \d+ rows \(3 beliefs, \d+ tables\)/);

    const after = await start({ ...sqliteEnv, SERVICE_DATABASE_URL: url });
    try {
      expect(after.sqlite).toBeUndefined();
      const relisted = await call(after.url, 'GET', '/admin/api/beliefs?owner=kim@example.com&status=all');
      expect(relisted.body).toEqual(listed.body);
      expect((await call(after.url, 'GET', '/admin/api/audit')).body.data).toEqual(audit.body.data);
      const found = await call(after.url, 'GET', '/admin/api/beliefs?owner=kim@example.com&q=lisbon');
      expect(found.body.data.map((b: { statement: string }) => b.statement)).toEqual(['The user lives in Lisbon']);
      const models = await fetch(`${after.url}/v1/models`, { headers: { authorization: `Bearer ${pat.body.token}` } });
      expect(models.status).toBe(200);
      const stored = await call(after.url, 'GET', '/admin/api/config');
      expect(JSON.stringify(stored.body)).toContain('1234');
      const more = await call(after.url, 'POST', '/admin/api/beliefs', { statement: 'The user plays chess', owner: 'kim@example.com' });
      expect(more.status).toBe(201);
    } finally {
      await after.close();
    }

    // The file is marked as moved; without the mark a second copy would still meet a database that is not empty.
    const unmarked = new BetterSqlite3(join(dir, 'belief-store.db'));
    unmarked.prepare('DELETE FROM meta WHERE key = ?').run('moved_to_postgres');
    unmarked.close();
    const again = await runScript('migrate-to-postgres.ts', [], { SERVICE_DATA_DIR: dir, SERVICE_DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/nothing was copied: the PostgreSQL database is not empty/);
  });

  it('one database per instance: npm start on the moved file refuses (exit 2, one line naming it and SERVICE_DATABASE_URL), so does a second move; SERVICE_SERVE_MOVED_SQLITE=true serves it anyway', async () => {
    const dir = tempDir();
    const env = teamsEnv({ SERVICE_DATA_DIR: dir });
    const before = await start(env);
    expect((await call(before.url, 'POST', '/admin/api/beliefs', { statement: 'The user lives in Lisbon' })).status).toBe(201);
    await before.close();
    const url = await sharedPostgres().createDatabase();
    expect((await runScript('migrate-to-postgres.ts', [], { SERVICE_DATA_DIR: dir, SERVICE_DATABASE_URL: url })).code).toBe(0);
    const file = join(dir, 'belief-store.db');

    const refused = await runToExit(env);
    expect(refused.code).toBe(2);
    expect(refused.stdout).not.toContain('listening on');
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(lines[0]).toMatch(/^belief-store: refusing to start: SERVICE_DATABASE_URL: .+ was moved to PostgreSQL \(postgres:\/\/.+\)/);
    expect(lines[0]).not.toMatch(/at [\w/]+\.(ts|js|mjs):\d+/);

    const second = await runScript('migrate-to-postgres.ts', [], { SERVICE_DATA_DIR: dir, SERVICE_DATABASE_URL: await sharedPostgres().createDatabase() });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/was moved to PostgreSQL already \(postgres:\/\/.+\); serve that database with SERVICE_DATABASE_URL \(nothing was copied\)/);

    const forced = npmStart({ ...env, SERVICE_SERVE_MOVED_SQLITE: 'true' });
    try {
      const served = await listeningUrl(forced);
      const listed = await call(served, 'GET', '/admin/api/beliefs');
      expect(listed.body.data.map((b: { statement: string }) => b.statement)).toEqual(['The user lives in Lisbon']);
    } finally {
      forced.child.kill('SIGTERM');
      await forced.exited;
    }
  });

  it('refuses while the service runs on the SQLite file, and refuses a column PostgreSQL lacks, naming it; nothing is copied', async () => {
    const dir = tempDir();
    const env = teamsEnv({ SERVICE_DATA_DIR: dir });
    const server = await start(env);
    const url = await sharedPostgres().createDatabase();
    try {
      expect((await call(server.url, 'POST', '/admin/api/beliefs', { statement: 'The user lives in Lisbon' })).status).toBe(201);
      const busy = await runScript('migrate-to-postgres.ts', [], { SERVICE_DATA_DIR: dir, SERVICE_DATABASE_URL: url });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/belief-store\.db is in use, most likely by the running service: stop it first/);
      // The service was not disturbed.
      expect((await call(server.url, 'POST', '/admin/api/beliefs', { statement: 'The user plays chess' })).status).toBe(201);
    } finally {
      await server.close();
    }
    const file = new BetterSqlite3(join(dir, 'belief-store.db'));
    file.exec('ALTER TABLE beliefs ADD COLUMN mood TEXT');
    file.close();
    const lacking = await runScript('migrate-to-postgres.ts', [], { SERVICE_DATA_DIR: dir, SERVICE_DATABASE_URL: url });
    expect(lacking.code).toBe(1);
    expect(lacking.stderr).toMatch(/nothing was copied: column beliefs\.mood has no counterpart in the PostgreSQL schema/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query('SELECT count(*)::int AS n FROM beliefs')).rows).toEqual([{ n: 0 }]);
      expect((await client.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
    }
  });

  it('marks the SQLite file as moved: reown then refuses it, runs on PostgreSQL instead, and refuses while a node is connected', async () => {
    const dir = tempDir();
    const env = teamsEnv({ SERVICE_DATA_DIR: dir });
    const before = await start(env);
    for (const statement of ['The user lives in Lisbon', 'The user prefers green tea']) {
      expect((await call(before.url, 'POST', '/admin/api/beliefs', { statement })).status).toBe(201);
    }
    await before.close();
    const url = await sharedPostgres().createDatabase();
    const moved = await runScript('migrate-to-postgres.ts', [], { SERVICE_DATA_DIR: dir, SERVICE_DATABASE_URL: url });
    expect(moved.code).toBe(0);

    const stale = await runScript('reown.ts', ['--to', 'kim@example.com'], { SERVICE_DATA_DIR: dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/was moved to PostgreSQL \(postgres:\/\/.+\): set SERVICE_DATABASE_URL to reown there \(nothing was moved\)/);
    const file = new BetterSqlite3(join(dir, 'belief-store.db'), { readonly: true });
    expect(file.prepare(`SELECT count(*) AS n FROM beliefs WHERE owner = 'root'`).get()).toEqual({ n: 2 });
    file.close();

    const node = await start({ ...env, SERVICE_DATABASE_URL: url });
    try {
      const busy = await runScript('reown.ts', ['--to', 'kim@example.com'], { SERVICE_DATA_DIR: dir, SERVICE_DATABASE_URL: url });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/the service is connected to postgres:\/\/.+ \(\d+ connections\): stop every node first \(nothing was moved\)/);
      expect((await call(node.url, 'GET', '/admin/api/beliefs?status=all')).body.data).toHaveLength(2);
    } finally {
      await node.close();
    }

    const done = await runScript('reown.ts', ['--to', 'kim@example.com'], { SERVICE_DATA_DIR: dir, SERVICE_DATABASE_URL: url });
    expect(done.stderr).toBe('');
    expect(done.stdout).toContain('moved 2 beliefs from "root" to "kim@example.com"');
    const after = await start({ ...env, SERVICE_DATABASE_URL: url });
    try {
      const kim = { [PROXY_HEADER]: 'kim@example.com', 'content-type': 'application/json' };
      const found = await call(after.url, 'GET', '/admin/api/beliefs?q=lisbon', undefined, kim);
      expect(found.body.data.map((b: { statement: string }) => b.statement)).toEqual(['The user lives in Lisbon']);
      expect((await call(after.url, 'GET', '/admin/api/beliefs?status=all')).body.data).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
