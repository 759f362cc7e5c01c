/**
 * Runs the evaluation against a running server: seeds the corpus through the admin API (aliases,
 * participants and a PAT's default scope through SQL until the API takes them on this branch),
 * sends every case as a real chat request with the user's PAT, and grades the labelled block the
 * fake provider received.
 */
import { latency, round, type Latency } from '../bench/lib/stats.ts';
import { BLOCK_HEADER, TIER_LABELS, TIER_ORDER, type Tier } from '../lib/world/recall/context.ts';
import { line } from '../lib/world/recall/block-line.ts';
import { parseScopes } from '../lib/world/beliefs/scope.ts';
import { searchTerms } from '../lib/world/recall/terms.ts';
import type { FakeProvider } from '../test/support/fake-provider.ts';
import { ROOT_TOKEN, type Sql } from '../test/support/targets.ts';
import type { Case, Expect } from './cases.ts';
import { USERS, type SeedBelief, type User } from './corpus.ts';
import { EVAL_CASES as CASES, EVAL_CORPUS as CORPUS, embeddingsConfig, embeddingsDone } from './paraphrase.ts';

export interface EvalTarget {
  kind: string;
  url: string;
  sql: Sql;
}

export interface TierScore {
  injected: number;
  correct: number;
  expected: number;
  found: number;
  precision: number;
  recall: number;
}

export interface EvalReport {
  target: string;
  at: string;
  cases: number;
  passed: number;
  tiers: Record<Tier | 'all', TierScore>;
  latencyMs: Latency;
  failures: { name: string; problems: string[] }[];
}

const DEFAULT_BUDGET = 20;

function config(fake: FakeProvider, maxBeliefs: number, embeddings = true) {
  return {
    providers: [{ id: 'oai', kind: 'openai', base_url: `${fake.url}/v1`, api_key: 'sk-eval-key-0000', models: ['m1'] }],
    default_model: 'oai/m1',
    extraction: { enabled: false, model: null },
    injection: { enabled: true, max_beliefs: maxBeliefs },
    embeddings: embeddings ? embeddingsConfig() : null,
  };
}

