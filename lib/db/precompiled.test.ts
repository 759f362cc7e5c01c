import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompiled, precompiledWithDialect } from './precompiled.ts';
import { openSqlite, type SqliteDatabase } from './sqlite/database.ts';

const usersNamed = precompiled<{ user_name: string }>((db) => db.selectFrom('users').select('user_name').where('user_name_lc', '=', ''));
const usersNamedWithDialect = precompiledWithDialect<{ user_name: string }>((db) => db.selectFrom('users').select('user_name').where('user_name_lc', '=', ''));

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
});
