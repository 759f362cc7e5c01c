import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../../lib/settings.ts';
import { bearer, call, freshAddress } from '../support/http.ts';
import { as } from '../support/as.ts';
import { useProviderTarget, useTarget } from '../support/suites.ts';
import { createPat, insertBelief } from '../chat/setup.ts';
import { cleanupTempDirs, runToExit } from '../support/npm-start.ts';
import { TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { Client } from '../world/ws-client.ts';
import { openaiFor } from '../support/providers.ts';

const METRICS_TOKEN = 'metrics-scrape-token-0123456789abcdef';

afterAll(cleanupTempDirs);

describe('SERVICE_METRICS_TOKEN', () => {
  it('must be at least 32 characters: start-up refuses with exit 2 naming it, never printing it', async () => {
    expect(() => parseSettings({ SERVICE_METRICS_TOKEN: 'short-metrics-token' })).toThrow(/SERVICE_METRICS_TOKEN/);
    const { code, stderr } = await runToExit({ SERVICE_METRICS_TOKEN: 'short-metrics-token' });
    expect(code).toBe(2);
    expect(stderr).toContain('SERVICE_METRICS_TOKEN');
    expect(stderr).not.toContain('short-metrics-token');
  });
});

describe.each(TARGETS)('GET /metrics on %s', (kind) => {
  let t: Target;
  let pat: string;

  let lastText = '';
  const scrape = async (headers: Record<string, string> = as.root()): Promise<Map<string, PrometheusFamily>> => {
    const res = await call(t, '/metrics', { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    lastText = await res.text();
    return new Map(parsePrometheusTextFormat(lastText).map((f) => [f.name, f]));
  };
  /** The parser folds labelled histograms into one sample, so a series' _count is read from the text of the last scrape. */
  const histogramCount = (name: string, label: string, value: string) => {
    const line = lastText.split('\n').find((l) => l.startsWith(`${name}_count{`) && l.includes(`${label}="${value}"`));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
  };
  const sample = (families: Map<string, PrometheusFamily>, name: string, labels: Record<string, string> = {}) =>
    families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

  useProviderTarget(kind, (s) => ({ t } = s), { env: teamsEnv({ SERVICE_METRICS_TOKEN: METRICS_TOKEN }) });
  beforeAll(async () => {
    pat = await createPat(t, 'mo@example.com');
  });

  it('answers root, super admins and the metrics token; 403 to PATs and other users; 401 without a valid credential', async () => {
    await scrape();
    await scrape(as.user('boss@example.com'));
    await scrape(bearer(METRICS_TOKEN));
    expect((await call(t, '/metrics', { headers: bearer(pat) })).status).toBe(403);
    expect((await call(t, '/metrics', { headers: as.user('mo@example.com') })).status).toBe(403);
    expect((await call(t, '/metrics')).status).toBe(401);
    expect((await call(t, '/metrics', { headers: bearer(METRICS_TOKEN.replace(/f$/, 'e')), from: freshAddress() })).status).toBe(401);
    expect((await call(t, '/v1/models', { headers: bearer(METRICS_TOKEN), from: freshAddress() })).status).toBe(401);
  });

  it('counts requests by route pattern and status, never by raw path, with a duration histogram', async () => {
    const id = crypto.randomUUID();
    expect((await call(t, `/admin/api/tokens/${id}`, { method: 'DELETE', headers: as.user('mo@example.com') })).status).toBe(404);
    expect((await call(t, `/no/such/${id}`, { headers: as.root() })).status).toBe(404);
    const families = await scrape();
    const requests = families.get('belief_store_http_requests_total')!;
    expect(requests.type).toBe('COUNTER');
    expect(JSON.stringify(requests)).not.toContain(id);
    expect(Number(sample(families, 'belief_store_http_requests_total', { route: '/admin/api/tokens/:id', status: '404' })?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(sample(families, 'belief_store_http_requests_total', { route: 'unmatched', status: '404' })?.value)).toBeGreaterThanOrEqual(1);
    const durations = families.get('belief_store_http_request_duration_seconds')!;
    expect(durations.type).toBe('HISTOGRAM');
    expect(histogramCount('belief_store_http_request_duration_seconds', 'route', '/admin/api/tokens/:id')).toBeGreaterThanOrEqual(1);
    expect(lastText).toMatch(/^belief_store_http_request_duration_seconds_bucket\{.*le="\+Inf".*\} \d+$/m);
  });

  it('counts authentication failures', async () => {
    const before = Number(sample(await scrape(), 'belief_store_auth_failures_total')?.value ?? 0);
    for (let i = 0; i < 3; i++) expect((await call(t, '/v1/models', { headers: bearer('not-a-token'), from: freshAddress() })).status).toBe(401);
    const after = Number(sample(await scrape(), 'belief_store_auth_failures_total')?.value);
    expect(after - before).toBeGreaterThanOrEqual(3);
  });

  it('times upstream calls by provider and reports the belief gauge', async () => {
    const openai = openaiFor(t, pat);
    await openai.chat.completions.create({ model: 'ant/c1', messages: [{ role: 'user', content: 'hi' }] }, { headers: { 'x-belief-store': 'off' } });
    const families = await scrape();
    expect(families.get('belief_store_upstream_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(histogramCount('belief_store_upstream_duration_seconds', 'provider', 'ant')).toBe(1);
    expect(families.get('belief_store_beliefs')!.type).toBe('GAUGE');
  });

  it('counts background failures per task, every task listed from the start', async () => {
    const failures = (await scrape()).get('belief_store_background_failures_total')!;
    expect(failures.type).toBe('COUNTER');
    const tasks = failures.metrics.map((m) => m.labels!.task);
    expect(tasks).toEqual(
      expect.arrayContaining([
        'usage_flush',
        'receipt_flush',
        'usage_identity',
        'embedding_pass',
        'wal_checkpoint',
        'unhandled_rejection',
        'uncaught_exception',
      ]),
    );
  });

  it('reports the extraction counters of the database (skipped, dropped, invalid model answers)', async () => {
    const families = await scrape();
    for (const name of ['belief_store_extractions_skipped_total', 'belief_store_extractions_dropped_total', 'belief_store_extraction_invalid_total']) {
      expect(families.get(name)?.type).toBe('COUNTER');
      expect(Number(sample(families, name)?.value)).toBeGreaterThanOrEqual(0);
    }
  });

  it.runIf(kind === 'node')('reports open WebSocket connections', async () => {
    const socket = await Client.open(`${t.url}/v1/ws/beliefs`, bearer(pat));
    expect(Number(sample(await scrape(), 'belief_store_websocket_connections')?.value)).toBe(1);
    socket.close();
    await socket.until('close', () => socket.closed !== null);
  });
});

describe.each(TARGETS)('the belief gauge on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  const activeGauge = async () => {
    const res = await call(t, '/metrics', { headers: as.root() });
    expect(res.status).toBe(200);
    const families = new Map(parsePrometheusTextFormat(await res.text()).map((f) => [f.name, f]));
    return Number(families.get('belief_store_beliefs')?.metrics.find((m) => m.labels?.status === 'active')?.value);
  };

  it('is counted in the database, then kept for 15 s rather than recounted on every scrape', async () => {
    await insertBelief(t, 'mo@example.com', 'Mo runs the platform team');
    const [{ n }] = await t.sql.all<{ n: number }>("SELECT COUNT(*) AS n FROM beliefs WHERE status = 'active'");
    expect(await activeGauge()).toBe(Number(n));
    await insertBelief(t, 'mo@example.com', 'Mo prefers tea');
    expect(await activeGauge()).toBe(Number(n));
  });
});
