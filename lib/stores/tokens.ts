import { precompiled } from '../db/precompiled.ts';
import { storedConfigColumns } from '../config/store.ts';
import type { Db } from '../db/schema.ts';
import { sha256Hex, uuid } from '../crypto.ts';
import { generatePat } from '../pat.ts';
import { foldUserName } from '../user-name.ts';

export interface PatIdentity {
  id: string;
  user_name: string;
  revoked_at: string | null;
  user_active: number | null;
  user_deleted_at: string | null;
  /** The stored runtime config, read in the same statement: chat and models, most of what a PAT calls, need it. */
  config: string | null;
  sealed_keys: string;
}

/** Bound per call: the token hash. */
const patByHash = precompiled<PatIdentity>((db) =>
  db
    .selectFrom('api_tokens as t')
    .leftJoin('users as u', 'u.user_name_lc', 't.user_name')
    .select(['t.id', 't.user_name', 't.revoked_at', 'u.active as user_active', 'u.deleted_at as user_deleted_at'])
    .select(storedConfigColumns())
    .where('t.token_hash', '=', ''),
);

/** One indexed lookup per request: no cache of results, so a direct change to api_tokens applies at once. */
export async function findPatByHash(db: Db, tokenHash: string): Promise<PatIdentity | undefined> {
  return (await patByHash(db, [tokenHash]))[0];
}

export function touchPatQuery(db: Db, tokenId: string, now: Date) {
  return db.updateTable('api_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', tokenId);
}

/** A new PAT: the plaintext goes back to the caller once; only its SHA-256 is stored. `scope` is its default memory scope. */
export function newPat(db: Db, userName: string, name: string, now: Date, scope: string | null = null) {
  const { token, prefix } = generatePat();
  const row = {
    id: uuid(),
    user_name: foldUserName(userName),
    name,
    token_hash: sha256Hex(token),
    token_prefix: prefix,
    created_at: now.toISOString(),
    scope,
  };
  // Inserted only while the owner is active, so a token created during a SCIM deactivation
  // cannot slip past the revocation and come back to life on reactivation.
  const insert = db
    .insertInto('api_tokens')
    .columns(['id', 'user_name', 'name', 'token_hash', 'token_prefix', 'created_at', 'scope'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          eb.val(row.id).as('id'),
          eb.val(row.user_name).as('user_name'),
          eb.val(row.name).as('name'),
          eb.val(row.token_hash).as('token_hash'),
          eb.val(row.token_prefix).as('token_prefix'),
          eb.val(row.created_at).as('created_at'),
          eb.val(row.scope).as('scope'),
        ])
        .where('user_name_lc', '=', row.user_name)
        .where('active', '=', 1)
        .where('deleted_at', 'is', null),
    );
  return { token, row, insert };
}

/** The listing shape: never the hash. */
export const PAT_COLUMNS = ['id', 'user_name', 'name', 'token_prefix', 'created_at', 'last_used_at', 'scope', 'revoked_at'] as const;

export function findPat(db: Db, id: string) {
  return db.selectFrom('api_tokens').select([...PAT_COLUMNS, 'revoked_by']).where('id', '=', id).executeTakeFirst();
}

export function revokePatQuery(db: Db, id: string, by: string, now: Date) {
  return db
    .updateTable('api_tokens')
    .set({ revoked_at: now.toISOString(), revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null);
}
