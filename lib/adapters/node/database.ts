import { join } from 'node:path';
import type { Log } from '../../background.ts';
import type { Database } from '../../db/database.ts';
import { DATABASE_URL_EXAMPLE, displayDatabaseUrl, redactPassword } from '../../db/database-url.ts';
import { joinCluster } from '../../db/postgres/cluster.ts';
import { openPostgres } from '../../db/postgres/database.ts';
import { openSqlite, type SqliteDatabase } from '../../db/sqlite/database.ts';
import { movedToPostgres } from '../../db/sqlite/offline.ts';
import { SettingsError, type Settings } from '../../settings.ts';
import { readBelief } from '../../world/beliefs/beliefs.ts';

type OpenServer = (url: string, poolSize: number, log: Log) => Promise<Database>;

/** The database server each SERVICE_DATABASE_URL scheme names: a new backend is its folder under lib/db/ and one line here. */
const SERVERS: Record<string, OpenServer> = {
  'postgres:': openPostgresDatabase,
  'postgresql:': openPostgresDatabase,
};

/**
 * Node's database, chosen here and nowhere else: the server SERVICE_DATABASE_URL names when it is
 * set (with its cluster: other processes may share it), else the SQLite file in the data dir.
 * Opened and migrated, or a refusal naming the setting at fault (never the URL's password).
 */
export async function openDatabase(settings: Settings, dataDir: string, log: Log): Promise<Database | SqliteDatabase> {
  if (!settings.database) return openSqliteFile(dataDir, settings.serveMovedSqlite, log);
  const { url, poolSize } = settings.database;
  return serverFor(url)(url, poolSize, log);
}

/** The opener for `url`'s scheme, or a refusal listing the schemes this build opens. */
export function serverFor(url: string): OpenServer {
  const { protocol } = new URL(url);
  if (Object.hasOwn(SERVERS, protocol)) return SERVERS[protocol]!;
  const schemes = Object.keys(SERVERS).map((s) => `${s}//`);
  throw new SettingsError(`SERVICE_DATABASE_URL must be a URL such as ${DATABASE_URL_EXAMPLE} (this build opens ${schemes.join(', ')})`);
}

/**
 * The data dir's SQLite file; one `npm run migrate-to-postgres` marked as moved is refused unless
 * `serveMoved`: its writes would never reach the PostgreSQL database that now holds the instance.
 */
async function openSqliteFile(dataDir: string, serveMoved: boolean, log: Log): Promise<SqliteDatabase> {
  const file = join(dataDir, 'belief-store.db');
  let database: SqliteDatabase;
  try {
    database = openSqlite(dataDir, log);
  } catch (err) {
    throw new SettingsError(`SERVICE_DATA_DIR: ${file} cannot be opened as this service's database (${reason(err)})`);
  }
  const movedTo = serveMoved ? null : movedToPostgres(database.raw);
  if (movedTo === null) return database;
  await database.close();
  throw new SettingsError(
    `SERVICE_DATABASE_URL: ${file} was moved to PostgreSQL (${movedTo}); set SERVICE_DATABASE_URL to that database (SERVICE_SERVE_MOVED_SQLITE=true serves this old copy anyway, apart from PostgreSQL)`,
  );
}

async function openPostgresDatabase(url: string, poolSize: number, log: Log): Promise<Database> {
  let database: Awaited<ReturnType<typeof openPostgres>>;
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
