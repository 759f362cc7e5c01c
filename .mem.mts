import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from './lib/adapters/node/sqlite.ts';
import { startServer } from './lib/adapters/node/server.ts';
import { openExport } from './lib/backup/export.ts';
const n = Number(process.argv[2] ?? 200000);
const dir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'mem-'));
const a = join(dir, 'a');
try { mkdirSync(a);
const { raw } = openSqlite(a);
raw.exec(`DROP TRIGGER beliefs_fts_insert; WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n})
    INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind,
      conversation_id, created_at, updated_at, superseded_at, superseded_by, reinforced_count, injected_count)
    SELECT printf('b%08d', i), 'user' || (i % 50) || '@example.com', 'preference', NULL,
      'The user prefers option ' || i || ' because ' || hex(randomblob(12)), 'the user prefers option ' || i, 'universal', 0, 0.8,
      'active', 'chat', 'conv-' || (i % 9973), '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', NULL, NULL, 0, 0 FROM seq;
    INSERT INTO belief_history (id, belief_id, event, at, actor, detail) SELECT 'h' || substr(id, 2), id, 'created', created_at, owner, '{}' FROM beliefs;`);
raw.close(); } catch { console.log('reusing', dir); }
const env = { SERVICE_DATA_DIR: a, SERVICE_API_TOKEN: 'x'.repeat(20), SERVICE_ENCRYPTION_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=' };
const s = await startServer({ env, port: 0, log: () => {}, say: () => {} });
const rss0 = process.resourceUsage().maxRSS / 1024;
let t = performance.now();
const { body } = await openExport(s.deps, 'a passphrase long enough', 'root');
const rss1 = process.resourceUsage().maxRSS / 1024;
let bytes = 0; const r = body.getReader();
let k = 0;
for (let x = await r.read(); !x.done; x = await r.read()) { bytes += x.value.length; if (++k % 40 === 0) { const m = process.memoryUsage(); console.log((m.rss/1e6).toFixed(0), (m.heapUsed/1e6).toFixed(0), (m.heapTotal/1e6).toFixed(0), (m.external/1e6).toFixed(0), (m.arrayBuffers/1e6).toFixed(0)); } }
console.log(JSON.stringify({ dir, ms: performance.now() - t, bytes, rssStart: rss0, rssAfterScrypt: rss1, peak: process.resourceUsage().maxRSS / 1024 }));
await s.close();
