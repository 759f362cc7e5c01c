import type { Db, Session } from '../db/schema.ts';
import { randomSecret, sha256Hex, uuid } from '../crypto.ts';

export const SESSION_COOKIE = 'bs_session';

export function findSession(db: Db, secret: string): Promise<Session | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256Hex(secret))
    .where('terminated_at', 'is', null)
    .executeTakeFirst();
}

export async function createSession(db: Db, userName: string, now: Date): Promise<{ id: string; secret: string }> {
  const secret = randomSecret();
  const id = uuid();
  const at = now.toISOString();
  await db
    .insertInto('sessions')
    .values({ id, token_hash: sha256Hex(secret), user_name: userName.toLowerCase(), created_at: at, last_seen_at: at })
    .execute();
  return { id, secret };
}

export function terminateSessionQuery(db: Db, id: string, now: Date) {
  return db.updateTable('sessions').set({ terminated_at: now.toISOString() }).where('id', '=', id).where('terminated_at', 'is', null);
}
