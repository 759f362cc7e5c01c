/**
 * Soak: one PAT holder hammering the service with memory on — many chat connections plus every
 * WebSocket it may open, sending turns without waiting for acks — against a real server process
 * for a bounded time. Reports the server's resident memory in the first vs the last third of the
 * run (flat within ±20% means background work is bounded), and what the limits refused or
 * dropped. Extraction goes to a slower model than chat, so the owner's backlog builds up.
 * The server runs with a capped V8 heap (HEAP_MB): resident memory then shows what the server
 * keeps alive rather than how lazily V8 collects, and unbounded growth would end the process
 * (reported as `serverSurvived: false`). Sampling starts after a warm-up (a sixth of the run).
 * Run: `npx tsx bench/soak.ts [seconds] [connections]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import WebSocket from 'ws';
import { startFakeProvider } from '../test/support/fake-provider.ts';
import { startServerProcess, statusMB } from './lib/process.ts';
import { stopChild } from './lib/child.ts';
import { createPat, freePort, HEADER, ROOT } from './lib/server.ts';
import { round } from './lib/stats.ts';

const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
const SOCKETS = 8;
const SAMPLE_MS = 200;
/** The extraction model answers this much slower than the chat model. */
const EXTRACTION_DELAY_MS = 40;
/**
 * About twice what the server keeps after start-up (some 75 MB: the readers' compiled patterns, the
 * tagger's lexicon, the bundle's source map): room for a burst such as the drain at SIGTERM, while
 * memory that grows with every chat still ends the server within the run. At 96 MB a loaded server
 * ran out of heap while draining.
 */
const HEAP_MB = 160;

