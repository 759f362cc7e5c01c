import { backgroundFailed } from '../background.ts';
import { recordServiceCall } from '../providers/accounting.ts';
import type { Deps } from '../deps.ts';
import type { RequestHook } from '../middleware/hooks.ts';
import { embedTexts, type EmbeddingModel, type EmbeddingModels } from './client.ts';
import {
  changedSince,
  changeMark,
  confirmVectors,
  pendingAfter,
  pendingAmong,
  retireVectors,
  writeVectors,
  type Embedded,
  type PendingBelief,
} from './store.ts';

/** Inputs per provider call. */
const BATCH = 64;
/** Beliefs read per page of a full scan (what the queue holds in memory at most). */
const PAGE = 256;
/** History rows read per incremental step. */
const CHANGES = 1000;
/** Attempts per batch, and the wait before each retry (doubling). */
const ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 250;
/** Longest one background call may take (the provider's own timeout when shorter). */
const CALL_TIMEOUT_MS = 30_000;
/** A pass stops after this long (workerd keeps background work alive about 30 s); the next request resumes it. */
const PASS_BUDGET_MS = 20_000;
/** Rounds per pass, at most (a Workers invocation allows a bounded number of subrequests; a round makes about a dozen). */
const PASS_ROUNDS = 50;
/** A request starts a pass at most this often per process, unless the config changed. */
const CHECK_EVERY_MS = 1000;
/** After a pass that found work, it looks again this many times, this far apart (beliefs extracted after the response). */
const FOLLOW_UPS = 3;
const FOLLOW_UP_MS = 500;
/** Failed embeddings are tried again by a full scan at most this often. */
const RETRY_FAILED_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The background embedding of beliefs for one app instance: off the request path, bounded (a
 * page of beliefs and one batch in flight at a time, one pass per process), batched, with retries
 * and backoff. A pass embeds every active belief whose vector of the configured model is missing
 * or older than the belief: all of them after a start or a model change (a full scan), otherwise
 * the beliefs changed since the last pass (belief_history). A batch that still fails after its
 * retries is stored as failed (counted by GET /admin/api/embeddings) and tried again later.
 */