async function rootCall(t: EvalTarget, method: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ROOT_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function seed(t: EvalTarget): Promise<void> {
  const ids = new Map<string, string>();
  for (const b of CORPUS) {
    const created = await rootCall(t, 'POST', '/admin/api/beliefs', {
      owner: USERS[b.user],
      statement: b.statement,
      type: b.type ?? 'fact',
      key: b.key ?? null,
      scope: b.scope ?? 'universal',
      pinned: b.pinned ?? false,
      confidence: 0.9,
    });
    ids.set(b.name, created.id);
  }
  for (const b of CORPUS.filter((x) => x.aliases || x.participants)) {
    const participants = (b.participants ?? []).map((name) => ids.get(name)!);
    await t.sql.run(
      'UPDATE beliefs SET aliases = ?, participants = ?, search_terms = ? WHERE id = ?',
      JSON.stringify(b.aliases ?? []),
      JSON.stringify(participants),
      searchTerms(USERS[b.user], b.statement, b.key ?? null, b.aliases ?? []),
      ids.get(b.name)!,
    );
  }
}

async function pat(t: EvalTarget, user: User, scope?: string): Promise<string> {
  const created = await rootCall(t, 'POST', '/admin/api/tokens', { name: `eval ${scope ?? 'default'}`, user_name: USERS[user] });
  if (scope) await t.sql.run('UPDATE api_tokens SET scope = ? WHERE id = ?', scope, created.id);
  return created.token;
}

/** The tiers of the block the provider received, each as the injected statements (rendered lines). */
function parseBlock(system: string | undefined): Record<Tier, string[]> {
  const tiers = Object.fromEntries(TIER_ORDER.map((t) => [t, [] as string[]])) as Record<Tier, string[]>;
  if (!system?.startsWith(BLOCK_HEADER)) return tiers;
  const byLabel = new Map(TIER_ORDER.map((t) => [TIER_LABELS[t], t]));
  let current: Tier | null = null;
  for (const text of system.split('\n')) {
    if (byLabel.has(text)) current = byLabel.get(text)!;
    else if (text.startsWith('- ') && current) tiers[current].push(text);
    else if (!text.startsWith('- ')) current = null;
  }
  return tiers;
}

function expectedTiers(c: Case, scope: string[]): Record<Tier, string[]> {
  const mine = CORPUS.filter((b) => b.user === c.user && !b.superseded);
  const applies = (b: SeedBelief) => (b.scope ?? 'universal') === 'universal' || scope.includes(b.scope!);
  const e: Expect = c.expect;
  return {
    persona: e.persona ?? mine.filter((b) => b.durable).map((b) => b.name),
    pinned: e.pinned ?? mine.filter((b) => b.pinned && !b.durable && b.type !== 'question' && applies(b)).map((b) => b.name),
    relevant: e.relevant ?? [],
    questions: e.questions ?? mine.filter((b) => b.pinned && b.type === 'question' && applies(b)).map((b) => b.name),
    related: e.related ?? [],
  };
}

export async function runEval(t: EvalTarget, fake: FakeProvider): Promise<EvalReport> {
  await rootCall(t, 'PUT', '/admin/api/config', config(fake, DEFAULT_BUDGET, false));
  await seed(t);
  // Embeddings hook (EVAL_EMBEDDINGS=1): every belief embedded before the first case.
  await rootCall(t, 'PUT', '/admin/api/config', config(fake, DEFAULT_BUDGET));
  await embeddingsDone(() => rootCall(t, 'GET', '/admin/api/embeddings', undefined));
  const names = new Map<string, string>();
  for (const b of CORPUS) names.set(`${b.user} ${line(b.statement)}`, b.name);
  const pats = new Map<string, string>();
  const tokenFor = async (user: User, scope?: string) => {
    const k = `${user} ${scope ?? ''}`;
    if (!pats.has(k)) pats.set(k, await pat(t, user, scope));
    return pats.get(k)!;
  };

  const score = Object.fromEntries([...TIER_ORDER, 'all'].map((tier) => [tier, { injected: 0, correct: 0, expected: 0, found: 0 }])) as Record<
    Tier | 'all',
    Omit<TierScore, 'precision' | 'recall'>
  >;
  const samples: number[] = [];
  const failures: EvalReport['failures'] = [];
  let budget = DEFAULT_BUDGET;
  for (const c of CASES) {
    const wanted = c.budget ?? DEFAULT_BUDGET;
    if (wanted !== budget) {
      await rootCall(t, 'PUT', '/admin/api/config', config(fake, wanted));
      budget = wanted;
    }
    const messages = c.turns.flatMap((text, i) => (i === 0 ? [] : [{ role: 'assistant', content: 'Noted.' }]).concat([{ role: 'user', content: text }]));
    const headers: Record<string, string> = { authorization: `Bearer ${await tokenFor(c.user, c.patScope)}`, 'content-type': 'application/json' };
    if (c.scope !== undefined) headers['x-belief-store-scope'] = c.scope;
    fake.reset();
    const started = performance.now();
    const res = await fetch(`${t.url}/v1/chat/completions`, { method: 'POST', headers, body: JSON.stringify({ model: 'oai/m1', messages }) });
    await res.text();
    samples.push(performance.now() - started);
    const problems: string[] = [];
    if (res.status !== 200) problems.push(`status ${res.status}`);
    const sent = fake.requests.filter((r) => r.method === 'POST').at(-1)?.body;
    const system = sent?.messages?.[0]?.role === 'system' ? (sent.messages[0].content as string) : undefined;
    const got = parseBlock(system);
    const named = (tier: Tier) => got[tier].map((text) => names.get(`${c.user} ${text}`) ?? `unknown: ${text}`);
    const injectedCount = TIER_ORDER.reduce((n, tier) => n + got[tier].length, 0);
    if (res.headers.get('x-belief-store-injected') !== String(injectedCount)) {
      problems.push(`x-belief-store-injected ${res.headers.get('x-belief-store-injected')} but ${injectedCount} beliefs in the block`);
    }
    const scope = c.scope !== undefined ? (parseScopes(c.scope) ?? []) : c.patScope ? [c.patScope] : [];
    const must = expectedTiers(c, scope);
    const may = new Set(c.expect.may ?? []);
    const all = TIER_ORDER.flatMap(named);
    if (new Set(all).size !== all.length) problems.push(`a belief injected twice: ${all.join(', ')}`);
    for (const name of c.expect.never ?? []) if (all.includes(name)) problems.push(`${name} must not be injected`);
    if (c.expect.only) {
      const only = new Set(c.expect.only);
      const missing = c.expect.only.filter((n) => !all.includes(n));
      const extra = all.filter((n) => !only.has(n));
      if (missing.length || extra.length) problems.push(`expected exactly [${c.expect.only.join(', ')}], got [${all.join(', ')}]`);
      score.all.injected += all.length;
      score.all.correct += all.length - extra.length;
      score.all.expected += only.size;
      score.all.found += only.size - missing.length;
    } else {
      for (const tier of TIER_ORDER) {
        const have = named(tier);
        const need = must[tier];
        const allowed = new Set([...need, ...may]);
        const missing = need.filter((n) => !have.includes(n));
        const extra = have.filter((n) => !allowed.has(n));
        if (missing.length) problems.push(`${tier}: missing ${missing.join(', ')}`);
        if (extra.length) problems.push(`${tier}: unexpected ${extra.join(', ')}`);
        for (const s of [score[tier], score.all]) {
          s.injected += have.length;
          s.correct += have.length - extra.length;
          s.expected += need.length;
          s.found += need.length - missing.length;
        }
      }
    }
    if (problems.length) failures.push({ name: c.name, problems });
  }
  if (budget !== DEFAULT_BUDGET) await rootCall(t, 'PUT', '/admin/api/config', config(fake, DEFAULT_BUDGET));
  const tiers = Object.fromEntries(
    Object.entries(score).map(([tier, s]) => [
      tier,
      { ...s, precision: s.injected ? round(s.correct / s.injected, 3) : 1, recall: s.expected ? round(s.found / s.expected, 3) : 1 },
    ]),
  ) as Record<Tier | 'all', TierScore>;
  return {
    target: t.kind,
    at: new Date().toISOString(),
    cases: CASES.length,
    passed: CASES.length - failures.length,
    tiers,
    latencyMs: latency(samples),
    failures,
  };
}

/** The report as a Markdown table (README and the console). */
export function reportTable(r: EvalReport): string {
  const rows = [...TIER_ORDER, 'all' as const].map((tier) => {
    const s = r.tiers[tier];
    return `| ${tier} | ${s.injected} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} |`;
  });
  return [
    `Target ${r.target}: ${r.passed}/${r.cases} cases pass; chat p50 ${r.latencyMs.p50} ms (p95 ${r.latencyMs.p95} ms).`,
    '',
    '| tier | beliefs injected | precision | recall |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
