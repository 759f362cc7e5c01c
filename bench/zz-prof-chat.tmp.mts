import { benchProxy } from './proxy.ts';
const r = await benchProxy(300, 2000);
console.log(JSON.stringify({ ns: r.nonStreaming, s: r.streaming }));
