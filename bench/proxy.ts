/**
 * Latency the chat proxy adds: the same OpenAI-shaped chat request sent directly to the fake
 * provider and through the service (PAT, injection and extraction on, N beliefs stored for the
 * caller), and through the service with `x-belief-store: off` (the proxy's own cost, no retrieval,
 * no extraction), through a bare node:http forwarder (the limit for any proxy) and through the
 * peer, Portkey's open-source gateway (no auth, no memory; non-streaming only: 1.15.2 as npm
 * installs it, on @hono/node-server 1.19, answers every streamed chat 500, `TypeError: immutable`
 * in its `updateHeaders`, Portkey-AI/gateway issues 1389 and 1550); non-streaming and streaming, one request at a time, interleaved. Each request is
 * followed by a short pause (a memory-on request also by the write of its receipt, which the
 * service buffers for up to 100 ms), so that the background work of one request (the injection
 * record, the extraction call) does not land on the next one's measurement.
 * Run: `npx tsx bench/proxy.ts [requests] [beliefs] [--no-portkey] [--no-extraction]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../lib/adapters/node/server.ts';
import { startFakeProvider } from '../test/support/fake-provider.ts';
import { bareForwarder } from './lib/bare.ts';
import { startPortkey, type Peer } from './lib/portkey.ts';
import { loadNow } from './lib/machine.ts';
import { seedBeliefs } from './lib/server.ts';

const ROOT = 'bench-root-token-0123456789abcdef';
const HEADER = 'x-forwarded-user';
const USER = 'bench@example.com';
const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
const QUESTION = 'Which hiking trails near the city I live in would suit my knee and my dog?';
const TOPICS = 'city dog hiking knee coffee jazz piano travel garden chess cooking vegan mountain lake project python'.split(' ');
const SYLLABLES = 'ka lo mi ne ru sa ti vo be da fe gi ho ju ky zo'.split(' ');
/** 4096 made-up words plus real topic words, so a query term matches a realistic share of beliefs. */
const VOCABULARY = [...Array.from({ length: 4096 }, (_, i) => SYLLABLES[i & 15]! + SYLLABLES[(i >> 4) & 15]! + SYLLABLES[(i >> 8) & 15]!), ...TOPICS];

export interface Percentiles {
  p50: number;
  p99: number;
}

export interface ModeResult {
  direct: Percentiles;
  forwarded: Percentiles;
  proxied: Percentiles;
  proxiedNoInjection: Percentiles;
  /** Through Portkey's gateway; null when not measured (streaming, or started without it). */
  portkey: Percentiles | null;
  addedP50: number;
  addedP99: number;
  ratioP50: number;
  ratioP50NoInjection: number;
  forwarderRatioP50: number;
  /** p50 over direct's p50, in ms: memory off through the service, the bare forwarder, Portkey. */
  addedP50NoInjection: number;
  forwarderAddedP50: number;
  /** p99 over direct's p99, in ms: memory off through the service, the bare forwarder. */
  addedP99NoInjection: number;
  forwarderAddedP99: number;
  portkeyAddedP50: number | null;
  /** Time to the body's first byte: direct, and added over direct's p50 by memory on, memory off and the forwarder. */
  firstByte: { direct: Percentiles; addedP50: number; addedP50NoInjection: number; forwarderAddedP50: number };
}

export interface ProxyBenchResult {
  requests: number;
  beliefs: number;
  injected: number;
  extraction: boolean;
  /** Why Portkey was not measured, when it was not. */
  portkeySkipped: string | null;
  nonStreaming: ModeResult;
  streaming: ModeResult;
  /** The 1-minute load average while the requests ran (mean of a reading per mode). */
  load: number;
}

function percentiles(samples: number[]): Percentiles {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Beliefs the question is about, so memory-on rows inject (and measure) a block as a user's chat would. */
const ANSWERS = [
  'The user lives in Utrecht, a city with good hiking nearby',
  "The user's dog Max loves long hikes",
  'The user has a weak left knee and avoids steep descents',
];

function statement(i: number): string {
  if (i < ANSWERS.length) return ANSWERS[i]!;
  const pick = (n: number) => VOCABULARY[(i * 7919 + n * 104729) % VOCABULARY.length]!;
  return `The user ${pick(1)} ${pick(2)} ${pick(3)} ${pick(4)} (note ${i})`;
}

/** A request's time to its last byte, and to the first byte of its body (a stream's first event). */
interface Timing {
  total: number;
  firstByte: number;
}

async function time(url: string, headers: Record<string, string>, body: string): Promise<Timing> {
  const start = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body });
  const reader = res.body!.getReader();
  let firstByte = NaN;
  for (;;) {
    const { done } = await reader.read();
    if (Number.isNaN(firstByte)) firstByte = performance.now() - start;
    if (done) break;
  }
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return { total: performance.now() - start, firstByte };
}

export interface ProxyBenchOptions {
  /** Start Portkey's gateway as the peer (default true); false records `skipReason`. */
  portkey?: boolean;
  skipReason?: string;
  /** Extraction on for the memory-on requests (default true, as the target says). */
  extraction?: boolean;
}

