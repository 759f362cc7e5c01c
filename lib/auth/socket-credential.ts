import type { Context } from 'hono';
import type { Db } from '../db/schema.ts';
import { precompiled } from '../db/precompiled.ts';
import { safeEqual, sha256Hex } from '../crypto.ts';
import { presentedSecret } from './bearer.ts';
import type { Settings } from '../settings.ts';
import { patExpired } from './tokens.ts';
import { sessionLive, type SessionLimits } from './sessions.ts';
import { userLocked } from '../stores/users.ts';
import type { Principal, SocketCredential } from '../ports/principal.ts';

/**
 * What a socket, or words queued for extraction, re-check while they last (credentialValid), for a
 * principal the middleware resolved; null for one that may not learn (anonymous, SCIM).
 */
export function credentialOf(c: Context, p: Principal): SocketCredential | null {
  switch (p.kind) {
    case 'pat':
      return { kind: 'pat', tokenId: p.tokenId };
    case 'user':
      return { kind: 'user', userName: p.userName, sessionId: p.sessionId };
    case 'root': {
      const bearer = presentedSecret(c);
      return { kind: 'root', sessionId: p.sessionId, tokenHash: p.sessionId === null && bearer ? sha256Hex(bearer) : null };
    }
    default:
      return null;
  }
}

/**
 * True while the credential a socket was opened with would still authenticate a request: a PAT
 * unrevoked, unexpired and owned by an existing, active user; a session neither ended nor expired
 * (idle or maximum lifetime); the root token not rotated away.
 */
export async function credentialValid(deps: { db: Db; settings: Pick<Settings, keyof SessionLimits> }, cred: SocketCredential): Promise<boolean> {
  const { db, settings } = deps;
  switch (cred.kind) {
    case 'pat': {
      const [row] = await patStateQuery(db, [cred.tokenId]);
      if (!row || row.revoked_at !== null || patExpired(row.expires_at, new Date())) return false;
      // A token whose user row is gone (deleted by hand) has no owner to act for, as on HTTP.
      return row.active !== null && !userLocked({ active: row.active, deleted_at: row.deleted_at });
    }
    case 'user': {
      const user = await db.selectFrom('users').select(['active', 'deleted_at']).where('user_name_lc', '=', cred.userName).executeTakeFirst();
      if (!user || userLocked(user)) return false;
      return cred.sessionId === null || sessionOpen(db, settings, cred.sessionId);
    }
    case 'root': {
      if (cred.sessionId !== null && !(await sessionOpen(db, settings, cred.sessionId))) return false;
      if (cred.tokenHash === null) return true;
      const stored = await db.selectFrom('meta').select('value').where('key', '=', 'root_token_hash').executeTakeFirst();
      return stored !== undefined && safeEqual(stored.value, cred.tokenHash);
    }
  }
}

async function sessionOpen(db: Db, limits: SessionLimits, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', id)
    .where(sessionLive('sessions', limits, new Date()))
    .executeTakeFirst();
  return row !== undefined;
}

/** A PAT's revocation, expiry and user (parameter: the token's id), compiled once: re-checked before every extraction of its words. */
const patStateQuery = precompiled<{ revoked_at: string | null; expires_at: string | null; active: number | null; deleted_at: string | null }>((db) =>
  db
    .selectFrom('api_tokens as t')
    .leftJoin('users as u', 'u.user_name_lc', 't.user_name')
    .select(['t.revoked_at', 't.expires_at', 'u.active', 'u.deleted_at'])
    .where('t.id', '=', ''),
);
