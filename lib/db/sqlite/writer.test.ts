import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Context } from 'hono';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../deps.ts';
import { NodeWorld } from '../../adapters/node/world.ts';
import { withServices, type AppDeps } from '../../services.ts';
import { parseSettings } from '../../settings.ts';
import { usageKey } from '../../stores/usage.ts';
import { openSqlite, type SqliteDatabase } from './database.ts';

describe('buffered writes on SQLite commit on a worker thread', () => {
  let dir: string;
  let sqlite: SqliteDatabase;
  let deps: AppDeps;
  let world: NodeWorld;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bs-writer-'));
    sqlite = openSqlite(dir);
    world = new NodeWorld(() => deps);
    deps = withServices({
      settings: parseSettings({ SERVICE_MODE: 'single' }),
      database: sqlite,
      db: sqlite.db,
      atomic: sqlite.atomic,
      platform: { peerAddress: () => null, background: () => undefined, log: () => undefined },
      masterKey: null,
      now: () => new Date(),
      world,
    });
  });
  afterAll(async () => {
    world.close();
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const usersNamed = (name: string) => sqlite.raw.prepare('SELECT user_name FROM users WHERE user_name_lc = ?').all(name);
  const insertUser = (name: string) =>
    CompiledQuery.raw("INSERT INTO users (id, user_name, user_name_lc, created_at, updated_at) VALUES (?, ?, ?, '2026-01-01', '2026-01-01')", [
      crypto.randomUUID(),
      name,
      name,
    ]);

  it('commits all of a change, or none of it with the error', async () => {
    await sqlite.backgroundAtomic!([insertUser('w1'), insertUser('w2')]);
    expect([...usersNamed('w1'), ...usersNamed('w2')]).toHaveLength(2);
    await expect(sqlite.backgroundAtomic!([insertUser('w3'), insertUser('w1')])).rejects.toMatchObject({
      message: expect.stringMatching(/UNIQUE/),
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(usersNamed('w3')).toEqual([]);
  });

  it('a usage flush waiting for the write lock leaves the event loop free', async () => {
    // Another connection holds the write lock; the flush waits for it without blocking this thread, whose timer releases it.
    const other = new BetterSqlite3(join(dir, 'belief-store.db'));
    other.exec('BEGIN IMMEDIATE');
    const key = usageKey('', 'flush@example.com', '', 'p/m', new Date());
    deps.services.usage.add({} as Context<AppEnv>, key, { requests: 1, errors: 0, prompt_tokens: 3, completion_tokens: 4, injected: 0 });
    const order: string[] = [];
    setTimeout(() => {
      order.push('timer');
      other.exec('COMMIT');
    }, 50);
    await deps.services.usage.flush().then(() => order.push('flushed'));
    other.close();
    expect(order).toEqual(['timer', 'flushed']);
    expect(sqlite.raw.prepare('SELECT requests FROM usage_daily WHERE user_name = ?').all('flush@example.com')).toEqual([{ requests: 1 }]);
  });
});
