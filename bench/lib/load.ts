import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** Each connection cycles through these header sets (e.g. one per PAT) instead of `headers`. */
  rotateHeaders?: Record<string, string>[];
  /** Untimed run first so connections, JIT and caches are warm (seconds; default 1). */
  warmupSeconds?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  non2xx: number;
}

/**
 * autocannon against one URL. The load generator runs in a worker thread so it does not share
 * the event loop of a server started in this process (on 2 cores each side gets one).
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const base = {
    url: options.url,
    connections: options.connections,
    headers: options.headers ?? {},
    method: options.method ?? 'GET',
    body: options.body,
    workers: 1,
    requests: options.rotateHeaders?.map((headers) => ({ method: options.method ?? 'GET', path: new URL(options.url).pathname, headers })),
  };
  const warmup = options.warmupSeconds ?? 1;
  if (warmup > 0) await autocannon({ ...base, duration: warmup });
  const r = await autocannon({ ...base, duration: options.seconds });
  return {
    requests: r.requests.total,
    rps: Math.round(r.requests.total / Math.max(r.duration, 0.001)),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
