/**
 * Backup export and import of N beliefs (default 1,000,000, one history row each) through a real
 * server process, next to the standard tools doing the export's job on the same plaintext: the
 * export's own JSON lines (the archive decrypted and gunzipped) piped through `gzip -1 | age -p`
 * (age's scrypt passphrase recipient at its default work factor, as the archive uses; the
 * passphrase is typed into a terminal that `script` provides, since age reads it only from a TTY).
 * Reports MB/s (archive bytes and JSON-lines bytes), the import's time against the export's, and
 * each server's peak RSS (VmHWM) during the operation.
 * Run: `npx tsx bench/backup.ts [beliefs]`; profile the servers with
 * `BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR' npx tsx bench/backup.ts [beliefs]`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { Decrypter } from 'age-encryption';
import { openSqlite } from '../lib/db/sqlite/database.ts';
import { searchTerms } from '../lib/world/recall/terms.ts';
import { startServerProcess, statusMB } from './lib/process.ts';
import { stopChild } from './lib/child.ts';
import { freePort } from './lib/server.ts';

const ROOT = 'bench-root-token-0123456789abcdef';
const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
const PASSPHRASE = 'bench passphrase, long enough';

export interface BackupBenchResult {
  beliefs: number;
  archiveMB: number;
  jsonlMB: number;
  export: { seconds: number; archiveMBps: number; jsonlMBps: number; peakRssMB: number; idleRssMB: number };
  import: { seconds: number; archiveMBps: number; jsonlMBps: number; peakRssMB: number; idleRssMB: number };
  /** `gzip -1 | age -p` on the export's JSON lines: seconds and JSON-lines MB/s; null without age/script. */
  pipeline: { seconds: number; jsonlMBps: number; archiveMB: number } | null;
  /** Export's JSON-lines MB/s over the pipeline's (the time ratio, inverted). */
  exportVsPipeline: number | null;
  /** Import's seconds over the export's. */
  importVsExport: number;
}

/**
 * Seeds n beliefs with their search terms computed as the app does, so the server has nothing to index at start-up.
 * Closed as the app closes it (checkpoint worker first): the log is copied into the file and removed before the
 * server starts, not left to a checkpoint running beside the timed export.
 */
async function seed(dataDir: string, n: number): Promise<void> {
  const sqlite = openSqlite(dataDir);
  const { raw } = sqlite;
  raw.function('search_terms', { deterministic: true }, (owner, statement, key) => searchTerms(owner as string, statement as string, key as string | null));
  raw.exec(`
    WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n}),
    rows AS (
      SELECT printf('b%08d', i) AS id, 'user' || (i % 50) || '@example.com' AS owner, 'preference', CASE WHEN i % 3 = 0 THEN 'k' || (i % 1000) END AS key,
        'The user prefers option ' || i || ' because ' || hex(randomblob(12)) AS statement, 'the user prefers option ' || i, 'universal', i % 7 = 0, 0.8,
        CASE WHEN i % 5 = 0 THEN 'superseded' ELSE 'active' END, 'chat', 'conv-' || (i % 9973),
        '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', CASE WHEN i % 5 = 0 THEN '2026-01-03T00:00:00.000Z' END,
        CASE WHEN i % 5 = 0 THEN printf('b%08d', i + 50) END, i % 4, i % 11
      FROM seq
    )
    INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind,
      conversation_id, created_at, updated_at, superseded_at, superseded_by, reinforced_count, injected_count, search_terms)
    SELECT *, search_terms(owner, statement, key) FROM rows;
    INSERT INTO belief_history (id, belief_id, event, at, actor, detail)
      SELECT 'h' || substr(id, 2), id, 'created', created_at, owner, '{"source":"chat"}' FROM beliefs;
  `);
  await sqlite.close();
}

function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  return startServerProcess({ SERVICE_DATA_DIR: dataDir, SERVICE_API_TOKEN: ROOT, SERVICE_ENCRYPTION_KEY: KEY, SERVICE_MODE: 'single' }, port);
}

/**
 * Resets the process's peak RSS (VmHWM) to its current RSS, so the peak read afterwards belongs to
 * the export or import and not to start-up work (such as indexing the seeded beliefs).
 */
function resetPeak(pid: number): number {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return statusMB(pid, 'VmRSS');
}

