import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { unplannedValues } from './unplanned-values.ts';

describe('unplannedValues', () => {
  it('writes each parameter as +?', () => {
    expect(unplannedValues('select a from t where b = ? and c in (?, ?) limit ?')).toBe('select a from t where b = +? and c in (+?, +?) limit +?');
    expect(unplannedValues('x=?||?')).toBe('x=+?||+?');
  });

  it('leaves a ? in quoted text and comments as it is', () => {
    const sql = `select 'why?', 'it''s ?', "col?", \`b?\`, [c?] from t -- any ?\nwhere a = ? /* or ? */ and b = ?`;
    expect(unplannedValues(sql)).toBe(`select 'why?', 'it''s ?', "col?", \`b?\`, [c?] from t -- any ?\nwhere a = +? /* or ? */ and b = +?`);
  });

  describe('on a database with ANALYZE samples (sqlite_stat4)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-unplanned-'));
    const db = new BetterSqlite3(join(dir, 'x.db'));
    afterAll(() => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, owner TEXT, n INTEGER, word TEXT COLLATE NOCASE); CREATE INDEX t_owner ON t (owner, n)');
    const insert = db.prepare('INSERT INTO t (owner, n, word) VALUES (?, ?, ?)');
    for (let i = 0; i < 2000; i++) insert.run(i % 10 === 0 ? 'rare' : 'common', i % 7, i % 2 ? 'Alpha' : 'beta');
    db.exec('ANALYZE');
    const both = (sql: string, ...params: unknown[]) => [db.prepare(sql).all(...params), db.prepare(unplannedValues(sql)).all(...params)];

    it('holds samples the planner reads', () => {
      expect((db.prepare('SELECT count(*) AS n FROM sqlite_stat4').get() as { n: number }).n).toBeGreaterThan(0);
    });

    it('reads the same rows: equality, IN, a range, LIMIT, a numeric column given text, a column collation', () => {
      const cases: [string, unknown[]][] = [
        ['SELECT id FROM t WHERE owner = ? AND n = ? ORDER BY id', ['rare', 3]],
        ['SELECT id FROM t WHERE owner IN (?, ?) AND n > ? ORDER BY id LIMIT ?', ['rare', 'nobody', 4, 17]],
        ['SELECT id FROM t WHERE owner = ? AND n = ? ORDER BY id', ['common', '5']],
        ['SELECT count(*) AS c FROM t WHERE word = ?', ['ALPHA']],
      ];
      for (const [sql, params] of cases) {
        const [plain, unplanned] = both(sql, ...params);
        expect(unplanned).toEqual(plain);
        expect(plain!.length).toBeGreaterThan(0);
      }
    });

    it('keeps using the index', () => {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${unplannedValues('SELECT id FROM t WHERE owner = ? AND n = ?')}`).all('rare', 1) as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toContain('USING COVERING INDEX t_owner (owner=? AND n=?)');
    });
  });
});
