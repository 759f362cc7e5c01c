import type { Deps } from './deps.ts';
import { createFailureLimiter, type FailureLimiter } from './auth/failure-limiter.ts';
import { BeliefCounts } from './belief-counts.ts';
import { EmbeddingModels } from './embeddings/client.ts';
import { VectorCache } from './embeddings/nearest.ts';
import { EmbeddingQueue } from './embeddings/queue.ts';
import { OwnerReads } from './world/recall/owner-reads.ts';
import type { FallbackCount } from './world/recall/fuse.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { OpenStreams } from './providers/open-streams.ts';
import { UsageBuffer } from './stores/usage.ts';
import { ReceiptBuffer } from './world/recall/receipts.ts';
import { PatUses } from './auth/pat-uses.ts';
import { requestLimit, type RequestLimit } from './request-limit.ts';

/**
 * What one app instance keeps between requests, built once beside it (createApp) from what the
 * runtime provides: buffers written shortly after their responses, in-process counters, the
 * background embedding and recall's caches (each keyed by owner within this instance's database). Each process (each isolate under workerd) has its own.
 */
export interface Services {
  /** Chat usage counts, coalesced and written about a second later (GET /admin/api/usage flushes first). */
  usage: UsageBuffer;
  /** Injection receipts, written shortly after their responses (their readers flush first). */
  receipts: ReceiptBuffer;
  /** Each PAT's last use, written about a second later (readers of last_used_at flush first). */
  patUses: PatUses;
  /** SERVICE_RATE_LIMIT_RPM's count (null when unset), shared by the HTTP middleware and the sockets' turns in this process. */
  requests: RequestLimit | null;
  /** Failed authentications per client address (bearer, login form, proxy secret): 429 past the limit. */
  failureLimiter: FailureLimiter;
  /** The Prometheus metrics of GET /metrics: the runtime's registry, or lib/metrics.ts's text one. */
  metrics: Metrics;
  /** The belief gauge's counts, read from the database at most every 15 s. */
  beliefCounts: BeliefCounts;
  /** The background embedding of beliefs, a pass started after requests. */
  embeddings: EmbeddingQueue;
  /** Query embeddings that failed or timed out, each leaving its request to words. */
  embeddingFallbacks: FallbackCount;
  /** The streamed chat answers open now, which a shutdown ends with an error event (Node's drain). */
  streams: OpenStreams;
  /** The configured embeddings model, read again only when the stored config changes. */
  embeddingModels: EmbeddingModels;
  /** Owners' belief vectors, read once and then only what was written since (bounded in memory). */
  vectors: VectorCache;
  /** Reads of each owner's beliefs recall repeats (the persona's selection among them), remembered while the owner's persona cache stands. */
  ownerReads: OwnerReads;
  /** Writes what the buffers hold and starts no more background work: the last step before the database closes. */
  close(): Promise<void>;
}

/** What createApp and the handlers that use a service receive: the runtime's deps and the app's services. */
export interface AppDeps extends Deps {
  readonly services: Services;
}

/** Every service of one app instance, built here and nowhere else. */
function createServices(deps: Deps): Services {
  // Buffered writes nobody waits on commit away from the event loop where the database can.
  const buffered = { ...deps, atomic: deps.database.backgroundAtomic ?? deps.atomic };
  const usage = new UsageBuffer(buffered);
  const receipts = new ReceiptBuffer(buffered);
  const patUses = new PatUses(buffered);
  const embeddingModels = new EmbeddingModels();
  const embeddings = new EmbeddingQueue(deps, embeddingModels);
  const log = (msg: string) => (err: unknown) => deps.platform.log({ level: 'error', msg, error: String(err) });
  return {
    usage,
    receipts,
    patUses,
    requests: requestLimit(deps),
    failureLimiter: createFailureLimiter(),
    metrics: createMetrics(deps.platform),
    beliefCounts: new BeliefCounts(deps.db),
    embeddings,
    embeddingFallbacks: { count: 0 },
    streams: new OpenStreams(),
    embeddingModels,
    vectors: new VectorCache(),
    ownerReads: new OwnerReads(),
    async close() {
      embeddings.stop();
      await usage.flush().catch(log('usage counts not written at shutdown'));
      await receipts.flush().catch(log('injection receipts not written at shutdown'));
      await patUses.flush().catch(log("tokens' last use not written at shutdown"));
    },
  };
}

/** The deps with a fresh set of services: one call per app instance. */
export function withServices(deps: Deps): AppDeps {
  return { ...deps, services: createServices(deps) };
}