export class EmbeddingQueue {
  private running: Promise<void> | null = null;
  private lastCheck = 0;
  private scannedModel: string | null = null;
  private scannedAt = 0;
  /** A full scan under way (failed beliefs included): its model, the last belief rowid done, and the change mark it started at. */
  private scan: { model: string; after: number; mark: number } | null = null;
  private mark = 0;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: Deps,
    private readonly models: EmbeddingModels,
  ) {}

  /** Starts a pass unless one runs or one started within CHECK_EVERY_MS (`force`: regardless of the latter), or the queue was stopped. */
  kick(force = false): Promise<void> | null {
    if (this.stopped) return null;
    if (this.running) {
      if (force) this.again = true;
      return null;
    }
    const now = Date.now();
    if (!force && now - this.lastCheck < CHECK_EVERY_MS) return null;
    this.lastCheck = now;
    this.running = this.pass()
      .catch((err: unknown) => backgroundFailed(this.deps.platform.log, 'embedding_pass', err))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** No pass starts from now on; one under way ends after its round (the app is shutting down). */
  stop(): void {
    this.stopped = true;
  }

  private async pass(): Promise<void> {
    const started = Date.now();
    let followUps = 0;
    for (let round = 0; round < PASS_ROUNDS && Date.now() - started < PASS_BUDGET_MS && !this.stopped; round++) {
      this.again = false;
      const model = await this.models.current(this.deps);
      if (!model) {
        this.scannedModel = null;
        this.scan = null;
        return;
      }
      const worked = await this.step(model);
      if (worked || this.again) followUps = 0;
      else if (++followUps > FOLLOW_UPS) return;
      else await sleep(FOLLOW_UP_MS);
    }
  }

  /**
   * One round: a page of the full scan while one is under way or due (its cursor survives the
   * pass, so a scan a failing provider slows down still moves on), else the changes since the
   * last round. Whether it embedded or retired anything.
   */
  private async step(model: EmbeddingModel): Promise<boolean> {
    const { db } = this.deps;
    const mark = await changeMark(db);
    if (this.scan?.model !== model.id && (this.scannedModel !== model.id || Date.now() - this.scannedAt > RETRY_FAILED_MS)) {
      this.scan = { model: model.id, after: 0, mark };
    }
    if (this.scan?.model === model.id) {
      const page = await pendingAfter(db, model.id, this.scan.after, PAGE);
      if (page.length) {
        await this.embed(model, page);
        this.scan.after = page.at(-1)!.rid;
        return true;
      }
      this.scannedModel = model.id;
      this.scannedAt = Date.now();
      this.mark = this.scan.mark;
      this.scan = null;
      return false;
    }
    // A purge deleted the newest history rows: later changes count from the mark left (SQLite may
    // give their rowids again), and the purged beliefs' vectors went with them, so nothing needs a rescan.
    if (mark < this.mark) this.mark = mark;
    if (mark === this.mark) return false;
    const changed = await changedSince(db, this.mark, CHANGES);
    await retireVectors(this.deps, changed.ids, Date.now());
    await this.embed(model, await pendingAmong(db, model.id, changed.ids));
    this.mark = changed.mark;
    return true;
  }

  private async embed(model: EmbeddingModel, beliefs: PendingBelief[]): Promise<void> {
    const unchanged = beliefs.filter((b) => b.unchanged);
    if (unchanged.length) await confirmVectors(this.deps, unchanged);
    const todo = beliefs.filter((b) => !b.unchanged);
    for (let i = 0; i < todo.length; i += BATCH) {
      const batch = todo.slice(i, i + BATCH);
      const vectors = await this.withRetries(model, batch);
      const results: Embedded[] = batch.map((belief, j) => ({ belief, vector: vectors?.[j] ?? null }));
      await writeVectors(this.deps, model.id, results, Date.now());
    }
  }

  /** The batch's vectors (null for an input the answer embedded unusably), or null once every attempt failed. */
  private async withRetries(model: EmbeddingModel, batch: PendingBelief[]): Promise<(Float32Array | null)[] | null> {
    const inputs = batch.map((b) => b.text);
    const timeout = Math.min(CALL_TIMEOUT_MS, (model.route.provider.timeout_seconds ?? Infinity) * 1000);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (attempt > 0) await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 1));
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeout);
      try {
        const result = await embedTexts(this.deps, model, inputs, controller.signal);
        await countEmbeddingCall(this.deps, model.id, batch, result.promptTokens, false);
        return result.vectors;
      } catch (err) {
        this.deps.platform.log({ level: 'warn', msg: 'embedding call failed', attempt: attempt + 1, error: String(err) });
        await countEmbeddingCall(this.deps, model.id, batch, 0, true);
      } finally {
        clearTimeout(timer);
      }
    }
    return null;
  }
}

/** One batch serves several owners: each is counted one call, with its share of the batch's tokens (purpose `embeddings`). */
async function countEmbeddingCall(deps: Deps, model: string, batch: PendingBelief[], promptTokens: number, failed: boolean): Promise<void> {
  const perOwner = new Map<string, number>();
  for (const b of batch) perOwner.set(b.owner, (perOwner.get(b.owner) ?? 0) + 1);
  for (const [owner, n] of perOwner) {
    const usage = { prompt_tokens: Math.round((promptTokens * n) / batch.length), completion_tokens: 0 };
    await recordServiceCall(deps, { owner, purpose: 'embeddings', model, usage, failed });
  }
}

/**
 * After each answered request of an authenticated caller, starts a background embedding pass when
 * one may be due (at most once a second per process, at once after a config change): the queue
 * needs no timer of its own, and runs on workerd inside the request's waitUntil. Anonymous and
 * refused requests start nothing.
 */
export function embeddingsKick(deps: Deps & { services: { embeddings: EmbeddingQueue } }): RequestHook {
  const queue = deps.services.embeddings;
  return {
    after(c) {
      const principal = c.get('principal');
      if (!principal || principal.kind === 'anonymous') return;
      const configChanged = c.req.method === 'PUT' && c.req.path === '/admin/api/config';
      const pass = queue.kick(configChanged);
      if (pass) deps.platform.background(c, pass);
    },
  };
}
