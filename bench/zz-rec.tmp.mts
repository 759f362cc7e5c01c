import { startBenchServer, seedBeliefs } from './lib/server.ts';
import { recordInjection } from '../lib/world/index.ts';
import { historyQuery } from '../lib/world/store.ts';
const s = await startBenchServer();
seedBeliefs(s.sqlite.raw, 'a@x', 20000);
const ids = Array.from({ length: 20 }, (_, i) => `a@x:${i * 100}`);
const deps = s.deps;
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  for (let i = 0; i < 100; i++) await recordInjection(deps, 'a@x', ids);
  console.log('recordInjection ms', ((performance.now() - t) / 100).toFixed(3));
  t = performance.now();
  const at = new Date().toISOString();
  for (let i = 0; i < 100; i++) await deps.atomic([deps.db.updateTable('beliefs').set((eb) => ({ injected_count: eb('injected_count', '+', 1), last_injected_at: at })).where('id', 'in', ids)]);
  console.log('update only ms', ((performance.now() - t) / 100).toFixed(3));
  t = performance.now();
  for (let i = 0; i < 100; i++) await deps.atomic(ids.map((id) => historyQuery(deps.db, id, 'injected', at, null)));
  console.log('20 history inserts ms', ((performance.now() - t) / 100).toFixed(3));
  t = performance.now();
  for (let i = 0; i < 100; i++) await deps.atomic([deps.db.selectFrom('meta').select('key').limit(1)]);
  console.log('empty txn ms', ((performance.now() - t) / 100).toFixed(3));
}
await s.stop();
