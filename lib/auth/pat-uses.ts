import type { Context } from 'hono';
import { guarded } from '../background.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { FlushLater } from '../flush-later.ts';
import { PAT_TOUCH_MS, touchPatQuery } from './tokens.ts';

/** Tokens remembered between writes at most; the one past it starts the write at once. */
const PENDING_MAX = 10_000;

/**
 * Each PAT's last use, kept in memory (the latest per token) and written about a second later in
 * one atomic change, so an authenticated request waits for no write of its own. Readers of
 * `last_used_at` call flush() first. A write that fails keeps its uses for the next one; the uses
 * of a process that dies before its write are lost, as its usage counts are.
 */
export class PatUses {
  private pending = new Map<string, Date>();
  private readonly later: FlushLater;

  constructor(private readonly deps: Deps) {
    this.later = new FlushLater(deps.platform, PAT_TOUCH_MS, 'pat_use_flush', () => this.write());
  }

  add(c: Context<AppEnv>, tokenId: string, at: Date): void {
    this.merge(tokenId, at);
    if (this.pending.size < PENDING_MAX) this.later.request(c);
    else this.deps.platform.background(c, guarded(this.deps.platform.log, 'pat_use_flush', this.flush()));
  }

  flush(): Promise<void> {
    return this.later.flush();
  }

  private async write(): Promise<void> {
    const uses = this.pending;
    if (uses.size === 0) return;
    this.pending = new Map();
    try {
      await this.deps.atomic([...uses].map(([id, at]) => touchPatQuery(this.deps.db, id, at)));
    } catch (err) {
      for (const [id, at] of uses) this.merge(id, at);
      throw err;
    }
  }

  private merge(tokenId: string, at: Date): void {
    const known = this.pending.get(tokenId);
    if (!known || known < at) this.pending.set(tokenId, at);
  }
}
