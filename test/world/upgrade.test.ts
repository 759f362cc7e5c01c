import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../lib/adapters/node/server.ts';
import { migrate, readMigrations } from '../../lib/db/sqlite/migrations.ts';
import { migrate as migratePostgres, readMigrations as readPostgresMigrations } from '../../lib/db/postgres/migrations.ts';
import { ownerPrefix } from '../../lib/owner-prefix.ts';
import { searchBeliefs } from '../../lib/world/recall/retrieval.ts';
import { sharedPostgres } from '../support/shared-postgres.ts';
import { TARGETS, teamsEnv } from '../support/targets.ts';

const dir = mkdtempSync(join(tmpdir(), 'bs-upgrade-'));
const prefixDir = mkdtempSync(join(tmpdir(), 'bs-upgrade-prefix-'));
const pgDir = mkdtempSync(join(tmpdir(), 'bs-upgrade-pg-'));
afterAll(() => {
  for (const d of [dir, prefixDir, pgDir]) rmSync(d, { recursive: true, force: true });
});

/** A data dir as a server from before schema 0007 left it: beliefs without search terms. */
function oldDataDir(): void {
  const raw = new BetterSqlite3(join(dir, 'belief-store.db'));
  migrate(
    raw,
    readMigrations().filter((m) => m.name < '0007'),
  );
  const insert = raw.prepare(
    `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, status, source_kind, created_at, updated_at)
     VALUES (?, ?, 'fact', ?, ?, lower(?), 'universal', ?, 'chat', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  );
  insert.run('old-1', 'kim@example.com', 'user.pet', 'The user has a greyhound', 'The user has a greyhound', 'active');
  insert.run('old-2', 'lee@example.com', null, 'The user has a greyhound too', 'The user has a greyhound too', 'active');
  insert.run('old-3', 'kim@example.com', null, 'The user had a parrot', 'The user had a parrot', 'superseded');
  raw.close();
}

describe('upgrading a data dir from before owner-scoped search terms (node)', () => {
  it('indexes every old belief at start-up, so search finds them by owner', async () => {
    oldDataDir();
    const said: string[] = [];
    const server = await startServer({ env: { ...teamsEnv(), SERVICE_DATA_DIR: dir }, port: 0, log: () => {}, say: (m) => said.push(m) });
    try {
      expect(said).toContain('belief-store: indexed 3 beliefs for search');
      const pending = server.sqlite!.raw.prepare('SELECT count(*) AS n FROM beliefs WHERE search_terms IS NULL').get() as { n: number };
      expect(pending.n).toBe(0);
      expect((await searchBeliefs(server.deps, 'kim@example.com', 'greyhound pet', 5)).map((b) => b.id)).toEqual(['old-1']);
      expect((await searchBeliefs(server.deps, 'lee@example.com', 'greyhound', 5)).map((b) => b.id)).toEqual(['old-2']);
    } finally {
      await server.close();
    }
  });
});

describe('upgrading a data dir whose owner prefixes held vowels (node)', () => {
  it('computes every belief’s terms again at start-up under the consonant prefix, so "Tim" no longer finds "time"', async () => {
    const raw = new BetterSqlite3(join(prefixDir, 'belief-store.db'));
    migrate(
      raw,
      readMigrations().filter((m) => m.name < '0023'),
    );
    // As schema 0022's servers wrote them: a prefix of any letters, under which porter stems "time" as "tim".
    const old = 'auuzlbetqcub';
    raw
      .prepare(
        `INSERT INTO beliefs (id, owner, type, statement, norm_statement, scope, status, source_kind, created_at, updated_at, search_terms)
         VALUES ('old-time', 'kim@example.com', 'fact', 'The user spends time with family', 'the user spends time with family', 'universal', 'active', 'chat',
                 '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', ?)`,
      )
      .run(`${old}spends ${old}time ${old}family`);
    raw.close();
    const said: string[] = [];
    const server = await startServer({ env: { ...teamsEnv(), SERVICE_DATA_DIR: prefixDir }, port: 0, log: () => {}, say: (m) => said.push(m) });
    try {
      expect(said).toContain('belief-store: indexed 1 beliefs for search');
      const p = ownerPrefix('kim@example.com');
      const row = server.sqlite!.raw.prepare("SELECT search_terms FROM beliefs WHERE id = 'old-time'").get() as { search_terms: string };
      expect(row.search_terms).toBe(`${p}spends ${p}time ${p}family`);
      expect((await searchBeliefs(server.deps, 'kim@example.com', 'family time', 5)).map((b) => b.id)).toEqual(['old-time']);
      expect(await searchBeliefs(server.deps, 'kim@example.com', 'Tim', 5)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('upgrading a PostgreSQL database whose owner prefixes held vowels (node-pg)', () => {
  it.runIf(TARGETS.includes('node-pg'))('computes every belief’s terms again at start-up under the consonant prefix', async () => {
    const url = await sharedPostgres().createDatabase();
    const pool = new pg.Pool({ connectionString: url });
    try {
      await migratePostgres(
        pool,
        readPostgresMigrations().filter((m) => m.name < '0009'),
      );
      const old = 'auuzlbetqcub';
      await pool.query(
        `INSERT INTO beliefs (id, owner, type, statement, norm_statement, scope, status, source_kind, created_at, updated_at, search_terms)
         VALUES ('old-time', 'kim@example.com', 'fact', 'The user spends time with family', 'the user spends time with family', 'universal', 'active', 'chat',
                 '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', $1)`,
        [`${old}spends ${old}time ${old}family`],
      );
    } finally {
      await pool.end();
    }
    const said: string[] = [];
    const server = await startServer({
      env: { ...teamsEnv(), SERVICE_DATA_DIR: pgDir, SERVICE_DATABASE_URL: url },
      port: 0,
      log: () => {},
      say: (m) => said.push(m),
    });
    try {
      expect(said).toContain('belief-store: indexed 1 beliefs for search');
      expect((await searchBeliefs(server.deps, 'kim@example.com', 'family time', 5)).map((b) => b.id)).toEqual(['old-time']);
      expect(await searchBeliefs(server.deps, 'kim@example.com', 'Tim', 5)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