export async function benchProxy(requests = 500, beliefs = 100_000, options: ProxyBenchOptions = {}): Promise<ProxyBenchResult> {
  const extraction = options.extraction ?? true;
  const fake = await startFakeProvider();
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-proxy-'));
  const env = { SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: HEADER, SERVICE_API_TOKEN: ROOT, SERVICE_ENCRYPTION_KEY: KEY, SERVICE_DATA_DIR: dir };
  const app = await startServer({ env, port: 0, log: () => {}, say: () => {} });
  const forwarder = await bareForwarder(fake.url);
  let portkey: Peer | null = null;
  try {
    if (options.portkey !== false) portkey = await startPortkey(fake.url);
    seedBeliefs(app.sqlite!.raw, USER, beliefs, statement);

    const config = {
      providers: [{ id: 'fake', kind: 'openai', base_url: `${fake.url}/v1`, api_key: 'sk-bench-0000', models: ['m1'] }],
      default_model: 'fake/m1',
      injection: { enabled: true, max_beliefs: 20 },
      extraction: { enabled: extraction, model: null },
    };
    const put = await fetch(`${app.url}/admin/api/config`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ROOT}`, 'content-type': 'application/json' },
      body: JSON.stringify(config),
    });
    if (!put.ok) throw new Error(`config: ${put.status} ${await put.text()}`);
    const created = await fetch(`${app.url}/admin/api/tokens`, {
      method: 'POST',
      headers: { [HEADER]: USER, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { token } = (await created.json()) as { token: string };

    const chat = (stream: boolean) => JSON.stringify({ model: 'm1', stream, messages: [{ role: 'user', content: QUESTION }] });
    const viaService = (stream: boolean, extra: Record<string, string> = {}) =>
      time(`${app.url}/v1/chat/completions`, { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra }, chat(stream));
    const toProvider = (base: string, stream: boolean) =>
      time(`${base}/v1/chat/completions`, { authorization: 'Bearer sk-bench-0000', 'content-type': 'application/json' }, chat(stream));
    const direct = (stream: boolean) => toProvider(fake.url, stream);
    const forwarded = (stream: boolean) => toProvider(forwarder.url, stream);
    const viaPortkey = (peer: Peer, stream: boolean) =>
      time(`${peer.url}/v1/chat/completions`, { authorization: 'Bearer sk-bench-0000', 'content-type': 'application/json', ...peer.headers }, chat(stream));
    const settle = <T>(value: T) => new Promise<T>((done) => setTimeout(() => done(value), 5));
    // Receipts are written up to 100 ms after the response: written here, they stay out of every measurement.
    const settleReceipts = <T>(value: T) => app.deps.services.receipts.flush().then(() => settle(value));

    const probe = await fetch(`${app.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: chat(false),
    });
    await probe.arrayBuffer();
    const injected = Number(probe.headers.get('x-belief-store-injected'));

    const run = async (stream: boolean): Promise<ModeResult> => {
      const samples = { direct: [] as Timing[], forwarded: [] as Timing[], proxied: [] as Timing[], off: [] as Timing[], portkey: [] as Timing[] };
      const peer = stream ? null : portkey;
      const round3 = async (into?: typeof samples) => {
        const d = await settle(await direct(stream));
        const f = await settle(await forwarded(stream));
        const k = peer ? await settle(await viaPortkey(peer, stream)) : null;
        const p = await settleReceipts(await viaService(stream));
        const o = await settle(await viaService(stream, { 'x-belief-store': 'off' }));
        into?.direct.push(d);
        into?.forwarded.push(f);
        into?.proxied.push(p);
        into?.off.push(o);
        if (k) into?.portkey.push(k);
      };
      for (let i = 0; i < Math.min(50, requests); i++) await round3();
      for (let i = 0; i < requests; i++) await round3(samples);
      loads.push(loadNow());
      const totals = (list: Timing[]) => percentiles(list.map((s) => s.total));
      const firsts = (list: Timing[]) => percentiles(list.map((s) => s.firstByte));
      const d = totals(samples.direct);
      const p = totals(samples.proxied);
      const o = totals(samples.off);
      const f = totals(samples.forwarded);
      const k = peer ? totals(samples.portkey) : null;
      const fd = firsts(samples.direct);
      return {
        firstByte: {
          direct: fd,
          addedP50: round(firsts(samples.proxied).p50 - fd.p50),
          addedP50NoInjection: round(firsts(samples.off).p50 - fd.p50),
          forwarderAddedP50: round(firsts(samples.forwarded).p50 - fd.p50),
        },
        direct: d,
        forwarded: f,
        proxied: p,
        proxiedNoInjection: o,
        portkey: k,
        addedP50NoInjection: round(o.p50 - d.p50),
        forwarderAddedP50: round(f.p50 - d.p50),
        addedP99NoInjection: round(o.p99 - d.p99),
        forwarderAddedP99: round(f.p99 - d.p99),
        portkeyAddedP50: k && round(k.p50 - d.p50),
        addedP50: round(p.p50 - d.p50),
        addedP99: round(p.p99 - d.p99),
        ratioP50: round(p.p50 / d.p50),
        ratioP50NoInjection: round(o.p50 / d.p50),
        forwarderRatioP50: round(f.p50 / d.p50),
      };
    };
    const portkeySkipped = portkey ? null : (options.skipReason ?? 'not started');
    const loads: number[] = [];
    const nonStreaming = await run(false);
    const streaming = await run(true);
    const load = Math.round((loads.reduce((a, b) => a + b, 0) / loads.length) * 10) / 10;
    return { requests, beliefs, injected, extraction, portkeySkipped, nonStreaming, streaming, load };
  } finally {
    await portkey?.close();
    await forwarder.close();
    await app.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const result = await benchProxy(Number(args[0] ?? 500), Number(args[1] ?? 100_000), {
    portkey: !process.argv.includes('--no-portkey'),
    skipReason: '--no-portkey',
    extraction: !process.argv.includes('--no-extraction'),
  });
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}
