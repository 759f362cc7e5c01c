import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../lib/adapters/node/server.ts';
import { call } from '../support/http.ts';
import { cleanupTempDirs, tempDir } from '../support/npm-start.ts';
import { runScript } from '../support/scripts.ts';
import { singleEnv, teamsEnv } from '../support/targets.ts';
import { as } from '../support/as.ts';

afterAll(cleanupTempDirs);

/** What `npm run reown -- ARGS` runs. */
const reown = (args: string[], dataDir: string) => runScript('reown.ts', args, { SERVICE_DATA_DIR: dataDir });

const start = (env: Record<string, string>, dir: string) => startServer({ env: { ...env, SERVICE_DATA_DIR: dir }, port: 0, log: () => {}, say: () => {} });

async function beliefs(s: RunningServer, headers: Record<string, string>, query = '') {
  const res = await call(s, `/admin/api/beliefs?status=all${query}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: { statement: string; owner: string }[]; total: number };
}

describe('single → teams: npm run reown moves root’s beliefs to a named user', { timeout: 60_000 }, () => {
  it('moves every belief atomically, keeps them searchable for the new owner, and refuses to merge', async () => {
    const dir = tempDir();
    let server = await start(singleEnv(), dir);
    for (const statement of ['Prefers green tea', 'Works at Acme', 'Learning Japanese']) {
      const res = await call(server, '/admin/api/beliefs', { method: 'POST', headers: as.root(), json: { statement } });
      expect(res.status).toBe(201);
    }
    await server.close();
    // A vector of one of root's beliefs, as the embedding queue stores it: it moves with its belief.
    const file = join(dir, 'belief-store.db');
    const sqlite = new BetterSqlite3(file);
    sqlite
      .prepare(
        `INSERT INTO belief_vectors (belief_id, owner, model, source_updated_at, text_hash, vector, stamp) SELECT id, owner, 'oai/e', updated_at, 'h', x'0000803f', 1 FROM beliefs LIMIT 1`,
      )
      .run();
    sqlite.close();

    const refused = await reown(['--to', 'root'], dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('reserved');

    // --to is a userName like any other: the archive prefix, control characters, a Kelvin sign or a name too long once folded are refused (exit 2).
    for (const to of ['~deleted/x/alice@example.com', 'tab\there@example.com', '\u212Aate@example.com', `${'İ'.repeat(200)}@example.com`]) {
      const bad = await reown(['--to', to], dir);
      expect(bad.code, to).toBe(2);
      expect(bad.stderr, to).toMatch(/^reown: --to: .*\(nothing was moved\)\n$/);
    }

    const moved = await reown(['--to', 'Alice@Example.com'], dir);
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain('moved 3 beliefs from "root" to "alice@example.com"');
    const vectors = new BetterSqlite3(file, { readonly: true });
    expect(vectors.prepare('SELECT owner FROM belief_vectors').all()).toEqual([{ owner: 'alice@example.com' }]);
    vectors.close();

    server = await start(teamsEnv(), dir);
    try {
      const alice = as.user('alice@example.com');
      const own = await beliefs(server, alice);
      expect(own.total).toBe(3);
      expect(new Set(own.data.map((b) => b.owner))).toEqual(new Set(['alice@example.com']));
      expect((await beliefs(server, alice, '&q=japanese')).data.map((b) => b.statement)).toEqual(['Learning Japanese']);
      expect((await beliefs(server, as.root())).total).toBe(0);
      const audit = await call(server, '/admin/api/audit?action=beliefs.reowned', { headers: as.root() });
      expect((await audit.json()).data).toMatchObject([{ actor: 'operator', target: 'alice@example.com', detail: { from: 'root', beliefs: 3 } }]);
    } finally {
      await server.close();
    }

    const again = await reown(['--to', 'bob@example.com', '--from', 'alice@example.com'], dir);
    expect(again.code).toBe(0);
    const merge = await reown(['--to', 'bob@example.com', '--from', 'root'], dir);
    expect(merge.code).toBe(1);
    expect(merge.stderr).toContain('"root" owns no beliefs');
  });

  it('moves the persona along with the beliefs, as it was built', async () => {
    const dir = tempDir();
    let server = await start(singleEnv(), dir);
    let before: { persona: string; built_at: string };
    try {
      const res = await call(server, '/admin/api/beliefs', {
        method: 'POST',
        headers: as.root(),
        json: { statement: 'The user is allergic to penicillin', key: 'user.allergy.penicillin' },
      });
      expect(res.status).toBe(201);
      before = await (await call(server, '/admin/api/persona', { headers: as.root() })).json();
      expect(before.persona).toContain('penicillin');
    } finally {
      await server.close();
    }
    expect((await reown(['--to', 'alice@example.com'], dir)).code).toBe(0);
    server = await start(teamsEnv(), dir);
    try {
      const res = await call(server, '/admin/api/persona?owner=alice@example.com', { headers: as.root() });
      expect(await res.json()).toEqual({ owner: 'alice@example.com', persona: before.persona, belief_count: 1, built_at: before.built_at });
    } finally {
      await server.close();
    }
  });

  it('refuses while the service runs on the data, and moves nothing', async () => {
    const dir = tempDir();
    const server = await start(singleEnv(), dir);
    try {
      const res = await call(server, '/admin/api/beliefs', { method: 'POST', headers: as.root(), json: { statement: 'Prefers green tea' } });
      expect(res.status).toBe(201);
      const busy = await reown(['--to', 'alice@example.com'], dir);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/^reown: .*belief-store\.db is in use, most likely by the running service: stop it first \(nothing was changed\)\n$/);
      expect((await beliefs(server, as.root())).total).toBe(1);
      // The running service keeps writing.
      expect((await call(server, '/admin/api/beliefs', { method: 'POST', headers: as.root(), json: { statement: 'Works at Acme' } })).status).toBe(201);
    } finally {
      await server.close();
    }
    const moved = await reown(['--to', 'alice@example.com'], dir);
    expect(moved.stdout).toContain('moved 2 beliefs');
  });

  it('refuses to merge into a user who already owns beliefs, and moves nothing', async () => {
    const dir = tempDir();
    const server = await start(teamsEnv(), dir);
    try {
      for (const [owner, statement] of [
        ['root', 'Root note'],
        ['carol@example.com', 'Carol note'],
      ]) {
        const res = await call(server, '/admin/api/beliefs', { method: 'POST', headers: as.root(), json: { statement, owner } });
        expect(res.status).toBe(201);
      }
    } finally {
      await server.close();
    }
    const merge = await reown(['--to', 'carol@example.com'], dir);
    expect(merge.code).toBe(1);
    expect(merge.stderr).toContain('already owns 1 beliefs');
    const after = await start(teamsEnv(), dir);
    try {
      expect((await beliefs(after, as.root())).total).toBe(1);
    } finally {
      await after.close();
    }
  });
});
