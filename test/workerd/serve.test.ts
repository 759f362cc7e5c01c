import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportArchive, importJson, seed, snapshot } from '../backup/helpers.ts';
import { putConfig, providersConfig } from '../chat/setup.ts';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { useTarget } from '../support/suites.ts';
import { PROXY_SECRET, ROOT_TOKEN, serveUrl, singleEnv, spawnServe, startTarget, teamsEnv, type ServeProcess, type Target } from '../support/targets.ts';
import { api, as, patFor } from '../support/as.ts';
import { Client } from '../world/ws-client.ts';

/**
 * `SERVICE_RUNTIME=workerd npm start` on the real workerd binary: start-up line and refusals,
 * data kept across a SIGTERM restart, backups between Node and workerd, chat and WebSockets.
 */

const dirs: string[] = [];
const procs: ServeProcess[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bs-serve-t-'));
  dirs.push(d);
  return d;
};
const serve = (env: Record<string, string>) => {
  const p = spawnServe(env);
  procs.push(p);
  return p;
};

afterAll(async () => {
  for (const p of procs) p.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('SERVICE_RUNTIME=workerd npm start', () => {
  let blocker: Server | null = null;
  afterEach(async () => {
    await new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r()));
    blocker = null;
  });

  it('prints the Node start-up line, writes a 0600 workerd.capnp and stops with exit 0 on SIGTERM', async () => {
    const dataDir = tempDir();
    const p = serve({ SERVICE_DATA_DIR: dataDir, SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: 'x-forwarded-user', SERVICE_PROXY_SECRET: 'p'.repeat(40) });
    const url = await serveUrl(p);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(p.output.stdout).toContain(`belief-store: generated a root token; it is in ${join(dataDir, 'root-token')}`);
    expect(p.output.stdout).toContain(
      `belief-store listening on ${url} (mode=teams, data dir=${dataDir}, identity header x-forwarded-user trusted only on requests carrying SERVICE_PROXY_SECRET), dashboard ${url}/admin`,
    );
    for (const file of ['workerd.capnp', 'worker.mjs', 'root-token', 'master.key']) expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'durable-objects', 'belief-store-database')).mode & 0o777).toBe(0o700);
    const capnp = readFileSync(join(dataDir, 'workerd.capnp'), 'utf8');
    expect(capnp).toContain('durableObjectStorage = (localDisk = "storage")');
    // Settings reach workerd through its environment, never written into the file (issue 28 N10).
    expect(capnp).toContain('(name = "SERVICE_PROXY_SECRET", fromEnvironment = "SERVICE_PROXY_SECRET")');
    expect(capnp).not.toContain('p'.repeat(40));
    expect(capnp).not.toContain(readFileSync(join(dataDir, 'root-token'), 'utf8').trim());
    expect(capnp).not.toContain(readFileSync(join(dataDir, 'master.key'), 'utf8').trim());
    // The worker writes only its storage and the generated root token's own directory, not the data dir.
    const writable = [...capnp.matchAll(/disk = \(path = "([^"]+)", writable = true\)/g)].map((m) => m[1]);
    expect(writable.sort()).toEqual([join(dataDir, 'durable-objects'), join(dataDir, 'root-token.d')]);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    p.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output.stdout + p.output.stderr).not.toContain('outdated driver');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: 'x-forwarded-user' }, /SERVICE_PROXY_SECRET is required when SERVICE_MODE=teams/],
    [{ SERVICE_MODE: 'team' }, /SERVICE_MODE must be "single" or "teams"/],
    [{ SERVICE_API_TOKEN: 'short' }, /SERVICE_API_TOKEN must be at least 32 characters/],
    [{ SERVICE_DATA_DIR: '/proc/belief-store' }, /SERVICE_DATA_DIR: \/proc\/belief-store is not a directory/],
    [
      { SERVICE_WORKERD_ALLOW_NETWORKS: 'local,intranet' },
      /SERVICE_WORKERD_ALLOW_NETWORKS: "intranet" is not "private", "local", an IP address or a CIDR range/,
    ],
  ])('refuses %o with one line and exit 2', async (env, message) => {
    const p = serve({ SERVICE_DATA_DIR: tempDir(), ...env });
    expect(await p.exited).toBe(2);
    expect(p.output.stderr).toMatch(message);
    expect(p.output.stderr.trim().split('\n')).toHaveLength(1);
    expect(p.output.stderr).toMatch(/^belief-store: refusing to start: /);
  });

  it('refuses a port already in use (exit 2, naming PORT) and a runtime it does not know', async () => {
    blocker = createServer();
    const port = await new Promise<number>((r) => blocker!.listen(0, '127.0.0.1', () => r((blocker!.address() as { port: number }).port)));
    const p = serve({ SERVICE_DATA_DIR: tempDir(), PORT: String(port) });
    expect(await p.exited).toBe(2);
    expect(p.output.stderr).toContain(`PORT: ${port} is already in use on 127.0.0.1`);
    const q = serve({ SERVICE_DATA_DIR: tempDir(), SERVICE_RUNTIME: 'deno' });
    expect(await q.exited).toBe(2);
    expect(q.output.stderr).toMatch(/^belief-store: refusing to start: SERVICE_RUNTIME must be "node" or "workerd"\n$/);
  });
});

