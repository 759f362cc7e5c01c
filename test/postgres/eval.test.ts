import { describe, expect, it } from 'vitest';
import { reportTable, runEval, type EvalReport } from '../../eval/harness.ts';
import { startFakeProvider } from '../support/fake-provider.ts';
import { startTarget, teamsEnv, type TargetKind } from '../support/targets.ts';

async function evaluate(kind: TargetKind): Promise<EvalReport> {
  const fake = await startFakeProvider();
  const t = await startTarget(kind, teamsEnv());
  try {
    return await runEval(t, fake);
  } finally {
    await t.stop();
    await fake.close();
  }
}

describe('recall evaluation on PostgreSQL', () => {
  it('passes every case with the same scores, tier by tier, as on SQLite', { timeout: 240_000 }, async () => {
    const sqlite = await evaluate('node');
    const postgres = await evaluate('node-pg');
    expect(postgres.failures, reportTable(postgres)).toEqual([]);
    expect(postgres.cases).toBe(sqlite.cases);
    expect(postgres.passed).toBe(sqlite.passed);
    expect(postgres.tiers).toEqual(sqlite.tiers);
  });
});
