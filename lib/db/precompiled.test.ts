import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { precompiled, precompiledBySizeAndLimit, precompiledChange, precompiledPlanned, precompiledValues, precompiledWithDialect } from './precompiled.ts';
import { openSqlite, type SqliteDatabase } from './sqlite/database.ts';

const usersNamed = precompiled<{ user_name: string }>((db) => db.selectFrom('users').select('user_name').where('user_name_lc', '=', ''));
const usersNamedWithDialect = precompiledWithDialect<{ user_name: string }>((db) => db.selectFrom('users').select('user_name').where('user_name_lc', '=', ''));
const usersAmong = precompiledBySizeAndLimit<{ user_name: string }>((db, _dialect, size, limit) =>
  db.selectFrom('users').select('user_name').where('user_name_lc', 'in', Array<string>(size).fill('')).orderBy('user_name').limit(sql.lit(limit)),
);
const namesFrom = precompiledValues((db) => db.selectFrom('users').select('user_name').where('user_name_lc', '>=', '').orderBy('user_name'));
const usersNamedPlanned = precompiledPlanned<{ user_name: string }>((db) => db.selectFrom('users').select('user_name').where('user_name_lc', '=', ''));
const renameUsers = precompiledChange((db, size) =>
  db.updateTable('users').set({ display_name: '' }).where('user_name_lc', 'in', Array<string>(size).fill('')),
);

describe('precompiled statements on SQLite', () => {
  let dir: string;
  let sqlite: SqliteDatabase;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bs-precompiled-'));
    sqlite = openSqlite(dir);
  });
  afterAll(async () => {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const add = (name: string) =>
    sqlite.raw
      .prepare("INSERT INTO users (id, user_name, user_name_lc, created_at, updated_at) VALUES (?, ?, ?, '2026-01-01', '2026-01-01')")
      .run(crypto.randomUUID(), name, name);

  // Run on the synchronous connection, a statement has read the table before the call returns: a row added right after is not in its answer.
  it.each([
    ['precompiled, given the Kysely db', (name: string) => usersNamed(sqlite.db, [name])],
    ['precompiledWithDialect, given the database', (name: string) => usersNamedWithDialect(sqlite, [name])],
  ])('%s: reads at once on the synchronous connection', async (_label, read) => {
    const name = `u-${crypto.randomUUID()}`;
    const before = read(name);
    add(name);
    expect(await before).toEqual([]);
    expect(await read(name)).toEqual([{ user_name: name }]);
  });

  // SQLite prepares a statement whose LIMIT is bound again on every run: the limit is part of the text, never a parameter.
  it('precompiledBySizeAndLimit: the limit is written into the text, one text per size and limit', async () => {
    const names = ['a', 'b', 'c'].map((n) => `${n}-${crypto.randomUUID()}`);
    for (const name of names) add(name);
    const seen: { sql: string; parameters: readonly unknown[] }[] = [];
    const database = {
      db: sqlite.db,
      dialect: sqlite.dialect,
      readNow: (text: string, parameters: readonly unknown[]) => {
        seen.push({ sql: text, parameters });
        return sqlite.readNow!(text, parameters);
      },
    };
    expect(await usersAmong(database, 3, 2, names)).toEqual(names.slice(0, 2).map((user_name) => ({ user_name })));
    expect(await usersAmong(database, 3, 1, names)).toEqual([{ user_name: names[0] }]);
    expect(await usersAmong(database, 2, 2, names.slice(1))).toEqual(names.slice(1).map((user_name) => ({ user_name })));
    expect(seen.map((s) => s.parameters.length)).toEqual([3, 3, 2]);
    expect(seen.map((s) => /limit (\d+)$/.exec(s.sql)?.[1])).toEqual(['2', '1', '2']);
  });

  it('precompiledChange: a statement for atomic, its parameters bound in order', async () => {
    const names = ['a', 'b', 'c'].map((n) => `${n}-${crypto.randomUUID()}`);
    for (const name of names) add(name);
    await sqlite.atomic([renameUsers(sqlite.db, 2, ['Two', names[0], names[1]]), renameUsers(sqlite.db, 1, ['One', names[2]])]);
    const rows = sqlite.raw.prepare(`SELECT display_name FROM users WHERE user_name IN (?, ?, ?) ORDER BY user_name`).all(...names);
    expect(rows).toEqual([{ display_name: 'Two' }, { display_name: 'Two' }, { display_name: 'One' }]);
  });

  it('precompiledValues: the values of the one column in row order, read at once or, without readValuesNow, through Kysely', async () => {
    const prefix = `v-${crypto.randomUUID()}-`;
    const names = ['a', 'b', 'c'].map((n) => prefix + n);
    for (const name of names) add(name);
    const ours = (values: unknown[]) => values.filter((v) => String(v).startsWith(prefix));
    expect(ours(await namesFrom(sqlite, [prefix]))).toEqual(names);
    expect(ours(await namesFrom({ db: sqlite.db, dialect: sqlite.dialect }, [prefix]))).toEqual(names);
  });

  it('precompiledPlanned: compiled once, run through Kysely with its values bound as written', async () => {
    const name = `p-${crypto.randomUUID()}`;
    add(name);
    expect(await usersNamedPlanned(sqlite.db, [name])).toEqual([{ user_name: name }]);
    expect(await usersNamedPlanned(sqlite.db, ['nobody'])).toEqual([]);
  });
});
