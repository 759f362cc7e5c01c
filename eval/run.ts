/**
 * `npm run eval`: starts a real server (Node; `EVAL_TARGET=workerd` for workerd under Miniflare,
 * `EVAL_TARGET=node-pg` for Node on a throwaway PostgreSQL cluster) and a fake model provider on 127.0.0.1, runs the recall evaluation (eval/cases.ts over
 * eval/corpus.ts), prints the table and writes the JSON report to `EVAL_REPORT`
 * (default test-artifacts/eval-<target>.json). Exits 1 unless every case passes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWorker } from '../test/support/build-worker.ts';
import { startFakeProvider } from '../test/support/fake-provider.ts';
import { startPostgres } from '../test/support/postgres.ts';
import { startTarget, teamsEnv, type TargetKind } from '../test/support/targets.ts';
import { reportTable, runEval, type EvalReport } from './harness.ts';

export async function evaluate(kind: TargetKind): Promise<EvalReport> {
  if (kind === 'workerd') await buildWorker();
  const cluster = kind === 'node-pg' && !process.env.BELIEF_STORE_POSTGRES_URL ? await startPostgres() : null;
  if (cluster) process.env.BELIEF_STORE_POSTGRES_URL = cluster.url;
  const fake = await startFakeProvider();
  try {
    const target = await startTarget(kind, teamsEnv());
    try {
      return await runEval(target, fake);
    } finally {
      await target.stop();
    }
  } finally {
    await fake.close();
    if (cluster) {
      delete process.env.BELIEF_STORE_POSTGRES_URL;
      await cluster.stop();
    }
  }
}

export function writeReport(report: EvalReport, path = process.env.EVAL_REPORT ?? `test-artifacts/eval-${report.target}.json`): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(report, null, 2) + '\n');
  return path;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const kind = (process.env.EVAL_TARGET ?? 'node') as TargetKind;
  const report = await evaluate(kind);
  const path = writeReport(report);
  process.stdout.write(`${reportTable(report)}\n\nReport: ${path}\n`);
  for (const f of report.failures) process.stdout.write(`FAIL ${f.name}: ${f.problems.join('; ')}\n`);
  process.exit(report.failures.length ? 1 : 0);
}