async function exportTo(port: number, file: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/backup/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ROOT}`, 'content-type': 'application/json' },
    body: JSON.stringify({ passphrase: PASSPHRASE }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  const out = createWriteStream(file);
  await finished(Readable.fromWeb(res.body as never).pipe(out));
}

async function importFrom(port: number, file: string): Promise<unknown> {
  const boundary = 'bench-boundary-7f3a';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="passphrase"\r\n\r\n${PASSPHRASE}\r\n--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="a.bsbk"\r\n\r\n`;
  const body = Readable.toWeb(
    Readable.from(
      (async function* () {
        yield Buffer.from(head);
        for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) yield chunk as Buffer;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    ),
  );
  const res = await fetch(`http://127.0.0.1:${port}/admin/api/backup/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ROOT}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: body as never,
    duplex: 'half',
  } as RequestInit);
  if (res.status !== 200) throw new Error(`import: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Writes the archive's plaintext, uncompressed (the JSON lines the export produced); returns its size in bytes. */
async function decryptToFile(archive: string, out: string): Promise<number> {
  const d = new Decrypter();
  d.addPassphrase(PASSPHRASE);
  const plain = await d.decrypt(Readable.toWeb(createReadStream(archive)) as unknown as ReadableStream<Uint8Array>);
  const jsonl = plain.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
  await finished(Readable.fromWeb(jsonl as never).pipe(createWriteStream(out)));
  return statSync(out).size;
}

/**
 * `gzip -1 < plain | age -p -o out` timed end to end, the passphrase (twice: age asks to confirm)
 * typed into the terminal `script` gives the pipeline. Stdin stays open until the pipeline exits:
 * `script` waits about 2 s at exit when its input has ended early, which would be timed too.
 * Null when age, gzip or script is missing.
 */
async function timePipeline(dir: string, plain: string): Promise<{ seconds: number; archiveMB: number } | null> {
  if (spawnSync('sh', ['-c', 'command -v age && command -v gzip && command -v script']).status !== 0) return null;
  const out = join(dir, 'pipeline.age');
  const t = performance.now();
  const child = spawn('script', ['-qec', `gzip -1 < '${plain}' | age -p -o '${out}'`, '/dev/null'], { stdio: ['pipe', 'ignore', 'ignore'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.stdin.write(`${PASSPHRASE}\n${PASSPHRASE}\n`);
  const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
  const code = await exited;
  const seconds = (performance.now() - t) / 1000;
  clearTimeout(timer);
  child.stdin.destroy();
  if (code !== 0) throw new Error(`gzip -1 | age -p exited with ${code}`);
  return { seconds, archiveMB: statSync(out).size / 1e6 };
}

export async function runBackupBench(beliefs = 1_000_000): Promise<BackupBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-backup-'));
  const children: ChildProcess[] = [];
  try {
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    mkdirSync(a, { mode: 0o700 });
    let t = performance.now();
    await seed(a, beliefs);
    process.stderr.write(`seeded ${beliefs} beliefs in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
    const archive = join(dir, 'archive.bsbk');

    const [sourcePort, targetPort] = [await freePort(), await freePort()];
    const source = await startServer(a, sourcePort);
    children.push(source);
    const exportIdle = resetPeak(source.pid!);
    t = performance.now();
    await exportTo(sourcePort, archive);
    const exportSeconds = (performance.now() - t) / 1000;
    const exportPeak = statusMB(source.pid!, 'VmHWM');
    process.stderr.write(`exported in ${exportSeconds.toFixed(1)} s\n`);
    await stopChild(source);

    const target = await startServer(b, targetPort);
    children.push(target);
    const importIdle = resetPeak(target.pid!);
    t = performance.now();
    const result = await importFrom(targetPort, archive);
    const importSeconds = (performance.now() - t) / 1000;
    const importPeak = statusMB(target.pid!, 'VmHWM');
    await stopChild(target);
    process.stderr.write(`import result: ${JSON.stringify(result)}\n`);

    const plain = join(dir, 'plain.jsonl');
    const jsonlMB = (await decryptToFile(archive, plain)) / 1e6;
    const archiveMB = statSync(archive).size / 1e6;
    const timed = await timePipeline(dir, plain);
    const pipeline = timed && { seconds: timed.seconds, jsonlMBps: jsonlMB / timed.seconds, archiveMB: timed.archiveMB };
    return {
      beliefs,
      archiveMB,
      jsonlMB,
      export: {
        seconds: exportSeconds,
        archiveMBps: archiveMB / exportSeconds,
        jsonlMBps: jsonlMB / exportSeconds,
        peakRssMB: exportPeak,
        idleRssMB: exportIdle,
      },
      import: {
        seconds: importSeconds,
        archiveMBps: archiveMB / importSeconds,
        jsonlMBps: jsonlMB / importSeconds,
        peakRssMB: importPeak,
        idleRssMB: importIdle,
      },
      pipeline,
      exportVsPipeline: pipeline ? pipeline.seconds / exportSeconds : null,
      importVsExport: importSeconds / exportSeconds,
    };
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const n = Number(process.argv[2] ?? 1_000_000);
  console.log(JSON.stringify(await runBackupBench(n), null, 2));
}
