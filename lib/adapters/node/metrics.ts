import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HTTP_BUCKETS, METRIC_HELP, UPSTREAM_BUCKETS, type Metrics, type ScrapeGauges } from '../../metrics.ts';

/** prom-client metrics in a registry of their own (never the global one: several servers may share a process). */
export class PromMetrics implements Metrics {
  private readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'belief_store_http_requests_total',
    help: METRIC_HELP.belief_store_http_requests_total,
    labelNames: ['route', 'status'],
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'belief_store_http_request_duration_seconds',
    help: METRIC_HELP.belief_store_http_request_duration_seconds,
    labelNames: ['route'],
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  private readonly upstreams = new Histogram({
    name: 'belief_store_upstream_duration_seconds',
    help: METRIC_HELP.belief_store_upstream_duration_seconds,
    labelNames: ['provider'],
    buckets: UPSTREAM_BUCKETS,
    registers: [this.registry],
  });
  private readonly authFailures = new Counter({
    name: 'belief_store_auth_failures_total',
    help: METRIC_HELP.belief_store_auth_failures_total,
    registers: [this.registry],
  });
  private readonly beliefs = new Gauge({
    name: 'belief_store_beliefs',
    help: METRIC_HELP.belief_store_beliefs,
    labelNames: ['status'],
    registers: [this.registry],
  });
  private readonly websockets = new Gauge({
    name: 'belief_store_websocket_connections',
    help: METRIC_HELP.belief_store_websocket_connections,
    registers: [this.registry],
  });

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
    return this.registry.metrics();
  }
}
