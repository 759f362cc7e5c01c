import type { Atomic } from '../db/atomic.ts';
import type { Db } from '../db/schema.ts';
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

export async function isRootToken(db: Db, presented: string): Promise<boolean> {
  const stored = await getMeta(db, 'root_token_hash');
  return stored !== undefined && safeEqual(sha256Hex(presented), stored);
}

export function setRootTokenQuery(db: Db, token: string) {
  return setMetaQuery(db, 'root_token_hash', sha256Hex(token));
}

function setMetaQuery(db: Db, key: string, value: string) {
  return db.insertInto('meta').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value }));
}

async function getMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
