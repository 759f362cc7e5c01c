import { readdirSync, readFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../lib/db/migrations.ts';
import { SCHEMA_DIR } from '../../lib/db/schema-files.ts';
import { readMigrations } from '../../lib/db/sqlite/migrations.ts';
import { sharedPostgres } from '../support/shared-postgres.ts';
import { TARGETS } from '../support/targets.ts';

/** History rows of one belief before the pruning migration: four injections on one day, two on the next, two edits. */
const ROWS: [id: string, event: string, at: string][] = [
  ['h1', 'created', '2026-03-01T08:00:00.000Z'],
  ['h2', 'injected', '2026-03-01T09:00:00.000Z'],
  ['h3', 'injected', '2026-03-01T10:00:00.000Z'],
  ['h0', 'injected', '2026-03-01T10:00:00.000Z'],
  ['h4', 'injected', '2026-03-01T23:59:59.999Z'],
  ['h5', 'edited', '2026-03-02T07:00:00.000Z'],
  ['h6', 'injected', '2026-03-02T08:00:00.000Z'],
  ['h7', 'injected', '2026-03-02T09:00:00.000Z'],
];
/** What stays: every other event, and the first injection of each day. */
const KEPT = ['h1', 'h2', 'h5', 'h6', 'o1', 'o2'];

const insert = `INSERT INTO belief_history (id, belief_id, event, at, actor, detail) VALUES ($1, $2, $3, $4, NULL, NULL)`;
const rows = [
  ...ROWS.map(([id, event, at]) => [id, 'b1', event, at]),
  ['o1', 'b2', 'injected', '2026-03-01T09:30:00.000Z'],
  ['o2', 'b2', 'injected', '2026-03-03T09:30:00.000Z'],
];

describe('the migration that bounds injected history', () => {
  it('keeps the first injection per belief per day on SQLite', () => {
    const db = new BetterSqlite3(':memory:');
    const target = {
      exec: (sql: string) => void db.exec(sql),
      applied: () => (db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map((r) => r.name),
      record: (name: string, at: string) => void db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(name, at),
      transaction: (fn: () => void) => db.transaction(fn)(),
    };
    const all = readMigrations();
    const pruning = all.findIndex((m) => m.name.startsWith('0019_'));
    expect(pruning).toBeGreaterThan(0);
    applyMigrations(target, all.slice(0, pruning));
    const stmt = db.prepare(insert.replace(/\$\d/g, '?'));
    for (const r of rows) stmt.run(...r);
    applyMigrations(target, all);
    expect((db.prepare('SELECT id FROM belief_history ORDER BY id').all() as { id: string }[]).map((r) => r.id)).toEqual(KEPT);
    db.close();
  });

  it.runIf(TARGETS.includes('node-pg'))('keeps the first injection per belief per day on PostgreSQL', async () => {
    const url = await sharedPostgres().createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const dir = new URL('postgres/', SCHEMA_DIR);
      const files = readdirSync(dir)
        .filter((f) => /^\d+_.+\.sql$/.test(f))
        .sort();
      const pruning = files.findIndex((f) => f.startsWith('0005_'));
      expect(pruning).toBeGreaterThan(0);
      for (const f of files.slice(0, pruning)) await client.query(readFileSync(new URL(f, dir), 'utf8'));
      for (const r of rows) await client.query(insert, r);
      await client.query(readFileSync(new URL(files[pruning]!, dir), 'utf8'));
      expect((await client.query('SELECT id FROM belief_history ORDER BY id')).rows.map((r) => r.id)).toEqual(KEPT);
    } finally {
      await client.end();
    }
  });
});
