import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresBinDir, startPostgres } from '../support/postgres.ts';
import { sharedPostgres } from '../support/shared-postgres.ts';

async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('throwaway PostgreSQL cluster', () => {
  it('gives each caller a fresh, separate database in the run cluster', async () => {
    const shared = sharedPostgres();
    const a = await shared.createDatabase();
    const b = await shared.createDatabase();
    expect(a).not.toBe(b);
    await query(a, 'CREATE TABLE t (x int)');
    await query(a, 'INSERT INTO t VALUES (1)');
    expect(await query(a, 'SELECT x FROM t')).toEqual([{ x: 1 }]);
    await expect(query(b, 'SELECT x FROM t')).rejects.toThrow(/does not exist/);
  });

  it('starts and stops a cluster of its own, deleting it', async () => {
    const cluster = await startPostgres();
    const db = await cluster.createDatabase('own_db');
    expect(await query(db, 'SELECT current_database() AS d')).toEqual([{ d: 'own_db' }]);
    await cluster.stop();
    await expect(query(db, 'SELECT 1')).rejects.toThrow();
  });

  it('fails, naming where it looked, when the binaries are missing', () => {
    expect(() => postgresBinDir('/nonexistent', '/nonexistent')).toThrow(/initdb, postgres\) not found in PATH/);
    expect(postgresBinDir()).toMatch(/bin$/);
  });
});
