import type { Context } from 'hono';
import { sql, type Compilable } from 'kysely';
import type { AppEnv, Deps } from '../deps.ts';
import type { Db } from '../db/schema.ts';
import type { Principal } from '../auth/principal.ts';
import { FlushLater } from '../flush-later.ts';

/** Usage rows older than this many days are pruned (docs/teams.md). */
const USAGE_RETENTION_DAYS = 400;
/** Buffered counts are written at most this long after the response. */
const FLUSH_AFTER_MS = 1000;
/** Rows deleted per prune: a long-idle instance catches up over several flushes. */
const PRUNE_BATCH = 1000;
const PRUNE_EVERY_MS = 3_600_000;

export interface UsageKey {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  user_name: string;
  /** The PAT's id, or '' for a dashboard session and the root token. */
  token_id: string;
  /** The public model id, provider-id/model. */
  model: string;
}

export interface UsageCounts {
  requests: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  injected: number;
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The key one chat request of this caller is counted under. */
export function usageKey(principal: Principal, userName: string, model: string, at: Date): UsageKey {
  return { day: utcDay(at), user_name: userName, token_id: principal.kind === 'pat' ? principal.tokenId : '', model };
}

/**
 * Chat usage, coalesced in memory and written as one upsert per key about a second later, so a
 * chat request costs no database write of its own. Each process (each isolate under workerd)
 * buffers on its own; a buffer is lost if the process dies within that second.
 */
export class UsageBuffer {
  private pending = new Map<string, UsageKey & UsageCounts>();
  private readonly later: FlushLater;
  private lastPrune = 0;

  constructor(private readonly deps: Deps) {
    this.later = new FlushLater(deps.platform, FLUSH_AFTER_MS, () => this.flush());
  }

  add(c: Context<AppEnv>, key: UsageKey, counts: UsageCounts): void {
    this.merge(key, counts);
    this.later.request(c);
  }

  /** Writes what is buffered in one atomic change; readers call it first to see the latest counts. */
  async flush(): Promise<void> {
    this.later.done();
    const rows = [...this.pending.values()];
    this.pending = new Map();
    const { db, atomic } = this.deps;
    const queries: Compilable[] = rows.map((r) => upsertQuery(db, r));
    const now = this.deps.now();
    if (now.getTime() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      queries.push(pruneQuery(db, now));
    }
    if (queries.length === 0) return;
    try {
      await atomic(queries);
    } catch (err) {
      // Kept for the next flush rather than lost; nothing of this batch was written.
      for (const r of rows) this.merge(r, r);
      throw err;
    }
  }

  private merge(key: UsageKey, counts: UsageCounts): void {
    const id = `${key.day}\n${key.user_name}\n${key.token_id}\n${key.model}`;
    const row = this.pending.get(id);
    if (!row) {
      this.pending.set(id, {
        day: key.day,
        user_name: key.user_name,
        token_id: key.token_id,
        model: key.model,
        requests: counts.requests,
        errors: counts.errors,
        prompt_tokens: counts.prompt_tokens,
        completion_tokens: counts.completion_tokens,
        injected: counts.injected,
      });
      return;
    }
    row.requests += counts.requests;
    row.errors += counts.errors;
    row.prompt_tokens += counts.prompt_tokens;
    row.completion_tokens += counts.completion_tokens;
    row.injected += counts.injected;
  }
}

function upsertQuery(db: Db, r: UsageKey & UsageCounts) {
  return db
    .insertInto('usage_daily')
    .values(r)
    .onConflict((oc) =>
      oc.columns(['day', 'user_name', 'token_id', 'model']).doUpdateSet({
        requests: sql<number>`usage_daily.requests + ${r.requests}`,
        errors: sql<number>`usage_daily.errors + ${r.errors}`,
        prompt_tokens: sql<number>`usage_daily.prompt_tokens + ${r.prompt_tokens}`,
        completion_tokens: sql<number>`usage_daily.completion_tokens + ${r.completion_tokens}`,
        injected: sql<number>`usage_daily.injected + ${r.injected}`,
      }),
    );
}

/** Deletes at most PRUNE_BATCH rows past the retention. */
function pruneQuery(db: Db, now: Date) {
  const cutoff = utcDay(new Date(now.getTime() - USAGE_RETENTION_DAYS * 86_400_000));
  const old = db.selectFrom('usage_daily').select(sql<number>`rowid`.as('r')).where('day', '<', cutoff).limit(PRUNE_BATCH);
  return db.deleteFrom('usage_daily').where(sql<number>`rowid`, 'in', old);
}

const buffers = new WeakMap<Deps, UsageBuffer>();

/** The usage buffer of an app instance. */
export function usageFor(deps: Deps): UsageBuffer {
  let buffer = buffers.get(deps);
  if (!buffer) {
    buffer = new UsageBuffer(deps);
    buffers.set(deps, buffer);
  }
  return buffer;
}

export type UsageGroup = 'user' | 'model' | 'day';

const GROUP_COLUMN = { user: 'user_name', model: 'model', day: 'day' } as const;

/** Sums over a day range (both inclusive), for one user or (owner null) everyone. */
export async function usageReport(db: Db, q: { from: string; to: string; groupBy: UsageGroup; owner: string | null }) {
  const column = GROUP_COLUMN[q.groupBy];
  let query = db
    .selectFrom('usage_daily')
    .select((eb) => [
      eb.ref(column).as('key'),
      eb.fn.sum<number>('requests').as('requests'),
      eb.fn.sum<number>('errors').as('errors'),
      eb.fn.sum<number>('prompt_tokens').as('prompt_tokens'),
      eb.fn.sum<number>('completion_tokens').as('completion_tokens'),
      eb.fn.sum<number>('injected').as('injected'),
    ])
    .where('day', '>=', q.from)
    .where('day', '<=', q.to)
    .groupBy(column);
  if (q.owner !== null) query = query.where('user_name', '=', q.owner);
  query = q.groupBy === 'day' ? query.orderBy(column) : query.orderBy('requests', 'desc').orderBy(column);
  const rows = await query.execute();
  return rows.map((r) => ({
    key: String(r.key),
    requests: Number(r.requests),
    errors: Number(r.errors),
    prompt_tokens: Number(r.prompt_tokens),
    completion_tokens: Number(r.completion_tokens),
    injected: Number(r.injected),
  }));
}
