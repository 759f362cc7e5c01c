import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Atomic } from '../db/atomic.ts';
import { insertIf } from '../db/insert-if.ts';
import type { Database } from '../db/database.ts';
import type { Db } from '../db/schema.ts';
import type { StoredConfig } from '../runtime-config.ts';
import { storedConfigColumns, storedConfigOf } from '../stores/config.ts';
import { precompiledWithDialect } from '../db/precompiled.ts';
import { safeEqual, sha256Hex } from '../crypto.ts';
import { SettingsError } from '../settings.ts';

/** The `meta` keys of the root token's hash and of the deployment value last applied. */
const LIVE = 'root_token_hash';
const DEPLOYED = 'root_deployment_hash';
/** The `meta` key marking a root token hash retired: a deployment may never bring it back. */
const retiredKey = (hash: string) => `root_retired:${hash}`;

/** Starts racing one another to apply their deployment values, re-read after each lost race. */
const MAX_ATTEMPTS = 8;

/**
 * The root token lives as a hash in `meta`. The deployment value (env or file) is applied when it
 * differs from the one last applied, so a rotation through the API survives restarts until the
 * secret changes. Applying a new deployment value retires the values it replaces (the previous
 * deployment value and the live root token) for good: a node started later with a retired value,
 * as one left behind by a rolling rotation would be, refuses to start instead of reviving it.
 * The change is a compare-and-set on the deployment value read: of nodes started at the same
 * instant with different values, one applies its value first and each other one, finding the value
 * changed under it, reads again and retires it in turn. Whichever applies last is live; every
 * value it replaced is retired, none is left valid beside it.
 */
export async function applyDeploymentRootToken(db: Db, atomic: Atomic, deploymentValue: string): Promise<void> {
  const hash = sha256Hex(deploymentValue);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if ((await getMeta(db, retiredKey(hash))) !== undefined) {
      throw new SettingsError(
        'SERVICE_API_TOKEN: this root token was retired when a newer one was deployed (by another node or an earlier start); start with the current root token',
      );
    }
    const deployed = await getMeta(db, DEPLOYED);
    if (deployed === hash) return;
    const live = await getMeta(db, LIVE);
    const replaced = new Set([deployed, live].filter((h): h is string => h !== undefined && h !== hash));
    const at = new Date().toISOString();
    // Claimed first, so on PostgreSQL a racing start waits on this row and then finds it changed.
    const claim =
      deployed === undefined
        ? insertMetaQuery(db, DEPLOYED, hash)
        : db.updateTable('meta').set({ value: hash }).where('key', '=', DEPLOYED).where('value', '=', deployed);
    const claimed = sql<SqlBool>`exists ${metaQuery(db, DEPLOYED).where('value', '=', hash)}`;
    const [result] = await atomic([
      claim,
      ...[...replaced].map((h) => insertMetaQuery(db, retiredKey(h), at, claimed)),
      db.updateTable('meta').set({ value: hash }).where('key', '=', LIVE).where(claimed),
      insertMetaQuery(db, LIVE, hash, claimed),
    ]);
    if (result!.changes > 0) return;
  }
  throw new SettingsError('SERVICE_API_TOKEN: other nodes kept changing the root token while this one started; start it again');
}

const rootHashQuery = precompiledWithDialect<{ value: string; config: string | null; sealed_keys: string }>((db, dialect) =>
  metaQuery(db, LIVE).select(storedConfigColumns(dialect)),
);

/**
 * The stored config when `presentedHash` is the root token's hash, else null; both are read in one
 * statement (it runs on every bearer request). Read on every call, never cached: a rotation
 * applies to the very next request.
 */
export async function matchRootToken(database: Database, presentedHash: string): Promise<StoredConfig | null> {
  const [row] = await rootHashQuery(database, [LIVE]);
  return row !== undefined && safeEqual(presentedHash, row.value) ? storedConfigOf(row) : null;
}

export async function isRootToken(database: Database, presented: string): Promise<boolean> {
  return (await matchRootToken(database, sha256Hex(presented))) !== null;
}

export function setRootTokenQuery(db: Db, token: string) {
  return setMetaQuery(db, LIVE, sha256Hex(token));
}

function setMetaQuery(db: Db, key: string, value: string) {
  return db
    .insertInto('meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }));
}

/** Inserts the key unless it exists (and, with `guard`, only while that holds). */
function insertMetaQuery(db: Db, key: string, value: string, guard?: RawBuilder<SqlBool>) {
  const insert = guard ? insertIf(db, 'meta', { key, value }, guard) : db.insertInto('meta').values({ key, value });
  return insert.onConflict((oc) => oc.column('key').doNothing());
}

function metaQuery(db: Db, key: string) {
  return db.selectFrom('meta').select('value').where('key', '=', key);
}

async function getMeta(db: Db, key: string): Promise<string | undefined> {
  return (await metaQuery(db, key).executeTakeFirst())?.value;
}