describe('workerd serve keeps its data across restarts', () => {
  const alice = as.user('alice@example.com');
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(() => fake?.close());

  it('a belief, a PAT, a provider key and the generated secrets survive SIGTERM and a new start', async () => {
    const dataDir = tempDir();
    // Teams mode behind the test's SSO proxy, with generated root token and master key files.
    const env = teamsEnv({ SERVICE_DATA_DIR: dataDir });
    delete (env as Record<string, string | undefined>).SERVICE_ENCRYPTION_KEY;
    const first = await startTarget('workerd-serve', env, dataDir);
    const masterKey = readFileSync(join(dataDir, 'master.key'), 'utf8');
    let pat: { id: string; token: string };
    try {
      expect((await putConfig(first, providersConfig(fake))).status).toBe(200);
      pat = await patFor(first, 'alice@example.com');
      const created = await api(first, alice, 'POST', '/admin/api/beliefs', { statement: 'The user lives in Lisbon', key: 'user.location' });
      expect(created.status).toBe(201);
    } finally {
      first.process!.kill('SIGTERM');
      expect(await first.process!.exited).toBe(0);
      await first.stop();
    }
    expect(readFileSync(join(dataDir, 'master.key'), 'utf8')).toBe(masterKey);

    const second = await startTarget('workerd-serve', env, dataDir);
    try {
      expect(second.process!.output.stdout).not.toContain('generated a root token');
      const listed = await api(second, alice, 'GET', '/admin/api/beliefs?status=active');
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((b: { statement: string }) => b.statement)).toEqual(['The user lives in Lisbon']);
      // Search (FTS5 on the database object's SQLite) finds it after the restart.
      const found = await api(second, alice, 'GET', '/admin/api/beliefs?q=lisbon');
      expect(found.body.data.map((b: { statement: string }) => b.statement)).toEqual(['The user lives in Lisbon']);
      // A chat with the PAT injects the belief; the provider key opened with the same master key file.
      fake.reset();
      const openai = new OpenAI({ apiKey: pat.token, baseURL: `${second.url}/v1`, maxRetries: 0 });
      const answer = await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'Where do I live?' }] }).withResponse();
      expect(answer.response.headers.get('x-belief-store-injected')).toBe('1');
      const sent = fake.requests.find((r) => r.method === 'POST' && !r.body?.response_format)!;
      expect(sent.headers.authorization).toMatch(/^Bearer sk-openai-test-key/);
      expect(sent.body.messages[0].content).toContain('Lisbon');
    } finally {
      await second.stop();
    }
    // Another master key cannot open the stored provider key: refused like on Node.
    const wrongKey = serve({ ...env, SERVICE_PROXY_SECRET: PROXY_SECRET, SERVICE_ENCRYPTION_KEY: 'ZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmY=' });
    expect(await wrongKey.exited).toBe(2);
    expect(wrongKey.output.stderr).toMatch(
      /^belief-store: refusing to start: SERVICE_ENCRYPTION_KEY: the master key cannot open the stored key of provider "ant", "oai"; start with the key they were stored with\n$/,
    );
  });
});

