import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { Atomic } from '../db/atomic.ts';
import type { Database } from '../db/database.ts';
import type { SqlDialect } from '../db/dialect.ts';
import type { Db, User } from '../db/schema.ts';
import { ApiError, notFound } from '../errors.ts';
import { uuid } from '../crypto.ts';
import { scimError } from './errors.ts';
import type { Filter } from './filter.ts';
import { filterToSql } from './filter-sql.ts';
import { guardedAuditQuery } from '../stores/audit.ts';
import { holdsBeliefs, moveOwnerQueries } from '../stores/owners.ts';
import { archiveOwner, foldUserName } from '../user-name.ts';
import { storedOf, type StoredResource, type UserAttrs } from './resource.ts';

/**
 * SCIM Users on the `users` table. Each change is one `atomic` call: the row write, then
 * everything that follows from it (revocation, session termination, audit) guarded by a
 * condition that holds only if that very write landed, then a read-back of the row.
 */
export interface ScimWriter {
  db: Db;
  atomic: Atomic;
  dialect: SqlDialect;
  now: () => Date;
  actor: string;
}

const MAX_ATTEMPTS = 5;

export async function findScimUser(db: Db, scimId: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('scim_id', '=', scimId).executeTakeFirst();
}

export async function listScimUsers(
  { db, dialect }: Database,
  filter: Filter | null,
  startIndex: number,
  count: number,
): Promise<{ total: number; rows: User[] }> {
  let base = db.selectFrom('users').where('scim_id', 'is not', null);
  if (filter) base = base.where(filterToSql(filter, dialect.scim));
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (count === 0 || startIndex > total) return { total, rows: [] };
  const rows = await base
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(count)
    .offset(startIndex - 1)
    .execute();
  return { total, rows };
}

/** POST: a new resource, or the adoption of a row first seen through the proxy header (or deleted). */
export async function createScimUser(w: ScimWriter, attrs: UserAttrs): Promise<User> {
  const { db } = w;
  const scimId = uuid();
  const at = w.now().toISOString();
  const lc = foldUserName(attrs.userName);
  const stored: StoredResource = { ...attrs, created: at };
  const columns = rowColumns(stored, at);
  const upsert = db
    .insertInto('users')
    .values({ id: uuid(), ...columns, scim_id: scimId, created_at: at })
    .onConflict((oc) =>
      oc
        .column('user_name_lc')
        .doUpdateSet({ ...columns, scim_id: scimId })
        .where('users.scim_id', 'is', null),
    );
  const landed = sql<SqlBool>`exists (select 1 from users where scim_id = ${scimId})`;
  const results = await run(w, [
    upsert,
    audit(w, landed, 'scim.user.created', lc, { id: scimId, active: attrs.active }),
    ...(attrs.active ? [] : lockOut(w, landed, lc, at)),
    db.selectFrom('users').selectAll().where('scim_id', '=', scimId),
  ]);
  const row = results.at(-1)!.rows[0] as User | undefined;
  if (!row) throw scimError(409, 'uniqueness', `userName: "${attrs.userName}" is already provisioned`);
  return row;
}

/** PUT and PATCH: `change` maps the current attributes to the new ones; retried on a concurrent write. */
export async function updateScimUser(w: ScimWriter, scimId: string, change: (current: StoredResource) => UserAttrs): Promise<User> {
  const { db } = w;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const row = await findScimUser(db, scimId);
    if (!row) throw notFound(`User ${scimId}`);
    const current = storedOf(row);
    const next = change(current);
    const at = w.now().toISOString();
    const stored: StoredResource = { ...next, created: current.created };
    const columns = rowColumns(stored, at);
    const update = db
      .updateTable('users')
      .set(columns)
      .where('id', '=', row.id)
      .where('scim_id', '=', scimId)
      .where('updated_at', '=', row.updated_at)
      .where('active', '=', row.active)
      .where('user_name_lc', '=', row.user_name_lc)
      .where('scim_resource', 'is not distinct from', row.scim_resource);
    const landed = sql<SqlBool>`exists (select 1 from users where id = ${row.id} and scim_id = ${scimId} and updated_at = ${at} and scim_resource = ${columns.scim_resource})`;
    const renamed = columns.user_name_lc !== row.user_name_lc;
    const wasActive = row.active === 1;
    const queries: Array<Parameters<Atomic>[0][number]> = [
      update,
      audit(w, landed, 'scim.user.updated', columns.user_name_lc, { id: scimId, changed: changedKeys(current, next) }),
    ];
    if (renamed) {
      queries.push(
        ...lockOut(w, landed, row.user_name_lc, at),
        ...followRename(w, landed, row.user_name_lc, columns.user_name_lc, scimId),
        audit(w, landed, 'scim.user.renamed', columns.user_name_lc, { id: scimId, from: row.user_name_lc }),
      );
    }
    if (!next.active) queries.push(...lockOut(w, landed, columns.user_name_lc, at));
    if (wasActive !== next.active) {
      queries.push(audit(w, landed, next.active ? 'scim.user.reactivated' : 'scim.user.deactivated', columns.user_name_lc, { id: scimId }));
    }
    queries.push(db.selectFrom('users').selectAll().where('id', '=', row.id));
    const results = await run(w, queries);
    const after = results.at(-1)!.rows[0] as User | undefined;
    if (after && after.scim_id === scimId && after.updated_at === at && after.scim_resource === columns.scim_resource) return after;
  }
  throw new ApiError(409, 'conflict', 'the user changed concurrently; retry the request');
}

