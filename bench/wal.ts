/**
 * The SQLite write-ahead log under steady writes: `writers` loops create beliefs through the admin
 * API for `seconds` while the WAL file's size is sampled; then, once they stop, how long until the
 * log is given back, and what one belief write puts in the log, page by page, by the b-tree each
 * page belongs to (SQLite's dbstat table). Target: the WAL stays under 64 MB throughout.
 * Run: `npx tsx bench/wal.ts [seconds] [writers]`.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';
import { HEADER, startBenchServer } from './lib/server.ts';
import { latency, round } from './lib/stats.ts';

export interface WalResult {
  seconds: number;
  writers: number;
  writes: number;
  failed: number;
  perSecond: number;
  /** Per write, ms. */
  p99: number;
  walMaxMB: number;
  /** Seconds from the last write until the WAL file was empty (null: not within the wait). */
  emptyAfterSeconds: number | null;
  /** What one belief write adds to the log: pages, KB, and pages by what they hold. */
  perWrite: { pages: number; kb: number; by: Record<string, number> } | null;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const IDLE_WAIT_MS = 15_000;
const SAMPLE_WRITES = 20;

/** The b-tree a page belongs to, folded into what it holds. */
function holder(name: string): string {
  if (name.startsWith('beliefs_fts')) return 'full-text index';
  if (name.startsWith('belief_history') || name === 'sqlite_autoindex_belief_history_1') return 'history and its indexes';
  if (name === 'beliefs' || name.startsWith('beliefs_') || name === 'sqlite_autoindex_beliefs_1') return 'beliefs and its indexes';
  if (name === 'belief_vocab' || name === 'belief_counts') return 'vocabulary and counts';
  return 'other (database header, new pages)';
}

/** The frames of the log's current generation: page numbers, and how many end a transaction. */
function walFrames(file: string): { pages: number[]; commits: number; pageSize: number } {
  const buf = readFileSync(file);
  const pageSize = buf.readUInt32BE(8);
  const salt = [buf.readUInt32BE(16), buf.readUInt32BE(20)];
  const pages: number[] = [];
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= buf.length; at += 24 + pageSize) {
    if (buf.readUInt32BE(at + 8) !== salt[0] || buf.readUInt32BE(at + 12) !== salt[1]) break;
    pages.push(buf.readUInt32BE(at));
    if (buf.readUInt32BE(at + 4) !== 0) commits++;
  }
  return { pages, commits, pageSize };
}

/** Writes SAMPLE_WRITES beliefs one at a time on an emptied log and attributes its frames to b-trees. */
async function pagesPerWrite(raw: BetterSqlite3.Database, wal: string, write: (i: number) => Promise<boolean>): Promise<WalResult['perWrite']> {
  raw.pragma('wal_checkpoint(TRUNCATE)');
  const owners = new Map<number, string>();
  for (const r of raw.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[]) owners.set(r.pageno, r.name);
  for (let i = 0; i < SAMPLE_WRITES; i++) if (!(await write(i))) return null;
  // The checkpointer may have emptied the log between two writes (on a slow machine a write can
  // outlast a tick); what is left are whole transactions, one per write.
  const { pages, commits, pageSize } = walFrames(wal);
  if (commits === 0) return null;
  const by: Record<string, number> = {};
  for (const p of pages) {
    const what = holder(owners.get(p) ?? '');
    by[what] = (by[what] ?? 0) + 1;
  }
  for (const k of Object.keys(by)) by[k] = round(by[k]! / commits, 1);
  return { pages: round(pages.length / commits, 1), kb: round((pages.length * (pageSize + 24)) / commits / 1024, 1), by };
}

export async function benchWal(seconds = 10, writers = 8): Promise<WalResult> {
  const server = await startBenchServer();
  const wal = join(server.dir, 'belief-store.db-wal');
  const walBytes = () => {
    try {
      return statSync(wal).size;
    } catch {
      return 0;
    }
  };
  try {
    const write = async (w: number, i: number) => {
      const res = await fetch(`${server.url}/admin/api/beliefs`, {
        method: 'POST',
        headers: { [HEADER]: `wal${w}@example.com`, 'content-type': 'application/json' },
        body: JSON.stringify({ statement: `The user keeps notebook ${i} of shelf ${w}`, type: 'entity' }),
      });
      await res.arrayBuffer();
      return res.status === 201;
    };
    let writing = true;
    let writes = 0;
    let failed = 0;
    const latencies: number[] = [];
    const writer = async (w: number) => {
      for (let i = 0; writing && i < 10_000_000; i++) {
        const started = performance.now();
        const ok = await write(w, i);
        latencies.push(performance.now() - started);
        if (ok) writes++;
        else failed++;
      }
    };
    const loops = Array.from({ length: writers }, (_, w) => writer(w));
    let walMax = 0;
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      walMax = Math.max(walMax, walBytes());
      await sleep(100);
    }
    writing = false;
    await Promise.all(loops);
    walMax = Math.max(walMax, walBytes());
    const stopped = Date.now();
    while (walBytes() > 0 && Date.now() - stopped < IDLE_WAIT_MS) await sleep(100);
    const emptyAfterSeconds = walBytes() === 0 ? round((Date.now() - stopped) / 1000, 1) : null;
    const perWrite = await pagesPerWrite(server.sqlite!.raw, wal, (i) => write(writers, i));
    return {
      seconds,
      writers,
      writes,
      failed,
      perSecond: Math.round(writes / seconds),
      p99: round(latency(latencies).p99, 1),
      walMaxMB: round(walMax / 2 ** 20, 1),
      emptyAfterSeconds,
      perWrite,
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchWal(Number(process.argv[2] ?? 10), Number(process.argv[3] ?? 8));
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}
