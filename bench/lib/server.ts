/** A real Node server on a temporary data dir, with beliefs seeded by direct SQLite inserts. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { startServer, type RunningServer } from '../../lib/adapters/node/server.ts';
import WebSocket from 'ws';
import { searchTerms } from '../../lib/world/recall/terms.ts';
import { startFakeProvider } from '../../test/support/fake-provider.ts';

export const ROOT = 'bench-root-token-0123456789abcdef';
export const HEADER = 'x-forwarded-user';
export const USER = 'bench@example.com';
const MASTER_KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';

export interface BenchServer extends RunningServer {
  dir: string;
  /** Log lines the server wrote (kept only when `keepLog`). */
  logLines: Record<string, unknown>[];
  stop(): Promise<void>;
}

export async function startBenchServer(options: { keepLog?: boolean; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-'));
  const logLines: Record<string, unknown>[] = [];
  const env = {
    SERVICE_MODE: 'teams',
    OIDC_PROXY_HEADER: HEADER,
    SERVICE_API_TOKEN: ROOT,
    SERVICE_ENCRYPTION_KEY: MASTER_KEY,
    SERVICE_SUPER_ADMINS: USER,
    SERVICE_DATA_DIR: dir,
    ...options.env,
  };
  const log = options.keepLog ? (line: Record<string, unknown>) => void logLines.push(line) : () => {};
  const app = await startServer({ env, port: 0, log, say: () => {} });
  return {
    ...app,
    dir,
    logLines,
    async stop() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates a PAT for `userName` through the API (as that user, via the SSO proxy header). */
export async function createPat(
  url: string,
  userName = USER,
  name = 'bench',
  proxyHeaders: Record<string, string> = {},
): Promise<{ id: string; token: string }> {
  const res = await fetch(`${url}/admin/api/tokens`, {
    method: 'POST',
    headers: { ...proxyHeaders, [HEADER]: userName, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 201) throw new Error(`creating a PAT answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string; token: string };
}

/**
 * Inserts `count` active beliefs for `owner`, statements from `statement(i)`, in one transaction;
 * the FTS triggers index them (search terms computed as the app does). Call before any HTTP request: a long synchronous insert would
 * outlive pooled keep-alive sockets.
 */
export function seedBeliefs(raw: BetterSqlite3.Database, owner: string, count: number, statement: (i: number) => string): void {
  const insert = raw.prepare(
    `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind,
       conversation_id, created_at, updated_at, superseded_at, superseded_by, reinforced_count, injected_count, last_injected_at, search_terms)
     VALUES (?, ?, 'fact', NULL, ?, ?, 'universal', 0, 0.8, 'active', 'manual', NULL, ?, ?, NULL, NULL, 0, 0, NULL, ?)`,
  );
  const at = new Date().toISOString();
  raw.transaction(() => {
    for (let i = 0; i < count; i++) {
      const s = statement(i);
      insert.run(crypto.randomUUID(), owner, s, s.toLowerCase(), at, at, searchTerms(owner, s, null));
    }
  })();
}

/** Points the service at the fake provider (`fake/m1`), injection and built-in extraction on. */
export async function configureProvider(url: string, providerUrl: string, maxBeliefs = 20): Promise<void> {
  const config = {
    providers: [{ id: 'fake', kind: 'openai', base_url: `${providerUrl}/v1`, api_key: 'sk-bench-0000', models: ['m1'] }],
    default_model: 'fake/m1',
    injection: { enabled: true, max_beliefs: maxBeliefs },
    extraction: { enabled: true, model: null },
  };
  const res = await fetch(`${url}/admin/api/config`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ROOT}`, 'content-type': 'application/json' },
    body: JSON.stringify(config),
  });
  if (!res.ok) throw new Error(`config answered ${res.status}: ${await res.text()}`);
}

/** A port free right now on 127.0.0.1, for a server started in a child process. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/** A fake provider and a bench server whose config chats with it as `local/m1`, both stopped after `work`. */
export async function withChatServer<T>(work: (server: BenchServer) => Promise<T>): Promise<T> {
  const fake = await startFakeProvider();
  const server = await startBenchServer();
  try {
    const config = await fetch(`${server.url}/admin/api/config`, {
      method: 'PUT',
      headers: { [HEADER]: USER, 'content-type': 'application/json' },
      body: JSON.stringify({
        providers: [{ id: 'local', kind: 'openai', base_url: `${fake.url}/v1`, api_key: 'sk-bench-local-1234', models: ['m1'] }],
        default_model: 'local/m1',
      }),
    });
    if (config.status !== 200) throw new Error(`config answered ${config.status}`);
    return await work(server);
  } finally {
    await server.stop();
    await fake.close();
  }
}

/** Sends `turns` as turn frames and a flush on one `/v1/ws/extract` socket; resolves, once flushed, with the error frames received. */
export function sendTurns(url: string, token: string, turns: string[]): Promise<number> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/ws/extract`, { headers: { authorization: `Bearer ${token}` } });
  let errors = 0;
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      for (const content of turns) ws.send(JSON.stringify({ type: 'turn', role: 'user', content }));
      ws.send(JSON.stringify({ type: 'flush' }));
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string };
      if (frame.type === 'error') errors++;
      if (frame.type === 'flushed') {
        ws.close();
        resolve(errors);
      }
    });
  });
}
