import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BenchRun } from '../../bench/run.ts';
import type { SoakResult } from '../../bench/soak.ts';

const SECTIONS = [
  'burst',
  'auth',
  'proxy',
  'throughput',
  'retrieval',
  'embeddings',
  'backup',
  'revocation',
  'writePath',
  'runtimes',
  'usage',
  'soak',
  'postgres',
  'extractor',
  'heavyTurns',
  'multinode',
  'durability',
  'wal',
];

/** Past this the run and every process it started are killed: a hung section fails the test with its output, leaving nothing behind. */
const RUN_LIMIT_MS = 400_000;

function runQuick(out: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--out', out], {
    // The PostgreSQL sections measure in the run's cluster instead of starting two of their own.
    env: { ...process.env, BELIEF_STORE_POSTGRES_URL: inject('postgresUrl') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const limit = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), RUN_LIMIT_MS);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** `npm run bench` in quick mode, so the benchmark cannot rot; no timing is asserted. */
describe('npm run bench --quick', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-smoke-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs every section and prints one table with the machine', { timeout: 420_000 }, async () => {
    const out = join(dir, 'results.json');
    const { code, stdout, stderr } = await runQuick(out);
    expect(stderr).not.toMatch(/failed:/);
    expect(code, stderr).toBe(0);

    const run = JSON.parse(readFileSync(out, 'utf8')) as BenchRun;
    expect(run.quick).toBe(true);
    expect(Object.keys(run.sections)).toEqual(SECTIONS);
    for (const name of SECTIONS) {
      const section = run.sections[name]!;
      expect(section.error, name).toBeUndefined();
      expect(section.rows.length, name).toBeGreaterThan(0);
      for (const row of section.rows) {
        expect(row.measure).not.toBe('');
        expect(row.value).not.toBe('');
      }
    }
    const items = new Set(Object.values(run.sections).flatMap((s) => s.rows.map((r) => r.item)));
    expect([...items].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 26, 28, 37, 38]);
    expect(run.sections.revocation!.rows[0]!.value).toBe('0');
    expect((run.sections.soak!.result as SoakResult).serverSurvived).toBe(true);

    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('| # | measurement | result | baseline | ratio | target | met |');
    expect(lines.filter((l) => l.startsWith('| ')).length).toBe(2 + Object.values(run.sections).reduce((n, s) => n + s.rows.length, 0));
    expect(stdout).toMatch(/^Machine: .+ × \d+, [\d.]+ GB RAM, .+, Node v\d+/m);
  });
});
