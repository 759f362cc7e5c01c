import { describe, expect, it } from 'vitest';
import { localConfig } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { byCategory, type CaseResult, loadCases, report, runCase } from './correction-cases.ts';

/** The pass rate each category of the correction suite keeps, at least: what the built-in extractor passed (in the comment), less one case. */
const MIN_RATE: Record<string, number> = {
  chain: 0.82, // 15/17
  diet_change: 0.92, // 25/26
  health_no_diet: 0.8, // 18/21
  hypothetical: 0.91, // 12/12
  job_change: 0.93, // 76/80
  move_home: 0.92, // 48/51
  natural_learn: 0.98, // 65/65
  old_unknown: 0.96, // 28/28
  other_person: 0.94, // 33/34
  past_history: 0.93, // 15/15
  pasted_text: 0.91, // 12/12
  pet_change: 0.84, // 23/26
  plan_change: 0.83, // 26/30
  plan_wish: 0.93, // 16/16
  question: 0.92, // 13/13
  relationship_change: 0.93, // 30/31
  replace: 0.86, // 47/52
  reported_speech_quote: 0.91, // 12/12
  secret: 0.91, // 12/12
  stop_activity: 0.92, // 57/60
};

/**
 * The suite judges the extractor and the supersession over the storage API, the same code on every
 * runtime: it runs on Node, on PostgreSQL and on the real workerd binary, not again on Miniflare's
 * workerd (the same runtime; its own D1 storage is covered by every contract file, and this is the
 * longest file of the run).
 */
const SUITE_TARGETS = TARGETS.filter((kind) => kind !== 'workerd');

/**
 * The correction suite (corrections.cases.json): corrections in ordinary words, and what must
 * never be learned, case by case, scored per category. CORR_CASES=<file> runs another file of the
 * same shape and CORR_SPLIT=odd|even the cases whose id ends in an odd or even number;
 * CORR_VERBOSE=1 prints every failing case.
 */
const CASES_FILE = process.env.CORR_CASES ?? new URL('./corrections.cases.json', import.meta.url).pathname;
const SPLIT = process.env.CORR_SPLIT;
const idNumber = (id: string) => Number(/(\d+)\D*$/.exec(id)?.[1] ?? 0);
const SUITE = loadCases(CASES_FILE).filter((c) => !SPLIT || (idNumber(c.id) % 2 === 1) === (SPLIT === 'odd'));

describe.each(SUITE_TARGETS)('the correction suite on %s', (kind) => {
  let t: Target;
  useProviderTarget(kind, (s) => ({ t } = s), {
    config: (f) => localConfig(f, 'sk-test-corrections-1234', { extraction: { enabled: true, model: null }, injection: { enabled: true, max_beliefs: 20 } }),
  });

  it('passes each category at its measured rate', { timeout: 600_000 }, async () => {
    const results: CaseResult[] = [];
    const BATCH = 6;
    for (let i = 0; i < SUITE.length; i += BATCH) {
      results.push(...(await Promise.all(SUITE.slice(i, i + BATCH).map((c, j) => runCase(t, c, `case${i + j}-${kind}@example.com`)))));
    }
    if (process.env.CORR_VERBOSE) {
      for (const r of results.filter((x) => !x.pass))
        console.log(`✗ ${r.c.id} [${r.c.category}] ${r.c.turn}\n  ${r.why.join('\n  ')}\n  active: ${r.active.join(' | ')}`);
    }
    console.log(`correction suite on ${kind} (${CASES_FILE}${SPLIT ? `, ${SPLIT}` : ''}):\n${report(results)}`);
    if (process.env.CORR_CASES) return;
    for (const [category, [passed, total]] of Object.entries(byCategory(results))) {
      expect({ category, rate: passed / total >= (MIN_RATE[category] ?? 1) }).toEqual({ category, rate: true });
    }
  });
});
