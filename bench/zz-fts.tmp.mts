import { startBenchServer, seedBeliefs } from './lib/server.ts';
import { ownerMatch } from '../lib/world/retrieval.ts';
const s = await startBenchServer();
const raw = s.sqlite.raw;
seedBeliefs(raw, 'a@x', 100000);
const m = ownerMatch('a@x', ['t4321']);  // rare token ~20 rows
const m2 = ownerMatch('a@x', ['dog']);  // common
const time = (name: string, sql: string, arg: string) => { const st = raw.prepare(sql); st.all(arg); const t = performance.now(); let r; for (let i = 0; i < 10; i++) r = st.all(arg); console.log(name.padEnd(30), ((performance.now() - t) / 10).toFixed(2), 'ms', r!.length); };
for (const [label, q] of [['rare', m], ['common', m2]] as const) {
  time(label + ' rowid only', `SELECT rowid FROM beliefs_fts WHERE beliefs_fts MATCH ? ORDER BY rowid DESC LIMIT 2000`, q);
  time(label + ' bm25', `SELECT rowid, bm25(beliefs_fts, 1.0, 1.0, 0.0) FROM beliefs_fts WHERE beliefs_fts MATCH ? ORDER BY rowid DESC LIMIT 2000`, q);
  time(label + ' count', `SELECT count(*) FROM (SELECT 1 FROM beliefs_fts WHERE beliefs_fts MATCH ? LIMIT 1001)`, q);
}
for (let o = 0; o < 10; o++) seedBeliefs(raw, `o${o}@x`, 10000);
for (const [label, w] of [['rare', '"t4321"'], ['common', '"dog"']] as const) {
  const st = raw.prepare(`SELECT b.rowid, bm25(beliefs_fts, 1.0, 1.0, 0.0) AS score FROM beliefs_fts JOIN beliefs b ON b.rowid = beliefs_fts.rowid
     WHERE beliefs_fts MATCH ? AND b.owner = ? ORDER BY beliefs_fts.rowid DESC LIMIT 2000`);
  const q = `{statement key} : (${w})`;
  st.all(q, 'a@x'); const t = performance.now(); let r; for (let i = 0; i < 10; i++) r = st.all(q, 'a@x');
  console.log(label, 'no-owner-phrase bm25 join', ((performance.now() - t) / 10).toFixed(2), 'ms', r!.length);
  console.log(raw.prepare('EXPLAIN QUERY PLAN ' + st.source).all(q, 'a@x').map((x: any) => x.detail).join(' | '));
}
await s.stop();
