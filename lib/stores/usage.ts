import type { Context } from 'hono';
import { sql, type Compilable } from 'kysely';
import type { AppEnv, Deps } from '../deps.ts';
import { precompiled } from '../db/precompiled.ts';
import type { Db } from '../db/schema.ts';
import { FlushLater } from '../flush-later.ts';
import { ARCHIVE_PREFIX } from '../user-name.ts';

/** Usage rows older than this many days are pruned (docs/teams.md). */
const USAGE_RETENTION_DAYS = 400;
/** Buffered counts are written at most this long after the response. */
const FLUSH_AFTER_MS = 1000;
/** Rows deleted per prune: a long-idle instance catches up over several flushes. */
const PRUNE_BATCH = 1000;
const PRUNE_EVERY_MS = 3_600_000;
/** Answers whose counts may wait, and the characters they may hold: past either they are counted at once. */
const UNREAD_KEPT = 256;
const UNREAD_KEPT_CHARS = 4_000_000;

/** What a model call was for: a caller's chat, or the service's own work for an owner. */
export const PURPOSES = ['chat', 'extraction', 'persona', 'embeddings'] as const;
export type Purpose = (typeof PURPOSES)[number];

export interface UsageKey {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  user_name: string;
  /** Who held the userName when the call was made (generationOf). */
  generation: string;
  /** The PAT's id, or '' for a dashboard session, the root token and the service's own calls. */
  token_id: string;
  /** The public model id, provider-id/model. */
  model: string;
  purpose: Purpose;
}

export interface UsageCounts {
  requests: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  injected: number;
}

const DAY_MS = 86_400_000;
/** The UTC day last named and its bounds: a chat names its day with every request. */
let named = { from: 0, to: 0, day: '' };

/** `at`'s UTC day, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  const ms = at.getTime();
  if (ms >= named.from && ms < named.to) return named.day;
  const from = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  named = { from, to: from + DAY_MS, day: at.toISOString().slice(0, 10) };
  return named.day;
}

/** The key one chat request is counted under; `tokenId` is the PAT's id, '' for any other credential. */
export function usageKey(tokenId: string, userName: string, generation: string, model: string, at: Date): UsageKey {
  return { day: utcDay(at), user_name: userName, generation, token_id: tokenId, model, purpose: 'chat' };
}

/** The generation of a deleted users row whose SCIM id can no longer be found. */
const DELETED = 'deleted';

const userIdentityQuery = precompiled<{ scim_id: string | null; deleted_at: string | null }>((db) =>
  db.selectFrom('users').select(['scim_id', 'deleted_at']).where('user_name_lc', '=', ''),
);

/**
 * Which person a userName stands for now: its SCIM id, so that a userName deleted and provisioned
 * again (a new SCIM id) is a new person whose usage starts at zero; '' for root and users not
 * provisioned through SCIM. For a userName deleted and not provisioned again (a model call that
 * was under way at the deletion) it is the deleted person's, as the deletion's audit event names it.
 */
