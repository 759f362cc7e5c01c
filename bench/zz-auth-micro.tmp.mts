import { Hono } from 'hono';
import { createPat, startBenchServer, ROOT } from './lib/server.ts';
import { createApp } from '../functions/index.ts';
import { modelsRoutes } from '../functions/v1/models.ts';
import { requestLog } from '../lib/middleware/log.ts';
import { limitBodies } from '../lib/middleware/body-limit.ts';
const s = await startBenchServer();
const app = createApp(s.deps);
const bare = new Hono<any>(); bare.use('*', async (c, n) => { c.set('deps', s.deps); await n(); }); bare.use('*', requestLog); bare.use('*', limitBodies); bare.route('/v1/models', modelsRoutes(s.deps));
const tok = (await createPat(s.url)).token;
const v: Record<string, () => Promise<Response>> = {
  noAuth: () => bare.fetch(new Request('http://x/v1/models')),
  pat: () => app.fetch(new Request('http://x/v1/models', { headers: { authorization: 'Bearer ' + tok } })),
  root: () => app.fetch(new Request('http://x/v1/models', { headers: { authorization: 'Bearer ' + ROOT } })),
};
const tot: Record<string, number[]> = { noAuth: [], pat: [], root: [] };
for (let r = 0; r < 7; r++) for (const [k, f] of Object.entries(v)) {
  for (let i = 0; i < 200; i++) await (await f()).text();
  const n = 2000; const t0 = performance.now(); for (let i = 0; i < n; i++) await (await f()).text(); tot[k]!.push((performance.now() - t0) / n * 1000);
}
for (const [k, xs] of Object.entries(tot)) { xs.sort((a, b) => a - b); console.log(k, 'median', xs[3]!.toFixed(1), 'us'); }
await s.stop();
