import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, startService, type Service } from './service.ts';
import { PROXY_SECRET, SCIM_TOKEN, serveDatabaseFile, singleEnv, startTarget, teamsEnv } from '../support/targets.ts';
import { exportArchive, PASSPHRASE, root } from '../backup/helpers.ts';

/**
 * API.md §1: a crash at any instant loses no acknowledged write and leaves no half-applied import
 * or supersession. Each case SIGKILLs the real server process (`npm start`'s node) and starts it
 * again on the same data dir.
 */
const N = 8_000;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) {
    killLeftovers(d);
    rmSync(d, { recursive: true, force: true });
  }
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bs-kill-'));
  dirs.push(dir);
  return dir;
}

const runtimes = [
  ['node', {}, (dir: string) => join(dir, 'belief-store.db')],
  // workerd: the import case kills the launcher and workerd; the write-load case the launcher alone, and workerd, in a
  // process group of its own, is then stopped (SIGKILL) by the next start.
  ['workerd', { SERVICE_RUNTIME: 'workerd', SERVICE_PROXY_SECRET: PROXY_SECRET }, serveDatabaseFile],
] as const;

const start = startService;

async function stop(server: Service): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** SIGKILLs the process `npm start` runs (Node: the server; workerd: the launcher, whose workerd may hold its output open). */
async function killed(server: Service): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** The whole tree crashes at once: the process `npm start` runs and, on workerd, workerd itself (its pid from workerd.pid). */
async function crashed(server: Service, dir: string): Promise<void> {
  const pidFile = join(dir, 'workerd.pid');
  const workerd = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : null;
  await killed(server);
  if (workerd) {
    try {
      process.kill(workerd, 'SIGKILL');
    } catch {
      // already gone
    }
    for (let i = 0; i < 50 && existsSync(`/proc/${workerd}`) && !readFileSync(`/proc/${workerd}/stat`, 'utf8').includes(') Z'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Opens the stopped server's database read-only: its integrity check and a count. */
function inspect(file: string, sql: string): { integrity: unknown; rows: unknown[] } {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return { integrity: db.pragma('integrity_check', { simple: true }), rows: db.prepare(sql).all() };
  } finally {
    db.close();
  }
}

async function importArchive(url: string, archive: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.append('passphrase', PASSPHRASE);
  form.append('archive', new Blob([Uint8Array.from(archive)]), 'kill.bsbk');
  return fetch(`${url}/admin/api/backup/import`, { method: 'POST', headers: root, body: form });
}

let archive: Uint8Array;
beforeAll(async () => {
  const source = await startTarget('node', singleEnv());
  try {
    await source.sql.run(
      `INSERT INTO beliefs (id, owner, type, statement, norm_statement, status, source_kind, created_at, updated_at)
       WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${N})
       SELECT printf('K%06d', i), 'root', 'fact', 'killed import statement ' || i, 'killed import statement ' || i, 'active', 'chat',
         '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM seq`,
    );
    archive = await exportArchive(source);
  } finally {
    await source.stop();
  }
}, 120_000);

describe.each(runtimes)('SIGKILL on %s', (_runtime, runtimeEnv, databaseFile) => {
  it('during a streamed import: after each restart the instance holds none or all of the archive; the import then succeeds, and again skips all', async () => {
    const dir = dataDir();
    const env = singleEnv({ SERVICE_DATA_DIR: dir, ...runtimeEnv });
    const count = "SELECT count(*) AS n FROM beliefs WHERE id LIKE 'K%'";
    // Kill points spread over the import: while the body uploads and stages, and while it commits.
    const delays = [150, 300, 500, 800, 1200, 1800, 2600, 3600];
    const seen: number[] = [];
    for (const delay of delays) {
      const server = await start(env);
      const pending = importArchive(server.url, archive).catch(() => null);
      await new Promise((r) => setTimeout(r, delay));
      await crashed(server, dir);
      const answered = await pending;
      const { integrity, rows } = inspect(databaseFile(dir), count);
      expect(integrity).toBe('ok');
      const n = (rows[0] as { n: number }).n;
      expect([0, N]).toContain(n);
      // An import acknowledged before the kill is all there.
      if (answered?.status === 200) expect(n).toBe(N);
      seen.push(n);
      if (n === N) break;
    }

    // The first kill comes long before the import could commit.
    expect(seen[0]).toBe(0);
    const server = await start(env);
    try {
      const first = await importArchive(server.url, archive);
      expect(first.status).toBe(200);
      const result = ((await first.json()) as { result: { beliefs_imported: number; beliefs_skipped: number } }).result;
      expect(result.beliefs_imported + result.beliefs_skipped).toBe(N);
      expect(result.beliefs_imported).toBe(seen.at(-1) === N ? 0 : N);
      const again = await importArchive(server.url, archive);
      expect(((await again.json()) as { result: unknown }).result).toMatchObject({ beliefs_imported: 0, beliefs_skipped: N });
    } finally {
      await stop(server);
    }
    const { integrity, rows } = inspect(databaseFile(dir), count);
    expect(integrity).toBe('ok');
    expect(rows).toEqual([{ n: N }]);
  }, 400_000);

  it('under write load (beliefs created and superseded, PATs created and revoked): every acknowledged write survives, revoked PATs stay revoked', async () => {
    const dir = dataDir();
    const env = teamsEnv({ SERVICE_DATA_DIR: dir, ...runtimeEnv });
    let server = await start(env);
    const scim = await fetch(`${server.url}/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SCIM_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'kim', active: true }),
    });
    expect(scim.status).toBe(201);
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { ...root, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const beliefs: string[] = [];
    const revoked: string[] = [];
    const created: { id: string; token: string }[] = [];
    let loading = true;
    const worker = async (w: number) => {
      for (let i = 0; loading && i < 5000; i++) {
        try {
          if (i % 3 === 0) {
            const res = await post('/admin/api/tokens', { name: `load ${w}.${i}`, user_name: 'kim' });
            if (res.status === 201) created.push((await res.json()) as { id: string; token: string });
          } else if (i % 3 === 1 && created.length > 0) {
            const pat = created.shift()!;
            const res = await fetch(`${server.url}/admin/api/tokens/${pat.id}`, { method: 'DELETE', headers: root });
            if (res.status === 204) revoked.push(pat.token);
            else created.push(pat);
          } else {
            // Four keys per worker: most writes supersede an active belief.
            const res = await post('/admin/api/beliefs', { owner: 'kim', statement: `Load statement ${w}.${i}`, key: `kill.w${w}.k${i % 4}`, type: 'fact' });
            if (res.status === 201) beliefs.push(((await res.json()) as { id: string }).id);
          }
        } catch {
          // the kill: an answer never received is no acknowledgement
        }
      }
    };
    const load = [0, 1, 2, 3].map(worker);
    await new Promise((r) => setTimeout(r, 2000));
    await killed(server);
    loading = false;
    await Promise.all(load);
    expect(beliefs.length).toBeGreaterThan(0);
    expect(revoked.length).toBeGreaterThan(0);

    server = await start(env);
    try {
      // workerd outlived its launcher; the new start stopped it before serving the same storage.
      if (_runtime === 'workerd') expect(server.output()).toContain('left running by an earlier start');
      for (const token of revoked.slice(0, 20)) {
        expect((await fetch(`${server.url}/v1/models`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
      }
      const sample = beliefs.filter((_, i) => i % Math.ceil(beliefs.length / 20) === 0);
      for (const id of sample) expect((await fetch(`${server.url}/admin/api/beliefs/${id}`, { headers: root })).status).toBe(200);
    } finally {
      await stop(server);
    }
    const db = new BetterSqlite3(databaseFile(dir), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const doubled = db.prepare("SELECT key FROM beliefs WHERE status = 'active' AND key LIKE 'kill.%' GROUP BY key HAVING count(*) > 1").all();
      expect(doubled).toEqual([]);
      const stored = new Set((db.prepare("SELECT id FROM beliefs WHERE owner = 'kim'").all() as { id: string }[]).map((r) => r.id));
      expect(beliefs.filter((id) => !stored.has(id))).toEqual([]);
      const row = db.prepare('SELECT revoked_at IS NOT NULL AS revoked FROM api_tokens WHERE token_hash = ?');
      for (const token of revoked) expect(row.get(createHash('sha256').update(token).digest('hex'))).toEqual({ revoked: 1 });
    } finally {
      db.close();
    }
  }, 240_000);
});