/**
 * DELETE: the row stays but loses its SCIM id and is locked out. The user's data moves, in the
 * same change, to an archive owner no userName can take, so whoever is provisioned later under
 * the same userName is a new person and starts empty; admins still reach the archive by owner.
 */
export async function deleteScimUser(w: ScimWriter, scimId: string): Promise<{ userNameLc: string }> {
  const { db } = w;
  const row = await findScimUser(db, scimId);
  if (!row) throw notFound(`User ${scimId}`);
  const at = w.now().toISOString();
  const landed = sql<SqlBool>`exists (select 1 from users where id = ${row.id} and scim_id is null and deleted_at = ${at})`;
  const archive = archiveOwner(row.user_name_lc, scimId);
  const results = await run(w, [
    db.updateTable('users').set({ scim_id: null, active: 0, deleted_at: at, updated_at: at }).where('id', '=', row.id).where('scim_id', '=', scimId),
    ...lockOut(w, landed, row.user_name_lc, at),
    ...reown(w, landed, row.user_name_lc, archive),
    audit(w, landed, 'scim.user.deleted', row.user_name_lc, { id: scimId, archived_as: archive }),
  ]);
  if (results[0]!.changes === 0) throw notFound(`User ${scimId}`);
  return { userNameLc: row.user_name_lc };
}

/** Moves everything a userName owns to `archive`, if `landed`. */
function reown(w: ScimWriter, landed: RawBuilder<SqlBool>, userNameLc: string, archive: string) {
  const { db } = w;
  return [
    ...moveOwnerQueries(db, userNameLc, archive, landed),
    db.updateTable('api_tokens').set({ user_name: archive }).where('user_name', '=', userNameLc).where(landed),
    db.updateTable('sessions').set({ user_name: archive }).where('user_name', '=', userNameLc).where(landed),
  ];
}

/**
 * A renamed person keeps their memory under the new name, so nobody later given the old name
 * inherits it. Should the new name already hold beliefs (written for it by an admin), the old
 * ones go to the archive instead: two memories are never merged.
 */
function followRename(w: ScimWriter, landed: RawBuilder<SqlBool>, fromLc: string, toLc: string, scimId: string) {
  const taken = sql<SqlBool>`(${landed} and ${holdsBeliefs(toLc)})`;
  return [...moveOwnerQueries(w.db, fromLc, archiveOwner(fromLc, scimId), taken), ...moveOwnerQueries(w.db, fromLc, toLc, landed)];
}

/** Revokes every PAT and terminates every session of a (lowercased) userName, if `landed`. */
function lockOut(w: ScimWriter, landed: RawBuilder<SqlBool>, userNameLc: string, at: string) {
  return [
    w.db
      .updateTable('api_tokens')
      .set({ revoked_at: at, revoked_by: 'scim' })
      .where('user_name', '=', userNameLc)
      .where('revoked_at', 'is', null)
      .where(landed),
    w.db.updateTable('sessions').set({ terminated_at: at }).where('user_name', '=', userNameLc).where('terminated_at', 'is', null).where(landed),
  ];
}

function audit(w: ScimWriter, landed: RawBuilder<SqlBool>, action: string, target: string, detail: unknown): CompiledQuery {
  return guardedAuditQuery(w.db, { actor: w.actor, action, target, detail }, w.now(), landed).query;
}

function rowColumns(stored: StoredResource, at: string) {
  return {
    user_name: stored.userName,
    user_name_lc: foldUserName(stored.userName),
    active: stored.active ? 1 : 0,
    scim_managed: 1,
    external_id: stored.externalId ?? null,
    display_name: stored.displayName ?? null,
    scim_resource: JSON.stringify(stored),
    updated_at: at,
    deleted_at: null,
  };
}

function changedKeys(before: UserAttrs, after: UserAttrs): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete('created');
  return [...keys].filter((k) => JSON.stringify(before[k as keyof UserAttrs]) !== JSON.stringify(after[k as keyof UserAttrs])).sort();
}

async function run(w: ScimWriter, queries: Parameters<Atomic>[0]) {
  try {
    return await w.atomic(queries);
  } catch (err) {
    if (w.dialect.violatesUnique(err, 'users', 'user_name_lc')) {
      throw scimError(409, 'uniqueness', 'userName: already used by another user');
    }
    throw err;
  }
}
