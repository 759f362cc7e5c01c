import type { CounterName } from './stores/counters.ts';

/** Seconds; the same buckets on every runtime. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const UPSTREAM_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export const METRIC_HELP = {
  belief_store_http_requests_total: 'HTTP requests answered, by matched route pattern and status',
  belief_store_http_request_duration_seconds: 'Time to answer an HTTP request (until the response head), by matched route pattern',
  belief_store_upstream_duration_seconds: 'Time until a model provider answered with its response head, by provider id',
  belief_store_auth_failures_total: 'Requests refused with 401',
  belief_store_beliefs: 'Beliefs stored, by status (counted in the database at most every 15 s)',
  belief_store_websocket_connections: 'Open WebSocket connections in this process',
  belief_store_world_actors: 'Owners whose world-model actor this process holds (dropped after a minute idle)',
} as const;

/** The embeddings series (docs/embeddings.md), appended to either registry's exposition. */
const EMBEDDING_METRIC_HELP = {
  belief_store_embedding_fallbacks_total: 'Query embeddings that failed or timed out in this process, each leaving its request to words alone',
  belief_store_embeddings: 'Active beliefs by embedding state for the configured model (embedded, pending, failed), read at scrape time',
} as const;

export function embeddingMetricLines(fallbacks: number, progress: { embedded: number; pending: number; failed: number } | null): string {
  const lines = [
    `# HELP belief_store_embedding_fallbacks_total ${EMBEDDING_METRIC_HELP.belief_store_embedding_fallbacks_total}`,
    '# TYPE belief_store_embedding_fallbacks_total counter',
    `belief_store_embedding_fallbacks_total ${fallbacks}`,
  ];
  if (progress) {
    lines.push(`# HELP belief_store_embeddings ${EMBEDDING_METRIC_HELP.belief_store_embeddings}`, '# TYPE belief_store_embeddings gauge');
    for (const state of ['embedded', 'pending', 'failed'] as const) lines.push(`belief_store_embeddings${labelText({ state })} ${progress[state]}`);
  }
  return lines.join('\n') + '\n';
}

/** The service counters (table `counters`, stores/counters.ts), database-wide, each a `_total` counter read at scrape time. */
const COUNTER_METRIC_HELP: Record<CounterName, string> = {
  extraction_invalid: 'Extraction model answers that did not follow the protocol (skipped; the built-in extractor answered)',
  extractions_dropped: "Chat exchanges whose extraction was dropped from an owner's full queue",
  extractions_skipped: "Turns not extracted: the owner's extractor time this minute was spent, or too many turns were waiting",
};

export function counterMetricLines(counts: Record<CounterName, number>): string {
  const lines = Object.entries(COUNTER_METRIC_HELP).flatMap(([name, help]) => [
    `# HELP belief_store_${name}_total ${help}`,
    `# TYPE belief_store_${name}_total counter`,
    `belief_store_${name}_total ${counts[name as CounterName]}`,
  ]);
  return lines.join('\n') + '\n';
}

/** Read when scraped. `websockets` and `actors` are null where the runtime cannot count them (workerd: they live in Durable Objects). */
export interface ScrapeGauges {
  beliefs: Record<string, number>;
  websockets: number | null;
  actors: number | null;
}

/** The service's Prometheus metrics of one app instance; prom-client on Node, TextMetrics elsewhere. */
export interface Metrics {
  request(route: string, status: number, seconds: number): void;
  upstream(provider: string, seconds: number): void;
  authFailure(): void;
  /** The Prometheus text exposition format (version 0.0.4). */
  render(gauges: ScrapeGauges): Promise<string>;
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

/**
 * A histogram with one label, its series found by the label's value alone: an observation builds no
 * label text and no object (prom-client's hashes a labels object on every call, ~1 µs a request).
 */
class Histogram {
  private readonly series = new Map<string, { buckets: number[]; sum: number; count: number }>();

  constructor(
    private readonly label: string,
    private readonly bounds: readonly number[],
  ) {}

