/**
 * `npm run bench`: every performance figure of docs/design.md as a ratio against a baseline measured
 * in the same run, printed as one table and written to bench/results.json.
 *   npm run bench                       full run (about 25 minutes on 2 cores; stopped at 35)
 *   npm run bench -- --quick            seconds-long run with tiny sizes (the test suite's smoke run)
 *   npm run bench -- --out FILE         results elsewhere
 *   npm run bench -- --only auth,proxy  some sections only
 * Reduced sizes for a side run (the table says so in its measurements): BENCH_PROXY_BELIEFS,
 * BENCH_PROXY_REQUESTS, BENCH_THROUGHPUT_SECONDS, BENCH_BACKUP_BELIEFS, BENCH_WAL_SECONDS; the PostgreSQL section's
 * retrieval sizes with BENCH_PG_RETRIEVAL_SMALL and BENCH_PG_RETRIEVAL_LARGE (1000000 for the 1M figure).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import { formatTable, type Row } from './lib/table.ts';
import { round } from './lib/stats.ts';
import { auth } from './sections/auth.ts';
import { backup } from './sections/backup.ts';
import { burst } from './sections/burst.ts';
import { durability } from './sections/durability.ts';
import { embeddings } from './sections/embeddings.ts';
import { extractor } from './sections/extractor.ts';
import { heavyTurns } from './sections/heavy-turns.ts';
import { multinode } from './sections/multinode.ts';
import { postgres } from './sections/postgres.ts';
import { proxy } from './sections/proxy.ts';
import { retrieval } from './sections/retrieval.ts';
import { revocation } from './sections/revocation.ts';
import { runtimes } from './sections/runtimes.ts';
import type { Section } from './sections/section.ts';
import { soak } from './sections/soak.ts';
import { throughput } from './sections/throughput.ts';
import { usage } from './sections/usage.ts';
import { wal } from './sections/wal.ts';
import { writePath } from './sections/write-path.ts';

const TIME_LIMIT_MS = 35 * 60 * 1000;
/** Sections a quick run measures side by side. */
const QUICK_AT_ONCE = 2;

/** Every section, in the order a full run measures them: a new section is one file in sections/ and one line here. */
// biome-ignore format: one line a section, so adding a section adds one line
const SECTIONS: Section[] = [
  burst,
  auth,
  proxy,
  throughput,
  retrieval,
  embeddings,
  backup,
  revocation,
  writePath,
  runtimes,
  usage,
  soak,
  postgres,
  extractor,
  heavyTurns,
  multinode,
  durability,
  wal,
];

export function machine() {
  const cpu = cpus();
  return {
    cpu: `${cpu[0]?.model.trim() ?? 'unknown'} × ${cpu.length}`,
    memoryGB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: loadavg().map((l) => round(l, 2)),
  };
}

export interface BenchRun {
  quick: boolean;
  startedAt: string;
  seconds: number;
  machine: ReturnType<typeof machine>;
  sections: Record<string, { seconds: number; result?: unknown; error?: string; rows: Row[] }>;
}

export async function runBench(options: { quick: boolean; only?: string[]; say?: (line: string) => void }): Promise<BenchRun> {
  const say = options.say ?? ((line: string) => process.stderr.write(line + '\n'));
  const started = performance.now();
  const run: BenchRun = { quick: options.quick, startedAt: new Date().toISOString(), seconds: 0, machine: machine(), sections: {} };
  const chosen = SECTIONS.filter((s) => !options.only || options.only.includes(s.name));
  const measure = async (section: Section): Promise<BenchRun['sections'][string]> => {
    say(`bench: ${section.name}…`);
    const t = performance.now();
    try {
      const { result, rows } = await section.run(options.quick);
      return { seconds: round((performance.now() - t) / 1000, 1), result, rows };
    } catch (err) {
      // fetch's own message ("fetch failed") says nothing; its cause names the refused or reset connection.
      const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
      const message = (err instanceof Error ? err.stack?.split('\n').slice(0, 3).join(' ') || err.message : String(err)) + cause;
      say(`bench: ${section.name} failed: ${message}`);
      return { seconds: round((performance.now() - t) / 1000, 1), error: message, rows: [] };
    }
  };
  // A quick run only shows that every section still works, so QUICK_AT_ONCE sections run side by
  // side (more at once starve each other's servers on a small machine that also runs the test
  // suite: a chat through workerd then failed its fetch); a real run measures one section at a time.
  const outcomes: BenchRun['sections'][string][] = new Array(chosen.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < chosen.length; i = next++) outcomes[i] = await measure(chosen[i]!);
  };
  await Promise.all(Array.from({ length: options.quick ? QUICK_AT_ONCE : 1 }, worker));
  chosen.forEach((section, i) => {
    run.sections[section.name] = outcomes[i]!;
  });
  run.seconds = round((performance.now() - started) / 1000, 1);
  return run;
}

export function report(run: BenchRun): string {
  const rows = Object.entries(run.sections).flatMap(([name, s]) =>
    s.error === undefined ? s.rows : [{ item: 0, measure: `${name}: FAILED`, value: s.error } satisfies Row],
  );
  const m = run.machine;
  return [
    formatTable(rows),
    '',
    `Machine: ${m.cpu}, ${m.memoryGB} GB RAM, ${m.platform}, Node ${m.node}; load average at start ${m.loadAverageAtStart.join(' / ')}.`,
    `Run: ${run.startedAt}, ${run.seconds} s${run.quick ? ' (quick mode: tiny sizes, not comparable)' : ''}.`,
  ].join('\n');
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench: over the ${TIME_LIMIT_MS / 60000}-minute limit; stopping\n`);
    process.exit(1);
  }, TIME_LIMIT_MS);
  watchdog.unref();
  const run = await runBench({ quick: args.includes('--quick'), only: argValue(args, '--only')?.split(',') });
  const out = argValue(args, '--out') ?? new URL('./results.json', import.meta.url);
  writeFileSync(out, JSON.stringify(run, null, 2) + '\n');
  process.stdout.write(report(run) + '\n');
  process.exit(Object.values(run.sections).some((s) => s.error !== undefined) ? 1 : 0);
}
