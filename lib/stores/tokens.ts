import type { Db } from '../db/schema.ts';

export interface PatIdentity {
  id: string;
  user_name: string;
  revoked_at: string | null;
  user_active: number | null;
  user_deleted_at: string | null;
}

/** One indexed lookup per request: no cache, so a direct change to api_tokens applies at once. */
export function findPatByHash(db: Db, tokenHash: string): Promise<PatIdentity | undefined> {
  return db
    .selectFrom('api_tokens as t')
    .leftJoin('users as u', 'u.user_name_lc', 't.user_name')
    .select(['t.id', 't.user_name', 't.revoked_at', 'u.active as user_active', 'u.deleted_at as user_deleted_at'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Coalesces last_used_at writes to at most one per token per second. */
export class LastUsedRecorder {
  private readonly written = new Map<string, number>();
  constructor(private readonly db: Db) {}

  async touch(tokenId: string, now: Date): Promise<void> {
    const ms = now.getTime();
    const last = this.written.get(tokenId) ?? 0;
    if (ms - last < 1000) return;
    this.written.set(tokenId, ms);
    if (this.written.size > 10_000) this.written.clear();
    await this.db.updateTable('api_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', tokenId).execute();
  }
}
