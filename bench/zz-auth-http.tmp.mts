import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createPat, startBenchServer, ROOT } from './lib/server.ts';
import { load } from './lib/load.ts';
import { createApp } from '../functions/index.ts';
import { modelsRoutes } from '../functions/v1/models.ts';
import { requestLog } from '../lib/middleware/log.ts';
import { limitBodies } from '../lib/middleware/body-limit.ts';
const s = await startBenchServer();
const tok = (await createPat(s.url)).token;
const bare = new Hono<any>(); bare.use('*', async (c, n) => { c.set('deps', s.deps); await n(); }); bare.use('*', requestLog); bare.use('*', limitBodies); bare.route('/v1/models', modelsRoutes(s.deps));
const up = (fetch: any) => new Promise<string>((done) => { const srv = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => done(`http://127.0.0.1:${(srv.address() as AddressInfo).port}`)); });
const noAuthUrl = await up(bare.fetch);
const plainUrl = await up(createApp(s.deps).fetch);
const v: [string, string, Record<string, string>][] = [
  ['noAuth', noAuthUrl, {}],
  ['pat-startServer', s.url, { authorization: 'Bearer ' + tok }],
  ['pat-plainServe', plainUrl, { authorization: 'Bearer ' + tok }],
  ['anon-startServer-healthz', s.url.replace(/$/, ''), {}],
];
for (let r = 0; r < 2; r++) for (const [k, url, h] of v) {
  const path = k.includes('healthz') ? '/healthz' : '/v1/models';
  const res = await load({ url: url + path, connections: 64, seconds: 3, headers: h, warmupSeconds: 0.5 });
  console.log(k.padEnd(26), res.rps, 'p50', res.p50, 'non2xx', res.non2xx);
}
process.exit(0);
