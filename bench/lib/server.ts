/** A real Node server on a temporary data dir, with beliefs seeded by direct SQLite inserts. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { startServer, type RunningServer } from '../../lib/adapters/node/server.ts';

export const ROOT = 'bench-root-token-0123456789abcdef';
export const HEADER = 'x-forwarded-user';
export const USER = 'bench@example.com';
export const MASTER_KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';

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
export async function createPat(url: string, userName = USER, name = 'bench'): Promise<{ id: string; token: string }> {
  const res = await fetch(`${url}/admin/api/tokens`, {
    method: 'POST',
    headers: { [HEADER]: userName, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 201) throw new Error(`creating a PAT answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string; token: string };
}

const WORDS = (
  'city dog cat hiking coffee tea music jazz piano guitar travel train bike garden book novel chess football ' +
  'running swimming cooking pasta curry vegan cheese wine beer mountain lake river sea beach winter summer knee ' +
  'project deadline meeting manager colleague python rust typescript database server cloud laptop phone camera ' +
  'berlin paris london tokyo sister brother daughter son wife husband friend doctor dentist gym yoga climbing ' +
  'sushi ramen tacos pizza salad breakfast dinner lunch weekend holiday flight hotel car bus office remote'
).split(' ');

/** A deterministic, varied statement: a few vocabulary words plus a rarer per-row token. */
export function statement(i: number): string {
  const pick = (n: number) => WORDS[(i * 7919 + n * 104729) % WORDS.length]!;
  return `The user mentioned ${pick(1)} and ${pick(2)} with ${pick(3)} (topic t${i % 5000})`;
}

/**
 * Inserts `count` active beliefs for `owner` (ids unique per owner and index) in one
 * transaction; the FTS triggers index them. Call before any HTTP request: a long synchronous
 * insert would outlive pooled keep-alive sockets.
 */
export function seedBeliefs(raw: BetterSqlite3.Database, owner: string, count: number, from = 0): void {
  const insert = raw.prepare(
    `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind,
       conversation_id, created_at, updated_at, superseded_at, superseded_by, reinforced_count, injected_count, last_injected_at)
     VALUES (?, ?, 'fact', NULL, ?, ?, 'universal', 0, 0.8, 'active', 'manual', NULL, ?, ?, NULL, NULL, 0, 0, NULL)`,
  );
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  raw.transaction(() => {
    for (let i = from; i < from + count; i++) {
      const s = statement(i);
      insert.run(`${owner}:${i}`, owner, s, s.toLowerCase(), at, at);
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
