import { sql, type SqlBool } from 'kysely';
import { precompiledWithDialect } from '../db/precompiled.ts';
import type { Database } from '../db/database.ts';
import { untilCommit } from '../db/until-commit.ts';
import { storedConfigColumns } from '../stores/config.ts';
import type { Db } from '../db/schema.ts';
import { sha256Hex, uuid } from '../crypto.ts';
import { generatePat } from './pat.ts';
import { foldUserName } from '../user-name.ts';

export interface PatIdentity {
  id: string;
  user_name: string;
  revoked_at: string | null;
  expires_at: string | null;
  user_active: number | null;
  user_deleted_at: string | null;
  /** The owner's SCIM id: the person the userName stands for (generationOf), read here so a chat counts its usage without a query of its own. */
  user_scim_id: string | null;
  /** The token's default memory scope, read here so a chat finds it without a query of its own. */
  scope: string | null;
  /** The stored runtime config, read in the same statement: chat and models, most of what a PAT calls, need it. */
  config: string | null;
  sealed_keys: string;
}

/** Bound per call: the token hash. */
const patByHash = precompiledWithDialect<PatIdentity>((db, dialect) =>
  db
    .selectFrom('api_tokens as t')
    .leftJoin('users as u', 'u.user_name_lc', 't.user_name')
    .select([
      't.id',
      't.user_name',
      't.revoked_at',
      't.expires_at',
      't.scope',
      'u.active as user_active',
      'u.deleted_at as user_deleted_at',
      'u.scim_id as user_scim_id',
    ])
    .select(storedConfigColumns(dialect))
    .where('t.token_hash', '=', ''),
);

/**
 * One indexed lookup, kept only until the next commit to the database (untilCommit): a direct change
 * to api_tokens, users, the config or the credentials applies to the next request.
 */
export const findPatByHash = untilCommit(async (database: Database, tokenHash: string): Promise<PatIdentity | undefined> => {
  return (await patByHash(database, [tokenHash]))[0];
});

/** Last use is written at most once a second per token, also when several processes write it. */
export const PAT_TOUCH_MS = 1000;

export function touchPatQuery(db: Db, tokenId: string, now: Date) {
  return db
    .updateTable('api_tokens')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', new Date(now.getTime() - PAT_TOUCH_MS).toISOString())]));
}

/**
 * True from `expires_at` on. A value an operator wrote that does not parse as a time counts as
 * expired: a token must never live longer because of a typo.
 */
export function patExpired(expiresAt: string | null, now: Date): boolean {
  if (expiresAt === null) return false;
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) || at <= now.getTime();
}

/**
 * A PAT that still authenticates at `at`: unrevoked and unexpired. The tokens a user "holds"
 * (SERVICE_MAX_PATS_PER_USER, token counts and lists); columns unqualified, so the query must
 * read api_tokens alone or beside tables without these columns.
 */
export function activePat(at: Date) {
  return sql<SqlBool>`(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${at.toISOString()}))`;
}

export interface NewPatOptions {
  scope?: string | null;
  /** Lifetime in days; null = never expires. */
  expiresInDays?: number | null;
  /** The insert is skipped when the owner already holds this many active PATs. */
  maxActive: number;
}

/** A new PAT: the plaintext goes back to the caller once; only its SHA-256 is stored. `scope` is its default memory scope. */
export function newPat({ db, dialect }: Database, userName: string, name: string, now: Date, options: NewPatOptions) {
  const { token, prefix } = generatePat();
  const days = options.expiresInDays ?? null;
  const row = {
    id: uuid(),
    user_name: foldUserName(userName),
    name,
    token_hash: sha256Hex(token),
    token_prefix: prefix,
    created_at: now.toISOString(),
    scope: options.scope ?? null,
    expires_at: days === null ? null : new Date(now.getTime() + days * 86_400_000).toISOString(),
  };
  // Inserted only while the owner is active, so a token created during a SCIM deactivation
  // cannot slip past the revocation and come back to life on reactivation (on PostgreSQL the
  // user's row is share-locked, as stores/users.ts liveUser explains); and only while the
  // owner holds fewer than the allowed active PATs, counted in the same statement so that two
  // concurrent creations cannot both pass.
  const active = db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_name', '=', row.user_name)
    .where(activePat(now));
  const insert = db
    .insertInto('api_tokens')
    .columns(['id', 'user_name', 'name', 'token_hash', 'token_prefix', 'created_at', 'scope', 'expires_at'])
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
          eb.val(row.expires_at).as('expires_at'),
        ])
        .where('user_name_lc', '=', row.user_name)
        .where('active', '=', 1)
        .where('deleted_at', 'is', null)
        .where(active, '<', options.maxActive)
        .$if(dialect.lockForShare, (q) => q.forShare()),
    );
  return { token, row, insert };
}

/** The listing shape: never the hash. */
export const PAT_COLUMNS = ['id', 'user_name', 'name', 'token_prefix', 'created_at', 'last_used_at', 'expires_at', 'scope', 'revoked_at'] as const;

export function findPat(db: Db, id: string) {
  return db
    .selectFrom('api_tokens')
    .select([...PAT_COLUMNS, 'revoked_by'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function revokePatQuery(db: Db, id: string, by: string, now: Date) {
  return db.updateTable('api_tokens').set({ revoked_at: now.toISOString(), revoked_by: by }).where('id', '=', id).where('revoked_at', 'is', null);
}
