/**
 * The same app on its two production runtimes, side by side in one run: `npm start` on Node and
 * `SERVICE_RUNTIME=workerd npm start` (the real workerd binary, storage on local disk). Both in
 * teams mode behind nothing (PATs need no proxy), each measured for PAT-authenticated
 * `GET /v1/models` throughput at 64 connections and for non-streamed chat latency with memory off
 * (`x-belief-store: off`) against the same fake provider, one request at a time.
 * Run: `npx tsx bench/runtimes.ts [seconds] [chat requests]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeProvider } from '../test/support/fake-provider.ts';
import { load } from './lib/load.ts';
import { startServerProcess } from './lib/process.ts';
import { stopChild } from './lib/child.ts';
import { configureProvider, createPat, freePort, HEADER, ROOT } from './lib/server.ts';
import { latency, type Latency } from './lib/stats.ts';

const PROXY_SECRET = 'bench-proxy-secret-0123456789abcdef';

export interface RuntimeFigures {
  modelsRps: number;
  modelsErrors: number;
  chatMs: Latency;
}

export interface RuntimesBenchResult {
  node: RuntimeFigures;
  workerd: RuntimeFigures;
}

async function measure(runtime: 'node' | 'workerd', providerUrl: string, seconds: number, chats: number): Promise<RuntimeFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), `bs-bench-${runtime}-`));
  const port = await freePort();
  const child = await startServerProcess(
    {
      SERVICE_RUNTIME: runtime,
      SERVICE_MODE: 'teams',
      OIDC_PROXY_HEADER: HEADER,
      SERVICE_PROXY_SECRET: PROXY_SECRET,
      SERVICE_API_TOKEN: ROOT,
      SERVICE_DATA_DIR: dataDir,
      // The fake provider is on 127.0.0.1, which workerd's worker may reach only when allowed.
      SERVICE_WORKERD_ALLOW_NETWORKS: 'local',
    },
    port,
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await configureProvider(url, providerUrl);
    const { token } = await createPat(url, undefined, 'bench', { 'x-belief-store-proxy-secret': PROXY_SECRET });
    const headers = { authorization: `Bearer ${token}` };
    const models = await load({ url: `${url}/v1/models`, connections: 64, seconds, headers });
    const samples: number[] = [];
    const body = JSON.stringify({ model: 'fake/m1', messages: [{ role: 'user', content: 'hello' }] });
    const chat = () =>
      fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'x-belief-store': 'off' }, body });
    for (let i = 0; i < chats; i++) {
      const started = performance.now();
      // A kept-alive connection the server closed as the request went out ("other side closed") is no answer: asked again once, on a new one.
      const res = await chat().catch((err: unknown) => (err instanceof TypeError ? chat() : Promise.reject(err)));
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${runtime} chat answered ${res.status}`);
      if (i >= Math.min(20, chats / 5)) samples.push(performance.now() - started);
    }
    return { modelsRps: models.rps, modelsErrors: models.errors + models.non2xx, chatMs: latency(samples) };
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchRuntimes(seconds = 4, chats = 300): Promise<RuntimesBenchResult> {
  const fake = await startFakeProvider();
  try {
    const node = await measure('node', fake.url, seconds, chats);
    const workerd = await measure('workerd', fake.url, seconds, chats);
    return { node, workerd };
  } finally {
    await fake.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [seconds, chats] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchRuntimes(seconds || undefined, chats || undefined), null, 2));
}
