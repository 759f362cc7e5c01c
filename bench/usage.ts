/**
 * Chat throughput with usage accounting on, against the same server with accounting switched
 * off (the usage buffer's `add` replaced by a no-op): 16 connections of non-streamed chat
 * (`x-belief-store: off`, so no retrieval) through a PAT to the fake provider, the two modes
 * alternated so drift hits both alike.
 * Run: `npx tsx bench/usage.ts [seconds per run] [rounds]`.
 */
import { pathToFileURL } from 'node:url';
import { startFakeProvider } from '../test/support/fake-provider.ts';
import { load } from './lib/load.ts';
import { createPat, ROOT, startBenchServer } from './lib/server.ts';

export interface UsageBenchResult {
  accountingOn: number;
  accountingOff: number;
  ratio: number;
  rowsWritten: number;
}

export async function benchUsage(seconds = 4, rounds = 2): Promise<UsageBenchResult> {
  const fake = await startFakeProvider();
  const app = await startBenchServer();
  try {
    const config = {
      providers: [{ id: 'fake', kind: 'openai', base_url: `${fake.url}/v1`, api_key: 'sk-bench-0000', models: ['m1'] }],
      default_model: 'fake/m1',
      injection: { enabled: false, max_beliefs: 0 },
      extraction: { enabled: false, model: null },
    };
    const put = await fetch(`${app.url}/admin/api/config`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ROOT}`, 'content-type': 'application/json' },
      body: JSON.stringify(config),
    });
    if (!put.ok) throw new Error(`config: ${put.status}`);
    const { token } = await createPat(app.url);
    const buffer = app.deps.services.usage;
    const add = buffer.add.bind(buffer);
    const run = async (accounting: boolean) => {
      buffer.add = accounting ? add : () => {};
      const r = await load({
        url: `${app.url}/v1/chat/completions`,
        method: 'POST',
        connections: 16,
        seconds,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-belief-store': 'off' },
        body: JSON.stringify({ model: 'fake/m1', messages: [{ role: 'user', content: 'hello' }] }),
      });
      if (r.errors + r.non2xx > 0) throw new Error(`${r.errors} errors, ${r.non2xx} non-2xx`);
      return r.rps;
    };
    const on: number[] = [];
    const off: number[] = [];
    for (let i = 0; i < rounds; i++) {
      on.push(await run(true));
      off.push(await run(false));
    }
    buffer.add = add;
    await buffer.flush();
    const [{ n }] = app.sqlite!.raw.prepare('SELECT SUM(requests) AS n FROM usage_daily').all() as { n: number }[];
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return {
      accountingOn: Math.round(mean(on)),
      accountingOff: Math.round(mean(off)),
      ratio: Math.round((mean(on) / mean(off)) * 1000) / 1000,
      rowsWritten: n,
    };
  } finally {
    await app.stop();
    await fake.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [seconds, rounds] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchUsage(seconds || undefined, rounds || undefined)));
}
