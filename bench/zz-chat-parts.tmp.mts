import { startBenchServer, seedBeliefs, configureProvider, createPat } from './lib/server.ts';
import { startFakeProvider } from '../test/support/fake-provider.ts';
import { loadConfig, providerKey } from '../lib/config/store.ts';
import { buildContext, recordInjection } from '../lib/world/index.ts';
import { searchBeliefs, pinnedBeliefs } from '../lib/world/retrieval.ts';
import { currentPersona } from '../lib/world/index.ts';
import { findPatByHash } from '../lib/stores/tokens.ts';
import { sha256Hex } from '../lib/crypto.ts';
const N = Number(process.argv[2] ?? 100000);
const fake = await startFakeProvider();
const s = await startBenchServer();
seedBeliefs(s.sqlite.raw, 'bench@example.com', N);
await configureProvider(s.url, fake.url);
const pat = await createPat(s.url);
const deps = s.deps;
const Q = 'Which hiking trails near the city I live in would suit my knee and my dog?';
const body = JSON.stringify({ model: 'm1', messages: [{ role: 'user', content: Q }] });
const parts: Record<string, () => Promise<unknown>> = {
  persona: () => currentPersona(deps, 'bench@example.com'),
  pinned: () => pinnedBeliefs(deps.db, 'bench@example.com', Q, 20),
  search: () => searchBeliefs(deps.db, 'bench@example.com', Q, 20),
  loadConfig: () => loadConfig(deps),
  providerKey: () => providerKey(deps, 'fake'),
  patLookup: () => findPatByHash(deps.db, sha256Hex(pat.token)),
  buildContext: () => buildContext(deps, 'bench@example.com', Q, 20),
  recordInjection: async () => { const c = await buildContext(deps, 'bench@example.com', Q, 20); const t = performance.now(); await recordInjection(deps, 'bench@example.com', c.beliefIds); return performance.now() - t; },
  upstreamFetch: async () => { const r = await fetch(`${fake.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench-0000' }, body }); await r.text(); },
  fullProxy: async () => { const r = await fetch(`${s.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${pat.token}` }, body }); await r.text(); },
};
for (const [name, f] of Object.entries(parts)) {
  for (let i = 0; i < 20; i++) await f();
  const xs: number[] = [];
  for (let i = 0; i < 100; i++) { const t = performance.now(); const r = await f(); xs.push(typeof r === 'number' ? r : performance.now() - t); }
  xs.sort((a, b) => a - b);
  console.log(name.padEnd(16), 'p50', xs[50]!.toFixed(3), 'p90', xs[90]!.toFixed(3));
}
await s.stop(); await fake.close();
