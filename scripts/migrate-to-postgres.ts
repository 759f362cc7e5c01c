/**
 * Copies a stopped SQLite instance into PostgreSQL, for the move to SERVICE_DATABASE_URL:
 *   SERVICE_DATA_DIR=/var/lib/belief-store SERVICE_DATABASE_URL=postgres://… npm run migrate-to-postgres
 * Refuses while the service runs on the SQLite file (it holds the file for itself throughout).
 * The database must be new (empty); its schema is created first. Every row is read from one
 * snapshot and copied in one transaction; the SQLite file is then marked as moved, so operator
 * scripts no longer edit it. Keep the data dir (its master.key and root-token) for the
 * PostgreSQL-backed service.
 */
import { resolve } from 'node:path';
import { copySqliteToPostgres } from '../lib/db/postgres/copy-from-sqlite.ts';
import { isPostgresUrl, openPostgres } from '../lib/db/postgres/database.ts';
import { MOVED_TO_POSTGRES, openOffline } from '../lib/db/sqlite/offline.ts';
import { displayDatabaseUrl, redactPassword } from '../lib/db/database-url.ts';
import { parseSettings, type Settings } from '../lib/settings.ts';

function fail(message: string): never {
  process.stderr.write(`migrate-to-postgres: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = parseSettings(process.env);
  } catch (err) {
    fail((err as Error).message);
  }
  if (!settings.database) fail('set SERVICE_DATABASE_URL to the PostgreSQL database to copy into (postgres://user:password@host:5432/database)');
  const { url } = settings.database;
  if (!isPostgresUrl(url)) fail(`SERVICE_DATABASE_URL names ${displayDatabaseUrl(url)}, not a PostgreSQL database (postgres:// or postgresql://)`);
  let sqlite: ReturnType<typeof openOffline>;
  try {
    sqlite = openOffline(resolve(settings.dataDir));
  } catch (err) {
    fail((err as Error).message);
  }
  const { file, raw } = sqlite;
  try {
    const movedTo = sqlite.movedTo();
    // A second copy would be a second instance taking writes the first never sees.
    if (movedTo) fail(`${file} was moved to PostgreSQL already (${movedTo}); serve that database with SERVICE_DATABASE_URL (nothing was copied)`);
    let postgres: Awaited<ReturnType<typeof openPostgres>>;
    try {
      postgres = await openPostgres(url, 2);
    } catch (err) {
      fail(`cannot use ${displayDatabaseUrl(url)} (${redactPassword((err as Error).message, url)})`);
    }
    try {
      const copied = await copySqliteToPostgres(raw, postgres.pool);
      raw
        .prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
        .run(MOVED_TO_POSTGRES, `${displayDatabaseUrl(url)} at ${new Date().toISOString()}`);
      const total = [...copied.values()].reduce((a, b) => a + b, 0);
      const beliefs = copied.get('beliefs') ?? 0;
      process.stdout.write(
        `migrate-to-postgres: copied ${total} rows (${beliefs} beliefs, ${copied.size} tables) from ${file} to ${displayDatabaseUrl(url)}\n`,
      );
      process.stdout.write(
        `migrate-to-postgres: start the service with SERVICE_DATABASE_URL set and the same SERVICE_DATA_DIR (its master key opens the provider keys)\n`,
      );
    } catch (err) {
      fail(`nothing was copied: ${redactPassword((err as Error).message, url)}`);
    } finally {
      await postgres.close();
    }
  } finally {
    await sqlite.close();
  }
}

main().catch((err: Error) => fail(err.message));
