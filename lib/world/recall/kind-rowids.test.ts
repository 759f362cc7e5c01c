import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type SqliteDatabase } from '../../db/sqlite/database.ts';
import { categoriesOf, kindRowids } from './category.ts';

const OWNER = 'kinds@example.com';

describe('the beliefs of the kinds a question names (SQLite)', () => {
  let dir: string;
  let sqlite: SqliteDatabase;
  let cat: number;
  let dog: number;
  const add = (owner: string, key: string | null, status: string, at: string) =>
    Number(
      sqlite.raw
        .prepare(
          `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind, created_at, updated_at)
           VALUES (?, ?, 'fact', ?, 'The user note', 'the user note', 'universal', 0, 0.8, ?, 'manual', ?, ?)`,
        )
        .run(crypto.randomUUID(), owner, key, status, at, at).lastInsertRowid,
    );

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bs-kind-rowids-'));
    sqlite = openSqlite(dir);
    sqlite.raw.transaction(() => {
      for (let i = 0; i < 3000; i++) add(OWNER, null, 'active', '2026-01-01T00:00:00.000Z');
    })();
    cat = add(OWNER, 'user.pet.tom', 'active', '2026-02-01T00:00:00.000Z');
    dog = add(OWNER, 'user.pet.max', 'active', '2026-03-01T00:00:00.000Z');
    add(OWNER, 'user.location', 'superseded', '2026-04-01T00:00:00.000Z');
    add('other@example.com', 'user.pet.fido', 'active', '2026-05-01T00:00:00.000Z');
  });
  afterAll(async () => {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads them by the owner-and-key index, never by walking the owner's active beliefs, and returns only the owner's active ones, latest first", async () => {
    const { kinds } = categoriesOf('Where do I live, and what pets do I have?');
    expect(kinds.size).toBeGreaterThan(0);

    const statements: string[] = [];
    const prepare = sqlite.raw.prepare.bind(sqlite.raw);
    sqlite.raw.prepare = ((text: string) => {
      statements.push(text);
      return prepare(text);
    }) as typeof sqlite.raw.prepare;
    let found: number[];
    try {
      found = await kindRowids(sqlite, OWNER, kinds);
    } finally {
      sqlite.raw.prepare = prepare;
    }
    expect(found).toEqual([dog, cat]);

    const read = statements.find((s) => /from "beliefs"/.test(s) && /"key"/.test(s))!;
    const parameters = (read.match(/\?/g) ?? []).map(() => null);
    const plan = (sqlite.raw.prepare(`EXPLAIN QUERY PLAN ${read}`).all(...parameters) as { detail: string }[]).map((r) => r.detail);
    expect(plan.filter((d) => /^SEARCH beliefs/.test(d)).every((d) => d.includes('beliefs_owner_key'))).toBe(true);
  });

  it('reads as many of each kind asked for: a snack’s diet is not crowded out by newer allergies', async () => {
    const owner = 'snacks@example.com';
    const diet = add(owner, 'user.diet', 'active', '2026-01-01T00:00:00.000Z');
    const allergies = ['kiwi', 'latex', 'wasps', 'mites', 'penicillin', 'sesame'].map((a, i) =>
      add(owner, `user.allergy.${a}`, 'active', `2026-02-0${i + 1}T00:00:00.000Z`),
    );
    const found = await kindRowids(sqlite, owner, categoriesOf('Suggest a snack for my hike.').kinds);
    expect(found).toEqual([...allergies.reverse(), diet]);
  });
});