describe('root token rotation on workerd serve', () => {
  it('rewrites the generated root-token file (0600), and the new token works after a restart', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'root-token');
    const first = serve({ SERVICE_DATA_DIR: dataDir });
    const url = await serveUrl(first);
    const old = readFileSync(file, 'utf8').trim();
    const rotated = await fetch(`${url}/admin/api/root-token/rotate`, { method: 'POST', headers: { authorization: `Bearer ${old}` } });
    expect(rotated.status).toBe(200);
    const { token } = (await rotated.json()) as { token: string };
    expect(readFileSync(file, 'utf8')).toBe(token + '\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = serve({ SERVICE_DATA_DIR: dataDir });
    const again = await serveUrl(second);
    const me = (bearer: string) => fetch(`${again}/admin/api/me`, { headers: { authorization: `Bearer ${bearer}` } }).then((r) => r.status);
    expect(await me(token)).toBe(200);
    expect(await me(old)).toBe(401);
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});

describe('backups between Node and workerd serve', () => {
  let node: Target;
  let serveTarget: Target;
  let back: Target;
  beforeAll(async () => {
    [node, serveTarget, back] = await Promise.all([
      startTarget('node', singleEnv()),
      startTarget('workerd-serve', singleEnv({ SERVICE_ENCRYPTION_KEY: 'ZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmY=' })),
      startTarget('node', singleEnv()),
    ]);
    await seed(node);
  });
  afterAll(async () => {
    await Promise.all([node?.stop(), serveTarget?.stop(), back?.stop()]);
  });

  it('a Node export imports on workerd serve, and its export back on Node, unchanged', async () => {
    const there = await importJson(serveTarget, await exportArchive(node));
    expect(there.status).toBe(200);
    expect(there.body.result).toMatchObject({ beliefs_imported: 3, beliefs_skipped: 0, persona_restored: true, config_restored: true });
    const again = await importJson(back, await exportArchive(serveTarget));
    expect(again.status).toBe(200);
    const [a, b, c] = await Promise.all([snapshot(node), snapshot(serveTarget), snapshot(back)]);
    for (const s of [b, c]) {
      expect(s.beliefs).toEqual(a.beliefs);
      expect(s.belief_history).toEqual(a.belief_history);
      expect(s.compaction_history).toEqual(a.compaction_history);
      expect(s.staging).toEqual([]);
    }
  });
});

describe('WebSockets on workerd serve', () => {
  let t: Target;
  useTarget('workerd-serve', (s) => (t = s));

  it('extracts beliefs over /v1/ws/extract and closes with 4401 within a second of the PAT being revoked', async () => {
    const pat = await patFor(t, 'wes@example.com');
    const bearer = { authorization: `Bearer ${pat.token}` };
    const feed = await Client.open(`${t.url}/v1/ws/beliefs`, bearer);
    const writer = await Client.open(`${t.url}/v1/ws/extract`, bearer);
    writer.send({ type: 'turn', conversation_id: 'c1', role: 'user', content: 'I live in Oslo.' });
    await writer.flush();
    expect(writer.of('belief').map((f) => [f.action, f.belief.statement])).toEqual([['created', 'The user lives in Oslo']]);
    await feed.until('belief', () => feed.of('belief').length > 0, 5000);
    expect(feed.of('belief')[0]!.belief.statement).toBe('The user lives in Oslo');
    const revokedAt = Date.now();
    expect((await api(t, as.root(), 'DELETE', `/admin/api/tokens/${pat.id}`)).status).toBe(204);
    await feed.until('close', () => feed.closed !== null, 5000);
    await writer.until('close', () => writer.closed !== null, 5000);
    expect(Date.now() - revokedAt).toBeLessThan(1500);
    expect(feed.closed?.code).toBe(4401);
    expect(writer.closed?.code).toBe(4401);
  });
});

describe('what the worker may reach and what is written to disk (issue 28 N10)', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(() => fake?.close());

  /** Every file under `dir`, recursively. */
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));

  it('secrets given in the environment are written nowhere under the data dir', async () => {
    const dataDir = tempDir();
    const env = teamsEnv({ SERVICE_DATA_DIR: dataDir, SERVICE_PROXY_SECRET: PROXY_SECRET, SERVICE_METRICS_TOKEN: 'metrics-token-for-tests-0123456789abcdef' });
    const p = serve(env);
    const url = await serveUrl(p);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    p.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const secrets = [env.SERVICE_API_TOKEN!, env.SERVICE_SCIM_TOKEN!, env.SERVICE_ENCRYPTION_KEY!, PROXY_SECRET, env.SERVICE_METRICS_TOKEN!];
    const written = files(dataDir);
    expect(written.map((f) => f.slice(dataDir.length))).toContain('/workerd.capnp');
    for (const file of written) {
      const bytes = readFileSync(file);
      for (const secret of secrets) expect(bytes.includes(secret), `${secret.slice(0, 8)}… in ${file}`).toBe(false);
    }
  });

  it('reaches no loopback provider unless SERVICE_WORKERD_ALLOW_NETWORKS allows it', async () => {
    const closed = serve({ ...singleEnv(), SERVICE_DATA_DIR: tempDir(), SERVICE_WORKERD_ALLOW_NETWORKS: '' });
    const open = serve({ ...singleEnv(), SERVICE_DATA_DIR: tempDir(), SERVICE_WORKERD_ALLOW_NETWORKS: 'local' });
    const chat = async (p: ServeProcess) => {
      const url = await serveUrl(p);
      const target = { url } as Target;
      expect((await putConfig(target, providersConfig(fake))).status).toBe(200);
      const res = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ROOT_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'oai/m1', messages: [{ role: 'user', content: 'hello' }] }),
      });
      await res.arrayBuffer();
      return res.status;
    };
    try {
      fake.reset();
      expect(await chat(closed)).not.toBe(200);
      expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
      expect(await chat(open)).toBe(200);
      expect(fake.requests.filter((r) => r.method === 'POST').length).toBeGreaterThan(0);
    } finally {
      closed.kill('SIGTERM');
      open.kill('SIGTERM');
      await Promise.all([closed.exited, open.exited]);
    }
  });
});
