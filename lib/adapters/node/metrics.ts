import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HTTP_BUCKETS, METRIC_HELP, UPSTREAM_BUCKETS, type Metrics, type ScrapeGauges } from '../../metrics.ts';

/** prom-client metrics in a registry of their own (never the global one: several servers may share a process). */
export class PromMetrics implements Metrics {
  private readonly registry = new Registry();
  /** A metric's options: its name, its help text from the one table, this registry. */
  private named<O extends object>(name: keyof typeof METRIC_HELP, options?: O) {
    return { name, help: METRIC_HELP[name], registers: [this.registry], ...options };
  }
  private readonly requests = new Counter(this.named('belief_store_http_requests_total', { labelNames: ['route', 'status'] }));
  private readonly durations = new Histogram(this.named('belief_store_http_request_duration_seconds', { labelNames: ['route'], buckets: HTTP_BUCKETS }));
  private readonly upstreams = new Histogram(this.named('belief_store_upstream_duration_seconds', { labelNames: ['provider'], buckets: UPSTREAM_BUCKETS }));
  private readonly authFailures = new Counter(this.named('belief_store_auth_failures_total'));
  private readonly beliefs = new Gauge(this.named('belief_store_beliefs', { labelNames: ['status'] }));
  private readonly websockets = new Gauge(this.named('belief_store_websocket_connections'));
  private readonly actors = new Gauge(this.named('belief_store_world_actors'));

  request(route: string, status: number, seconds: number): void {
    this.requests.inc({ route, status: String(status) });
    this.durations.observe({ route }, seconds);
  }

  upstream(provider: string, seconds: number): void {
    this.upstreams.observe({ provider }, seconds);
  }

  authFailure(): void {
    this.authFailures.inc();
  }

  render(gauges: ScrapeGauges): Promise<string> {
    this.beliefs.reset();
    for (const [status, n] of Object.entries(gauges.beliefs)) this.beliefs.set({ status }, n);
    this.websockets.set(gauges.websockets ?? 0);
    this.actors.set(gauges.actors ?? 0);
    return this.registry.metrics();
  }
}
