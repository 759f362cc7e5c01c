import { join } from 'node:path';
import { displayDatabaseUrl, redactPassword } from '../../db/database-url.ts';
import { joinCluster } from '../../db/postgres/cluster.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/database.ts';
import { openSqlite, type SqliteDatabase } from '../../db/sqlite/database.ts';
import { SettingsError, type Settings } from '../../settings.ts';
import { readBelief } from '../../world/beliefs.ts';

/**
 * Node's database, chosen here and nowhere else: PostgreSQL when SERVICE_DATABASE_URL is set
 * (with its cluster: other processes may share it), else the SQLite file in the data dir. Opened
 * and migrated, or a refusal naming the setting at fault (never the URL's password).
 */
export async function openDatabase(
  settings: Settings,
  dataDir: string,
  log: (line: Record<string, unknown>) => void,
): Promise<SqliteDatabase | PostgresDatabase> {
  if (settings.database) return openPostgresDatabase(settings.database.url, settings.database.poolSize, log);
  return openSqliteFile(dataDir);
}

function openSqliteFile(dataDir: string): SqliteDatabase {
  try {
    return openSqlite(dataDir);
  } catch (err) {
    throw new SettingsError(`SERVICE_DATA_DIR: ${join(dataDir, 'belief-store.db')} cannot be opened as this service's database (${reason(err)})`);
  }
}

async function openPostgresDatabase(url: string, poolSize: number, log: (line: Record<string, unknown>) => void): Promise<PostgresDatabase> {
  let database: PostgresDatabase;
  try {
    database = await openPostgres(url, poolSize);
  } catch (err) {
    throw new SettingsError(`SERVICE_DATABASE_URL: cannot use ${displayDatabaseUrl(url)} as this service's database (${redactPassword(reason(err), url)})`);
  }
  try {
    return await joinCluster(database, url, readBelief, log);
  } catch (err) {
    throw new SettingsError(`SERVICE_DATABASE_URL: cannot listen for other nodes' changes on ${displayDatabaseUrl(url)} (${redactPassword(reason(err), url)})`);
  }
}

function reason(err: unknown): string {
  const { code, message } = err as { code?: string; message?: string };
  return [code, message].filter(Boolean).join(': ');
}
