import type { Db, Session } from '../db/schema.ts';
import { randomSecret, sha256Hex, uuid } from '../crypto.ts';

export const SESSION_COOKIE = 'bs_session';
/** The user_name of sessions opened with the root token (never accepted from the identity header). */
export const ROOT_USER = 'root';

export function findSession(db: Db, secret: string): Promise<Session | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256Hex(secret))
    .where('terminated_at', 'is', null)
    .executeTakeFirst();
}

/** A new session: the secret goes into the cookie once; only its SHA-256 is stored. */
export function newSession(db: Db, userName: string, now: Date) {
  const secret = randomSecret();
  const id = uuid();
  const at = now.toISOString();
  const insert = db
    .insertInto('sessions')
    .values({ id, token_hash: sha256Hex(secret), user_name: userName.toLowerCase(), created_at: at, last_seen_at: at });
  return { id, secret, insert };
}

export function terminateSessionQuery(db: Db, id: string, now: Date) {
  return db.updateTable('sessions').set({ terminated_at: now.toISOString() }).where('id', '=', id).where('terminated_at', 'is', null);
}

/** Ends every open session of a userName, optionally sparing one. */
export function terminateSessionsOfQuery(db: Db, userName: string, now: Date, except: string | null = null) {
  let q = db
    .updateTable('sessions')
    .set({ terminated_at: now.toISOString() })
    .where('user_name', '=', userName.toLowerCase())
    .where('terminated_at', 'is', null);
  if (except) q = q.where('id', '!=', except);
  return q;
}

export function touchSessionQuery(db: Db, id: string, now: Date) {
  return db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', id);
}

export const SESSION_COLUMNS = ['id', 'user_name', 'created_at', 'last_seen_at', 'terminated_at'] as const;