export async function generationOf(db: Db, userName: string): Promise<string> {
  const [row] = await userIdentityQuery(db, [userName]);
  if (!row) return '';
  if (row.deleted_at === null) return row.scim_id ?? '';
  const deletion = await db
    .selectFrom('audit_events')
    .select('detail')
    .where('action', '=', 'scim.user.deleted')
    .where('target', '=', userName)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const id = deletion?.detail ? (JSON.parse(deletion.detail) as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' ? id : DELETED;
}

/**
 * Chat usage, coalesced in memory and written as one upsert per key about a second later, so a
 * chat request costs no database write of its own. Each process (each isolate under workerd)
 * buffers on its own; a buffer is lost if the process dies within that second.
 */
export class UsageBuffer {
  private pending = new Map<string, UsageKey & UsageCounts>();
  /** Counts still to be worked out (addLater), with the characters of the answers they read, and the timer that will. */
  private unread: { key: UsageKey; counts: () => UsageCounts }[] = [];
  private unreadChars = 0;
  private settling: ReturnType<typeof setTimeout> | null = null;
  private readonly later: FlushLater;
  private lastPrune = 0;

  constructor(private readonly deps: Deps) {
    this.later = new FlushLater(deps.platform, FLUSH_AFTER_MS, 'usage_flush', () => this.write());
  }

  add(c: Context<AppEnv>, key: UsageKey, counts: UsageCounts): void {
    this.merge(key, counts);
    this.later.request(c);
  }

  /**
   * As add, with the counts worked out from a timer (at the latest when the buffer is written, or
   * at once when many wait): what a chat's answer counts is read from its `chars` characters after
   * the response is on its way, not before. Those of a burst are counted together, within a
   * millisecond or so: an answer kept longer would outlive the young generation's collections and
   * cost the old generation's. `counts` must not throw.
   */
  addLater(c: Context<AppEnv>, key: UsageKey, chars: number, counts: () => UsageCounts): void {
    this.unread.push({ key, counts });
    this.unreadChars += chars;
    if (this.unread.length >= UNREAD_KEPT || this.unreadChars >= UNREAD_KEPT_CHARS) this.settle();
    else this.settling ??= setTimeout(() => this.settle(), 0);
    this.later.request(c);
  }

  /**
   * Writes what is buffered in one atomic change; readers call it first to see the latest counts.
   */
  flush(): Promise<void> {
    return this.later.flush();
  }

  private settle(): void {
    if (this.settling) clearTimeout(this.settling);
    this.settling = null;
    const unread = this.unread;
    this.unread = [];
    this.unreadChars = 0;
    for (const u of unread) this.merge(u.key, u.counts());
  }

  private async write(): Promise<void> {
    this.settle();
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
    const id = [key.day, key.user_name, key.generation, key.token_id, key.model, key.purpose].join('\n');
    const row = this.pending.get(id);
    if (!row) {
      this.pending.set(id, {
        day: key.day,
        user_name: key.user_name,
        generation: key.generation,
        token_id: key.token_id,
        model: key.model,
        purpose: key.purpose,
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
      oc.columns(['day', 'user_name', 'generation', 'token_id', 'model', 'purpose']).doUpdateSet({
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

/** One service call's counts, written at once (the service's own calls have no request to buffer with). */
export async function recordUsage(db: Db, row: Omit<UsageKey, 'generation'>, counts: UsageCounts): Promise<void> {
  const generation = await generationOf(db, row.user_name);
  await upsertQuery(db, { ...row, generation, ...counts }).execute();
}

export type UsageGroup = 'user' | 'model' | 'day' | 'purpose';

/**
 * Each row with the owner it belongs to: its userName while the same person holds it (the row's
 * generation is that person's, or '' outside SCIM), the userName a SCIM person was renamed to,
 * and for a person since deleted the archive owner their beliefs went to (lib/user-name.ts).
 */
function attributedRows(db: Db, q: Pick<UsageQuery, 'from' | 'to' | 'owner'>) {
  const holder = db.selectFrom('users').select('users.user_name_lc').where(sql<boolean>`users.scim_id = usage_daily.generation`);
  const rows = db
    .selectFrom('usage_daily')
    .selectAll()
    .select(
      sql<string>`case when usage_daily.generation = '' then usage_daily.user_name
        else coalesce((${holder}), ${ARCHIVE_PREFIX} || usage_daily.generation || '/' || usage_daily.user_name) end`.as('owner'),
    )
    .where('usage_daily.day', '>=', q.from)
    .where('usage_daily.day', '<=', q.to);
  const { owner } = q;
  if (owner === null) return rows;
  // Narrowed to the rows that can be the owner's before each row's owner is worked out.
  const archived = archivedOwner(owner);
  if (archived) return rows.where('usage_daily.generation', '=', archived.generation).where('usage_daily.user_name', '=', archived.userName);
  const generations = db
    .selectFrom('users')
    .select('users.scim_id')
    .where('users.user_name_lc', '=', owner)
    .where('users.scim_id', 'is not', null)
    .$narrowType<{ scim_id: string }>();
  return rows.where((eb) => eb.or([eb('usage_daily.user_name', '=', owner), eb('usage_daily.generation', 'in', generations)]));
}

/** The generation and userName of an archive owner (`~deleted/<generation>/<userName>`), or null. */
function archivedOwner(owner: string): { generation: string; userName: string } | null {
  if (!owner.startsWith(ARCHIVE_PREFIX)) return null;
  const rest = owner.slice(ARCHIVE_PREFIX.length);
  const slash = rest.indexOf('/');
  return slash > 0 ? { generation: rest.slice(0, slash), userName: rest.slice(slash + 1) } : null;
}

const GROUP_COLUMN = { user: 'owner', model: 'model', day: 'day', purpose: 'purpose' } as const;

export interface UsageQuery {
  from: string;
  to: string;
  groupBy: UsageGroup;
  /** One owner's rows, or (null) everyone's. */
  owner: string | null;
  /** Only this purpose's rows; null: every purpose. */
  purpose: Purpose | null;
}

/** Sums over a day range (both inclusive), for one owner or everyone; by purpose, every purpose is listed. */
export async function usageReport(db: Db, q: UsageQuery) {
  const column = GROUP_COLUMN[q.groupBy];
  let query = db
    .selectFrom(attributedRows(db, q).as('u'))
    .select((eb) => [
      eb.ref(column).as('key'),
      eb.fn.sum<number>('requests').as('requests'),
      eb.fn.sum<number>('errors').as('errors'),
      eb.fn.sum<number>('prompt_tokens').as('prompt_tokens'),
      eb.fn.sum<number>('completion_tokens').as('completion_tokens'),
      eb.fn.sum<number>('injected').as('injected'),
    ])
    .groupBy(column);
  if (q.owner !== null) query = query.where('owner', '=', q.owner);
  if (q.purpose !== null) query = query.where('purpose', '=', q.purpose);
  query = q.groupBy === 'day' ? query.orderBy(column) : query.orderBy('requests', 'desc').orderBy(column);
  const rows = (await query.execute()).map((r) => ({
    key: String(r.key),
    requests: Number(r.requests),
    errors: Number(r.errors),
    prompt_tokens: Number(r.prompt_tokens),
    completion_tokens: Number(r.completion_tokens),
    injected: Number(r.injected),
  }));
  if (q.groupBy !== 'purpose') return rows;
  const purposes = q.purpose === null ? PURPOSES : [q.purpose];
  return purposes.map((key) => rows.find((r) => r.key === key) ?? { key, ...NO_USAGE });
}

export type UsageRow = Awaited<ReturnType<typeof usageReport>>[number];

export const NO_USAGE: UsageCounts = { requests: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, injected: 0 };
