/**
 * Revocation under load: `connections` keep-alive connections hammer GET /v1/models with one PAT
 * while a WebSocket feed is open with the same PAT; then the PAT is revoked, once by its owner
 * through the API and once by an operator's UPDATE on another database connection. Counts the
 * 200s for requests sent after the revocation committed (target 0) and the socket's close delay
 * (target ≤ 1 s). Run: `npx tsx bench/revocation.ts [seconds-before] [seconds-after]`.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import WebSocket from 'ws';
import { hammer } from './lib/hammer.ts';
import { createPat, HEADER, startBenchServer, USER, type BenchServer } from './lib/server.ts';
import { round } from './lib/stats.ts';

export type RevokedBy = 'api' | 'sql';

export interface RevocationRun {
  revokedBy: RevokedBy;
  connections: number;
  requests: number;
  okBeforeRevocation: number;
  /** 200s for requests sent after the revoke response arrived (so after the commit): target 0. */
  okSentAfterCommit: number;
  /** 200s answered after the commit for requests already in flight (authenticated before it). */
  okInFlightAtCommit: number;
  refusedAfterCommit: Record<string, number>;
  revokeMs: number;
  wsCloseCode: number | null;
  /** From the revoke response to the socket's close frame; null when it did not close in 5 s. */
  wsCloseDelayMs: number | null;
}

function openSocket(url: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/ws/beliefs`, { headers: { authorization: `Bearer ${token}` } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The revocation itself; resolves once it has committed. */
async function revoke(server: BenchServer, id: string, by: RevokedBy): Promise<void> {
  if (by === 'api') {
    const res = await fetch(`${server.url}/admin/api/tokens/${id}`, { method: 'DELETE', headers: { [HEADER]: USER } });
    if (res.status !== 204) throw new Error(`revoke answered ${res.status}`);
    return;
  }
  const operator = new BetterSqlite3(join(server.dir, 'belief-store.db'));
  try {
    operator.pragma('busy_timeout = 5000');
    operator.prepare('UPDATE api_tokens SET revoked_at = ? WHERE id = ?').run(new Date().toISOString(), id);
  } finally {
    operator.close();
  }
}

async function revocationRun(by: RevokedBy, secondsBefore: number, secondsAfter: number, connections: number): Promise<RevocationRun> {
  // A server per run: the refused requests of a run block the client address (429) for a minute.
  const server = await startBenchServer();
  try {
    const pat = await createPat(server.url, USER, `bench-${by}`);
    const ws = await openSocket(server.url, pat.token);
    const closed = new Promise<{ code: number; at: number }>((resolve) => ws.once('close', (code) => resolve({ code, at: performance.now() })));

    const load = hammer(`${server.url}/v1/models`, connections, { authorization: `Bearer ${pat.token}` }, secondsBefore + secondsAfter + 30);
    await sleep(secondsBefore * 1000);
    const revokeSent = performance.now();
    await revoke(server, pat.id, by);
    const committedAt = performance.now();
    const close = await Promise.race([closed, sleep(5000).then(() => null)]);
    await sleep(secondsAfter * 1000);
    const samples = await load.stop();
    ws.terminate();

    const refused: Record<string, number> = {};
    for (const s of samples) if (s.sentAt > committedAt && s.status !== 200) refused[s.status] = (refused[s.status] ?? 0) + 1;
    return {
      revokedBy: by,
      connections,
      requests: samples.length,
      okBeforeRevocation: samples.filter((s) => s.status === 200 && s.doneAt <= revokeSent).length,
      okSentAfterCommit: samples.filter((s) => s.status === 200 && s.sentAt > committedAt).length,
      okInFlightAtCommit: samples.filter((s) => s.status === 200 && s.sentAt <= committedAt && s.doneAt > committedAt).length,
      refusedAfterCommit: refused,
      revokeMs: round(committedAt - revokeSent),
      wsCloseCode: close?.code ?? null,
      wsCloseDelayMs: close ? round(Math.max(0, close.at - committedAt)) : null,
    };
  } finally {
    await server.stop();
  }
}

/** The owner's revoke through the API, then an operator's direct UPDATE. */
export async function benchRevocation(secondsBefore = 2, secondsAfter = 2, connections = 64): Promise<RevocationRun[]> {
  const api = await revocationRun('api', secondsBefore, secondsAfter, connections);
  return [api, await revocationRun('sql', secondsBefore, secondsAfter, connections)];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchRevocation(Number(process.argv[2] ?? 2), Number(process.argv[3] ?? 2));
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}
