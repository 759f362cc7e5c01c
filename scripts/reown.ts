/**
 * Moves one owner's beliefs to another userName, for the switch from single to teams mode:
 *   npm run reown -- --to alice@corp.example [--from root]
 * Runs on the SQLite file in SERVICE_DATA_DIR (default ./data) while the service is stopped.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openSqlite } from '../lib/adapters/node/sqlite.ts';
import { beliefCountOf, reownQueries } from '../lib/stores/reown.ts';
import { indexPendingBeliefs } from '../lib/world/reindex.ts';

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

async function main(argv: string[]): Promise<void> {
  const to = option(argv, '--to')?.trim().toLowerCase();
  const from = (option(argv, '--from') ?? 'root').trim().toLowerCase();
  if (!to) fail(USAGE);
  if (to === 'root') fail('--to: "root" is reserved; name the person who will own these beliefs in teams mode');
  if (to === from) fail('--to: names the same owner as --from');
  const dataDir = resolve(process.env.SERVICE_DATA_DIR || './data');
  if (!existsSync(join(dataDir, 'belief-store.db'))) fail(`no database at ${join(dataDir, 'belief-store.db')}: set SERVICE_DATA_DIR`);
  const sqlite = openSqlite(dataDir);
  try {
    const moved = await beliefCountOf(sqlite.db, from);
    if (moved === 0) fail(`"${from}" owns no beliefs; nothing to move`);
    const existing = await beliefCountOf(sqlite.db, to);
    if (existing > 0) fail(`"${to}" already owns ${existing} beliefs; world models are never merged, nothing was moved`);
    await sqlite.atomic(reownQueries(sqlite.db, from, to, moved, new Date()));
    await indexPendingBeliefs(sqlite);
    process.stdout.write(`reown: moved ${moved} beliefs from "${from}" to "${to}"\n`);
  } finally {
    await sqlite.close();
  }
}

main(process.argv.slice(2)).catch((err: Error) => fail(err.message));