export interface SoakResult {
  seconds: number;
  connections: number;
  chats: { ok: number; failed: number };
  sockets: { opened: number; refusedPastLimit: number };
  turns: { sent: number; acked: number; backpressure: number };
  rss: { firstThirdMB: number; lastThirdMB: number; peakMB: number; lastVsFirst: number; samples: number; trajectoryMB: number[] };
  serverSurvived: boolean;
  extractionsDropped: number;
  activeBeliefs: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export async function benchSoak(seconds = 30, connections = 32): Promise<SoakResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-soak-'));
  const [chatModel, extractionModel] = await Promise.all([startFakeProvider(), startFakeProvider()]);
  extractionModel.delayMs = EXTRACTION_DELAY_MS;
  // The fakes record every request; a soak must not grow the bench's own memory without bound.
  const forget = setInterval(() => {
    chatModel.requests.length = 0;
    extractionModel.requests.length = 0;
  }, 1000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    { SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: HEADER, SERVICE_API_TOKEN: ROOT, SERVICE_ENCRYPTION_KEY: KEY, SERVICE_DATA_DIR: dir },
    port,
    [`--max-old-space-size=${HEAP_MB}`],
  );
  // Killed by the heap limit, the server has a signal and no exit code.
  const running = () => server.exitCode === null && server.signalCode === null;
  const sockets: WebSocket[] = [];
  try {
    const config = {
      providers: [
        { id: 'chat', kind: 'openai', base_url: `${chatModel.url}/v1`, api_key: 'sk-bench-chat', models: ['m1'] },
        { id: 'extract', kind: 'openai', base_url: `${extractionModel.url}/v1`, api_key: 'sk-bench-extract', models: ['m1'] },
      ],
      default_model: 'chat/m1',
      injection: { enabled: true, max_beliefs: 20 },
      extraction: { enabled: true, model: 'extract/m1' },
    };
    const put = await fetch(`${url}/admin/api/config`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ROOT}`, 'content-type': 'application/json' },
      body: JSON.stringify(config),
    });
    if (!put.ok) throw new Error(`config answered ${put.status}`);
    const { token } = await createPat(url);
    const auth = { authorization: `Bearer ${token}` };

    const result: SoakResult = {
      seconds,
      connections,
      chats: { ok: 0, failed: 0 },
      sockets: { opened: 0, refusedPastLimit: 0 },
      turns: { sent: 0, acked: 0, backpressure: 0 },
      rss: { firstThirdMB: 0, lastThirdMB: 0, peakMB: 0, lastVsFirst: 0, samples: 0, trajectoryMB: [] },
      serverSurvived: false,
      extractionsDropped: 0,
      activeBeliefs: 0,
    };

    const opening = Array.from(
      { length: SOCKETS + 1 },
      (_, i) =>
        new Promise<void>((done) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws/${i % 2 ? 'beliefs' : 'extract'}`, { headers: auth });
          ws.on('open', () => {
            result.sockets.opened++;
            sockets.push(ws);
            done();
          });
          ws.on('unexpected-response', (_req, res) => {
            if (res.statusCode === 429) result.sockets.refusedPastLimit++;
            res.resume();
            done();
          });
          ws.on('error', () => done());
          ws.on('message', (data) => {
            const frame = JSON.parse(String(data)) as { type: string; code?: string };
            if (frame.type === 'ack') result.turns.acked++;
            else if (frame.code === 'backpressure') result.turns.backpressure++;
          });
        }),
    );
    await Promise.all(opening);

    const deadline = Date.now() + seconds * 1000;
    const samples: number[] = [];
    let sampler: ReturnType<typeof setInterval> | undefined;
    const warmup = setTimeout(
      () => {
        sampler = setInterval(() => running() && samples.push(statusMB(server.pid!, 'VmRSS')), SAMPLE_MS);
      },
      (seconds * 1000) / 6,
    );
    let n = 0;
    const chatLoop = async () => {
      while (Date.now() < deadline) {
        const i = n++;
        try {
          const res = await fetch(`${url}/v1/chat/completions`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'chat/m1', messages: [{ role: 'user', content: `I like soak topic ${i}. What about it?` }] }),
          });
          await res.arrayBuffer();
          if (res.ok) result.chats.ok++;
          else result.chats.failed++;
        } catch {
          result.chats.failed++;
        }
      }
    };
    // Each extract socket sends turns in bursts without waiting for acks, as a careless client would.
    const turnLoop = async () => {
      while (Date.now() < deadline) {
        for (const ws of sockets) {
          if (!ws.url.endsWith('/extract') || ws.readyState !== ws.OPEN) continue;
          for (let k = 0; k < 20; k++) {
            ws.send(JSON.stringify({ type: 'turn', content: `I like socket topic ${result.turns.sent}` }));
            result.turns.sent++;
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await Promise.all([...Array.from({ length: connections }, chatLoop), turnLoop()]);
    clearTimeout(warmup);
    clearInterval(sampler);
    result.serverSurvived = running();

    const third = Math.max(1, Math.floor(samples.length / 3));
    const first = mean(samples.slice(0, third));
    const last = mean(samples.slice(-third));
    result.rss = {
      firstThirdMB: round(first, 1),
      lastThirdMB: round(last, 1),
      peakMB: result.serverSurvived ? round(statusMB(server.pid!, 'VmHWM'), 1) : NaN,
      lastVsFirst: round(last / first, 3),
      samples: samples.length,
      trajectoryMB: Array.from({ length: 10 }, (_, k) => round(samples[Math.floor((k * (samples.length - 1)) / 9)] ?? 0, 1)),
    };
    for (const ws of sockets) ws.terminate();
    await stopChild(server);
    const db = new BetterSqlite3(join(dir, 'belief-store.db'), { readonly: true });
    try {
      result.extractionsDropped = Number(
        (db.prepare(`SELECT value FROM counters WHERE name = 'extractions_dropped'`).get() as { value: number } | undefined)?.value ?? 0,
      );
      result.activeBeliefs = Number((db.prepare(`SELECT count(*) AS n FROM beliefs WHERE status = 'active'`).get() as { n: number }).n);
    } finally {
      db.close();
    }
    return result;
  } finally {
    clearInterval(forget);
    for (const ws of sockets) ws.terminate();
    await stopChild(server);
    await Promise.all([chatModel.close(), extractionModel.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [seconds, connections] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchSoak(seconds || 30, connections || 32), null, 2));
}
