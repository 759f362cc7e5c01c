/**
 * Moves one owner's beliefs to another userName, for the switch from single to teams mode:
 *   npm run reown -- --to alice@corp.example [--from root]
 * Runs with the service stopped, on SERVICE_DATABASE_URL when set, otherwise on the SQLite file in
 * SERVICE_DATA_DIR (default ./data); it refuses while the service runs on that data.
 */
import { resolve } from 'node:path';
import { isPostgresUrl, openPostgres } from '../lib/db/postgres/database.ts';
import { openOffline } from '../lib/db/sqlite/offline.ts';
import { displayDatabaseUrl, redactPassword } from '../lib/db/database-url.ts';
import { parseSettings, type Settings } from '../lib/settings.ts';
import { reownOwner, servicePostgresConnections } from '../lib/stores/reown.ts';
import { foldUserName, malformedUserName, reservedUserName, ROOT_USER } from '../lib/user-name.ts';

const USAGE = 'usage: npm run reown -- --to USERNAME [--from root]   (with the service stopped)';

function fail(message: string): never {
  process.stderr.write(`reown: ${message}\n`);
  process.exit(1);
}

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  if (!value || value.startsWith('--')) fail(USAGE);
  return value;
}

/** A refused argument: one line naming it, exit code 2 (nothing was moved). */
function badArgument(message: string): never {
  process.stderr.write(`reown: ${message} (nothing was moved)\n`);
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  const named = option(argv, '--to')?.trim();
  const from = foldUserName((option(argv, '--from') ?? 'root').trim());
  if (!named) fail(USAGE);
  const to = foldUserName(named);
  if (to === ROOT_USER) fail('--to: "root" is reserved; name the person who will own these beliefs in teams mode');
  // The same rule as a SCIM userName or the identity header: whoever signs in under this name must find them.
  const problem = malformedUserName(named) ?? reservedUserName(named);
  if (problem) badArgument(`--to: ${problem}`);
  if (to === from) fail('--to: names the same owner as --from');
  let settings: Settings;
  try {
    settings = parseSettings(process.env);
  } catch (err) {
    fail((err as Error).message);
  }
  let moved: number;
  if (settings.database) {
    const { url } = settings.database;
    if (!isPostgresUrl(url)) fail(`reown runs on SQLite or PostgreSQL; SERVICE_DATABASE_URL names ${displayDatabaseUrl(url)} (nothing was moved)`);
    let postgres: Awaited<ReturnType<typeof openPostgres>>;
    try {
      postgres = await openPostgres(url, 1);
    } catch (err) {
      fail(`cannot use ${displayDatabaseUrl(url)} (${redactPassword((err as Error).message, url)})`);
    }
    try {
      const busy = await servicePostgresConnections(postgres.db);
      if (busy > 0) fail(`the service is connected to ${displayDatabaseUrl(url)} (${busy} connections): stop every node first (nothing was moved)`);
      moved = await reownOwner(postgres, from, to);
    } catch (err) {
      fail(redactPassword((err as Error).message, url));
    } finally {
      await postgres.close();
    }
  } else {
    let sqlite: ReturnType<typeof openOffline>;
    try {
      sqlite = openOffline(resolve(settings.dataDir));
    } catch (err) {
      fail((err as Error).message);
    }
    try {
      const movedTo = sqlite.movedTo();
      if (movedTo) fail(`${sqlite.file} was moved to PostgreSQL (${movedTo}): set SERVICE_DATABASE_URL to reown there (nothing was moved)`);
      moved = await reownOwner(sqlite, from, to);
    } catch (err) {
      fail((err as Error).message);
    } finally {
      await sqlite.close();
    }
  }
  process.stdout.write(`reown: moved ${moved} beliefs from "${from}" to "${to}"\n`);
}

main(process.argv.slice(2)).catch((err: Error) => fail(err.message));