  observe(labelValue: string, value: number): void {
    let s = this.series.get(labelValue);
    if (!s) {
      s = { buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.series.set(labelValue, s);
    }
    // Cumulative, as the exposition format has it: every bucket from the value's up.
    for (let i = this.bounds.length - 1; i >= 0 && value <= this.bounds[i]!; i--) s.buckets[i]!++;
    s.sum += value;
    s.count++;
  }

  lines(name: string): string[] {
    const out: string[] = [];
    // `le` first, as prom-client writes it.
    for (const [value, s] of this.series) {
      const labels = { [this.label]: value };
      this.bounds.forEach((b, i) => {
        out.push(`${name}_bucket${labelText({ le: String(b), ...labels })} ${s.buckets[i]}`);
      });
      out.push(`${name}_bucket${labelText({ le: '+Inf', ...labels })} ${s.count}`);
      out.push(`${name}_sum${labelText(labels)} ${s.sum}`);
      out.push(`${name}_count${labelText(labels)} ${s.count}`);
    }
    return out;
  }
}

const block = (name: keyof typeof METRIC_HELP, type: string, lines: string[]) => [`# HELP ${name} ${METRIC_HELP[name]}`, `# TYPE ${name} ${type}`, ...lines];

/**
 * The series every request, provider call and 401 adds to, on every runtime: counted in maps keyed
 * by the label values, rendered as text when scraped. Requests by route, then status.
 */
export class RequestSeries {
  private readonly requests = new Map<string, Map<number, number>>();
  private readonly durations = new Histogram('route', HTTP_BUCKETS);
  private readonly upstreams = new Histogram('provider', UPSTREAM_BUCKETS);
  private authFailures = 0;

  request(route: string, status: number, seconds: number): void {
    let byStatus = this.requests.get(route);
    if (!byStatus) {
      byStatus = new Map();
      this.requests.set(route, byStatus);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.durations.observe(route, seconds);
  }

  upstream(provider: string, seconds: number): void {
    this.upstreams.observe(provider, seconds);
  }

  authFailure(): void {
    this.authFailures++;
  }

  /** The four families as exposition lines: requests, their durations, provider durations, 401s. */
  lines(): string[] {
    const requests: string[] = [];
    for (const [route, byStatus] of this.requests) {
      for (const [status, n] of byStatus) requests.push(`belief_store_http_requests_total${labelText({ route, status: String(status) })} ${n}`);
    }
    return [
      ...block('belief_store_http_requests_total', 'counter', requests),
      ...block('belief_store_http_request_duration_seconds', 'histogram', this.durations.lines('belief_store_http_request_duration_seconds')),
      ...block('belief_store_upstream_duration_seconds', 'histogram', this.upstreams.lines('belief_store_upstream_duration_seconds')),
      ...block('belief_store_auth_failures_total', 'counter', [`belief_store_auth_failures_total ${this.authFailures}`]),
    ];
  }
}

/** A dependency-free renderer of the same metrics, for runtimes prom-client does not run on (workerd). */
class TextMetrics extends RequestSeries implements Metrics {
  async render(gauges: ScrapeGauges): Promise<string> {
    const out = [
      ...this.lines(),
      ...block(
        'belief_store_beliefs',
        'gauge',
        Object.entries(gauges.beliefs).map(([status, n]) => `belief_store_beliefs${labelText({ status })} ${n}`),
      ),
    ];
    if (gauges.websockets !== null)
      out.push(...block('belief_store_websocket_connections', 'gauge', [`belief_store_websocket_connections ${gauges.websockets}`]));
    if (gauges.actors !== null) out.push(...block('belief_store_world_actors', 'gauge', [`belief_store_world_actors ${gauges.actors}`]));
    return out.join('\n') + '\n';
  }
}

/** The metrics of an app instance: the runtime's own registry, or TextMetrics. */
export function createMetrics(platform: { metrics?(): Metrics }): Metrics {
  return platform.metrics?.() ?? new TextMetrics();
}
