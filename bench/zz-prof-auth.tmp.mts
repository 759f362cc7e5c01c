import { createPat, startBenchServer } from './lib/server.ts';
import { load } from './lib/load.ts';
const s = await startBenchServer();
const pat = await createPat(s.url);
const r = await load({ url: `${s.url}/v1/models`, connections: 64, seconds: 6, headers: { authorization: `Bearer ${pat.token}` } });
console.log(r);
await s.stop();
