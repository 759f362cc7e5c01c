import { afterAll, describe, expect, it } from 'vitest';
import { reportTable, runEval, type EvalReport } from '../../eval/harness.ts';
import { writeReport } from '../../eval/run.ts';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';

/** The recall evaluation (npm run eval) on each runtime: every case must pass. */
describe.each(TARGETS)('recall evaluation on %s', (kind) => {
  let t: Target | undefined;
  let fake: FakeProvider | undefined;
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  it('passes every case', { timeout: 120_000 }, async () => {
    fake = await startFakeProvider();
    t = await startTarget(kind, teamsEnv());
    const report: EvalReport = await runEval(t, fake);
    writeReport(report, `test-artifacts/eval-${kind}.json`);
    expect(report.cases).toBeGreaterThanOrEqual(60);
    expect(report.failures, reportTable(report)).toEqual([]);
    expect(report.passed).toBe(report.cases);
  });
});
