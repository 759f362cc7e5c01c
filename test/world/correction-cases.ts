import { readFileSync } from 'node:fs';
import { api, as, patFor } from '../support/as.ts';
import type { Target } from '../support/targets.ts';
import { Client } from './ws-client.ts';

/**
 * The correction suite's cases (corrections.cases.json) and how one is run: the setup turns and
 * then the turn are said over `/v1/ws/extract` as a fresh user, and the active beliefs are read.
 * A case passes when every `expect_active` pattern is held by some active belief, no active
 * belief holds an `expect_gone` pattern, and every `expect_kept` pattern is still held.
 */
export interface CorrectionCase {
  id: string;
  category: string;
  setup: string[];
  turn: string;
  expect_active: string[];
  expect_gone: string[];
  expect_kept: string[];
}

export interface CaseResult {
  c: CorrectionCase;
  pass: boolean;
  why: string[];
  active: string[];
}

export function loadCases(path: string): CorrectionCase[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as CorrectionCase[] | { cases: CorrectionCase[] };
  return Array.isArray(raw) ? raw : raw.cases;
}

const held = (statements: string[], pattern: string) => {
  const re = new RegExp(pattern, 'i');
  return statements.find((s) => re.test(s));
};

export async function runCase(t: Target, c: CorrectionCase, owner: string): Promise<CaseResult> {
  const { token } = await patFor(t, owner);
  const socket = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
  try {
    for (const content of [...c.setup, c.turn]) {
      socket.send({ type: 'turn', role: 'user', content });
      await socket.flush();
    }
  } finally {
    socket.close();
  }
  const body = (await api(t, as.user(owner), 'GET', '/admin/api/beliefs?status=active&limit=200')).body as { data: { statement: string }[] };
  const active = body.data.map((b) => b.statement);
  const why = [
    ...c.expect_active.filter((p) => !held(active, p)).map((p) => `not learned: ${p}`),
    ...c.expect_kept.filter((p) => !held(active, p)).map((p) => `lost: ${p}`),
    ...c.expect_gone.flatMap((p) => {
      const still = held(active, p);
      return still ? [`still held: ${p} (${still})`] : [];
    }),
  ];
  return { c, pass: why.length === 0, why, active };
}

/** Pass rate per category: `{category: [passed, total]}`. */
export function byCategory(results: CaseResult[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const r of results) {
    const row = out[r.c.category] ?? [0, 0];
    out[r.c.category] = row;
    row[1]++;
    if (r.pass) row[0]++;
  }
  return out;
}

export function report(results: CaseResult[]): string {
  const rows = Object.entries(byCategory(results))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([cat, [p, n]]) => `${cat.padEnd(28)} ${p}/${n}`);
  const passed = results.filter((r) => r.pass).length;
  return [...rows, `${'ALL'.padEnd(28)} ${passed}/${results.length}`].join('\n');
}
