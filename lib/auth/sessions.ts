import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Session } from '../db/schema.ts';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base64url, randomSecret, sha256Hex, uuid } from '../crypto.ts';
import { foldUserName } from '../user-name.ts';
import { insertIf } from '../db/insert-if.ts';

export { ROOT_USER } from '../user-name.ts';

/** How long a session lives: unused for `idleMs`, or `maxMs` after it began (API.md §2). */
export interface SessionLimits {
  sessionIdleMs: number;
  sessionMaxMs: number;
}

/** Ended rows stay listed (and audited) this long before they are pruned. */
const KEEP_ENDED_MS = 24 * 3_600_000;
const PRUNE_BATCH = 200;

/** Last use is written at most this often per session: a tenth of the idle timeout, at most a minute. */
export function touchIntervalMs(limits: SessionLimits): number {
  return Math.min(60_000, Math.floor(limits.sessionIdleMs / 10));
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The one test of a session that has not ended: not terminated, used within the idle timeout,
 * younger than the maximum lifetime. `table` is the sessions table's name or alias in the query.
 */
export function sessionLive(table: string, limits: SessionLimits, now: Date): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`(${column('terminated_at')} is null and ${column('last_seen_at')} > ${iso(now.getTime() - limits.sessionIdleMs)} and ${column('created_at')} > ${iso(now.getTime() - limits.sessionMaxMs)})`;
}

/** When a session ended (terminated, or expired by its lifetimes), or null while it is live. */
export function sessionEndedAt(row: Pick<Session, 'created_at' | 'last_seen_at' | 'terminated_at'>, limits: SessionLimits, now: Date): string | null {
  if (row.terminated_at !== null) return row.terminated_at;
  const expires = Math.min(Date.parse(row.last_seen_at) + limits.sessionIdleMs, Date.parse(row.created_at) + limits.sessionMaxMs);
  return expires <= now.getTime() ? iso(expires) : null;
}

function live(db: Db, limits: SessionLimits, now: Date) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where(sessionLive('sessions', limits, now));
}

export function findSession(db: Db, secret: string, limits: SessionLimits, now: Date): Promise<Session | undefined> {
  return live(db, limits, now).where('token_hash', '=', sha256Hex(secret)).executeTakeFirst();
}

/** The user's live session opened by the same client (an identity-header request without a cookie). */
export function findClientSession(db: Db, userName: string, client: string, limits: SessionLimits, now: Date): Promise<Session | undefined> {
  return live(db, limits, now)
    .where('user_name', '=', foldUserName(userName))
    .where('client', '=', client)
    .orderBy('last_seen_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The client key of a request: the SHA-256 of its User-Agent. */
export function clientKey(userAgent: string | undefined): string {
  return sha256Hex(userAgent ?? '');
}

/**
 * A new session: only its secret's SHA-256 is stored. The secret is random, or derived from the
 * new id by `secretFor` (sessions opened by the identity header, whose cookie is set again for
 * each browser of the same client, see derivedSessionSecret). With `guard`, the row is inserted
 * only while it holds (a user's session: only while the user is live, stores/users.ts liveUser).
 */
export function newSession(
  db: Db,
  userName: string,
  now: Date,
  client: string | null = null,
  secretFor: (id: string) => string = randomSecret,
  guard?: RawBuilder<SqlBool>,
) {
  const id = uuid();
  const secret = secretFor(id);
  const at = now.toISOString();
  const row = { id, token_hash: sha256Hex(secret), user_name: foldUserName(userName), created_at: at, last_seen_at: at, client };
  const insert = guard ? insertIf(db, 'sessions', row, guard) : db.insertInto('sessions').values(row);
  return { id, secret, insert };
}

/**
 * The key the cookie secrets of identity-header sessions are derived from: from the master key,
 * which never enters the database, where the runtime has one; else a random key kept in `meta`,
 * created on first use, the same for every process sharing the database.
 */
export async function sessionKey(db: Db, masterKey: Uint8Array | null): Promise<Uint8Array> {
  if (masterKey) return hmac(sha256, masterKey, utf8ToBytes('belief-store session cookie'));
  const read = () => db.selectFrom('meta').select('value').where('key', '=', 'session_key').executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('meta')
      .values({ key: 'session_key', value: randomSecret() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await read();
  }
  return utf8ToBytes(row!.value);
}

/**
 * The cookie secret of an identity-header session, derived from its id: a second browser of the
 * same user and client, which reuses the session, can be given the same cookie.
 */
export function derivedSessionSecret(key: Uint8Array, id: string): string {
  return base64url(hmac(sha256, key, utf8ToBytes(id)));
}

/** Gives a session a new secret (an older session whose random secret cannot be set again). */
export function rekeySessionQuery(db: Db, id: string, secret: string) {
  return db
    .updateTable('sessions')
    .set({ token_hash: sha256Hex(secret) })
    .where('id', '=', id);
}

export function terminateSessionQuery(db: Db, id: string, now: Date) {
  return db.updateTable('sessions').set({ terminated_at: now.toISOString() }).where('id', '=', id).where('terminated_at', 'is', null);
}

/** Ends every open session of a userName, optionally sparing one. */
export function terminateSessionsOfQuery(db: Db, userName: string, now: Date, except: string | null = null) {
  let q = db
    .updateTable('sessions')
    .set({ terminated_at: now.toISOString() })
    .where('user_name', '=', foldUserName(userName))
    .where('terminated_at', 'is', null);
  if (except) q = q.where('id', '!=', except);
  return q;
}

/** Records a session's use unless another request (on any process) recorded one within `intervalMs`. */
export function touchSessionQuery(db: Db, id: string, now: Date, intervalMs: number) {
  return db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', id)
    .where('last_seen_at', '<=', new Date(now.getTime() - intervalMs).toISOString());
}

/** Deletes up to one batch of sessions that ended (terminated or expired) more than a day ago. */
export function pruneSessionsQuery(db: Db, limits: SessionLimits, now: Date) {
  const t = now.getTime() - KEEP_ENDED_MS;
  const ended = db
    .selectFrom('sessions')
    .select('id')
    .where((eb) =>
      eb.or([eb('terminated_at', '<', iso(t)), eb('last_seen_at', '<', iso(t - limits.sessionIdleMs)), eb('created_at', '<', iso(t - limits.sessionMaxMs))]),
    )
    .limit(PRUNE_BATCH);
  return db.deleteFrom('sessions').where('id', 'in', ended);
}

export const SESSION_COLUMNS = ['id', 'user_name', 'created_at', 'last_seen_at', 'terminated_at'] as const;
