import type { Atomic } from '../db/atomic.ts';
import type { Db } from '../db/schema.ts';
import { storedConfigColumns, storedConfigOf, type StoredConfig } from '../stores/config.ts';
import { precompiled } from '../db/precompiled.ts';
import { safeEqual, sha256Hex } from '../crypto.ts';

/**
 * The root token lives as a hash in `meta`. The deployment value (env or file) is applied when it
 * differs from the one last applied, so a rotation survives restarts until the secret changes.
 */
export async function applyDeploymentRootToken(db: Db, atomic: Atomic, deploymentValue: string): Promise<void> {
  const hash = sha256Hex(deploymentValue);
  if ((await getMeta(db, 'root_deployment_hash')) === hash) return;
  await atomic([setMetaQuery(db, 'root_token_hash', hash), setMetaQuery(db, 'root_deployment_hash', hash)]);
}

const rootHashQuery = precompiled<{ value: string; config: string | null; sealed_keys: string }>((db) =>
  metaQuery(db, 'root_token_hash').select(storedConfigColumns(db)),
);

/**
 * The stored config when `presentedHash` is the root token's hash, else null; both are read in one
 * statement (it runs on every bearer request). Read on every call, never cached: a rotation
 * applies to the very next request.
 */
export async function matchRootToken(db: Db, presentedHash: string): Promise<StoredConfig | null> {
  const [row] = await rootHashQuery(db, ['root_token_hash']);
  return row !== undefined && safeEqual(presentedHash, row.value) ? storedConfigOf(row) : null;
}

export async function isRootToken(db: Db, presented: string): Promise<boolean> {
  return (await matchRootToken(db, sha256Hex(presented))) !== null;
}

export function setRootTokenQuery(db: Db, token: string) {
  return setMetaQuery(db, 'root_token_hash', sha256Hex(token));
}

function setMetaQuery(db: Db, key: string, value: string) {
  return db
    .insertInto('meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }));
}

function metaQuery(db: Db, key: string) {
  return db.selectFrom('meta').select('value').where('key', '=', key);
}

async function getMeta(db: Db, key: string): Promise<string | undefined> {
  return (await metaQuery(db, key).executeTakeFirst())?.value;
}
