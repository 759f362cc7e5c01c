import Database from 'better-sqlite3';
const stats = new Map<string, { n: number; ms: number }>();
const origPrepare = (Database as any).prototype.prepare;
(Database as any).prototype.prepare = function (sql: string) {
  const st = origPrepare.call(this, sql);
  for (const m of ['all', 'get', 'run', 'iterate']) {
    const f = st[m];
    if (typeof f !== 'function') continue;
    st[m] = function (...a: any[]) { const t = performance.now(); try { return f.apply(this, a); } finally { const k = sql.replace(/\s+/g, ' ').slice(0, 140); const s = stats.get(k) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t; stats.set(k, s); } };
  }
  return st;
};
const { benchProxy } = await import('./proxy.ts');
const r = await benchProxy(Number(process.argv[2] ?? 200), Number(process.argv[3] ?? 2000));
console.log(JSON.stringify({ ns: r.nonStreaming.ratioP50, s: r.streaming.ratioP50, p: r.nonStreaming.proxied }));
for (const [k, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) console.log(s.ms.toFixed(0).padStart(7), String(s.n).padStart(6), (s.ms / s.n).toFixed(3).padStart(8), k);
