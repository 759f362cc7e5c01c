import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilCommit } from '../until-commit.ts';
import type { Database } from '../database.ts';
import { openSqlite, type SqliteDatabase } from './database.ts';
import { walCommits } from './wal-commits.ts';

describe('commits to a SQLite database, seen from its wal-index header', () => {
  let dir: string;
  let sqlite: SqliteDatabase;
  let other: BetterSqlite3.Database;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bs-wal-commits-'));
    sqlite = openSqlite(dir);
    other = new BetterSqlite3(join(dir, 'belief-store.db'));
  });
  afterAll(async () => {
    other.close();
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insertUser = (name: string) =>
    CompiledQuery.raw("INSERT INTO users (id, user_name, user_name_lc, created_at, updated_at) VALUES (?, ?, ?, '2026-01-01', '2026-01-01')", [
      crypto.randomUUID(),
      name,
      name,
    ]);
  const userId = (name: string) => (sqlite.raw.prepare('SELECT id FROM users WHERE user_name_lc = ?').get(name) as { id: string } | undefined)?.id;

  it('moves after a commit by this connection, the writer thread or another process, and only then', async () => {
    const count = sqlite.commits!;
    const start = count();
    sqlite.raw.prepare('SELECT count(*) FROM users').get();
    expect(count()).toBe(start);
    const name = `c-${crypto.randomUUID()}`;
    await sqlite.atomic([insertUser(name)]);
    const afterOwn = count();
    expect(afterOwn).toBeGreaterThan(start);
    expect(count()).toBe(afterOwn);
    await sqlite.backgroundAtomic!([insertUser(`${name}-2`)]);
    const afterWriter = count();
    expect(afterWriter).toBeGreaterThan(afterOwn);
    // (An UPDATE that writes the values already stored commits no change, and moves nothing.)
    other.prepare("UPDATE users SET display_name = 'changed' WHERE user_name_lc = ?").run(name);
    expect(count()).toBeGreaterThan(afterWriter);
  });

  it('moves on every call where the header cannot be read', () => {
    const missing = walCommits(join(dir, 'no-such.db'));
    const first = missing.count();
    expect(missing.count()).toBe(first + 1);
    missing.close();
  });

  it('keeps a read until the next commit, including a row changed by hand in another process', async () => {
    let reads = 0;
    const idOf = untilCommit(async (_database: Database, name: string) => {
      reads++;
      return userId(name);
    });
    const name = `k-${crypto.randomUUID()}`;
    await sqlite.atomic([insertUser(name)]);
    const id = await idOf(sqlite, name);
    expect(id).toBeDefined();
    expect(await idOf(sqlite, name)).toBe(id);
    expect(reads).toBe(1);
    other.prepare('DELETE FROM users WHERE user_name_lc = ?').run(name);
    expect(await idOf(sqlite, name)).toBeUndefined();
    // Nothing found is not kept.
    expect(await idOf(sqlite, name)).toBeUndefined();
    expect(reads).toBe(3);
  });

  it('reads every time on a database that cannot tell its commits', async () => {
    let reads = 0;
    const once = untilCommit(async () => ++reads);
    const { commits: _, ...withoutCommits } = sqlite;
    await once(withoutCommits as Database, 'k');
    await once(withoutCommits as Database, 'k');
    expect(reads).toBe(2);
  });
});
