/**
 * CPU per memory-off chat of two checkouts of the service, measured side by side: each started as
 * `npm start` runs it (its own process, its own bundle) against one fake provider, both loaded at
 * once by an autocannon process each (32 connections), so whatever else the machine runs falls on
 * both alike. CPU per request is the process's user + system time from /proc over a round. The
 * ratio is taken round by round, then again with the two started in the other order, and the
 * order's own bias divided out (the second of two identical checkouts read ~3–5% cheaper).
 * Run: `npx tsx bench/side-by-side.ts BASE_CHECKOUT OTHER_CHECKOUT [seconds] [rounds]`; a checkout
 * needs its node_modules (a symlink will do). BENCH_SERVER_NODE_ARGS adds node flags to both.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChild, stopChild } from './lib/child.ts';
import { cannon } from './lib/cannon.ts';
import { cpuMsOf, loadNow } from './lib/machine.ts';
import { configureProvider, createPat, USER } from './lib/server.ts';
import { startService } from './lib/service.ts';
import { median } from './lib/stats.ts';

const BODY = JSON.stringify({
  model: 'm1',
  messages: [{ role: 'user', content: 'Which hiking trails near the city I live in would suit my knee and my dog?' }],
});

interface Service {
  checkout: string;
  url: string;
  child: ChildProcess;
  headers: Record<string, string>;
}

async function startAt(checkout: string, dir: string, providerUrl: string): Promise<Service> {
  const { url, child } = await startService(dir, {}, checkout);
  await configureProvider(url, providerUrl);
  const { token } = await createPat(url, USER);
  return { checkout, url, child, headers: { authorization: `Bearer ${token}`, 'x-belief-store': 'off' } };
}

/** CPU µs per request of each service, one value per round, both loaded at once. */
async function rounds(services: Service[], seconds: number, count: number): Promise<number[][]> {
  const cpu: number[][] = services.map(() => []);
  const load = (s: Service, secs: number) => cannon(`${s.url}/v1/chat/completions`, secs, 32, s.headers, BODY);
  await Promise.all(services.map((s) => load(s, 5)));
  for (let round = 0; round < count; round++) {
    const before = services.map((s) => cpuMsOf(s.child.pid!));
    const runs = await Promise.all(services.map((s) => load(s, seconds)));
    services.forEach((s, i) => {
      const after = cpuMsOf(s.child.pid!);
      const failures = runs[i]!.errors + runs[i]!.non2xx;
      if (failures > 0) throw new Error(`${s.checkout}: ${failures} failed requests`);
      cpu[i]!.push(Math.round(((after! - before[i]!) * 1000) / (runs[i]!.rps * seconds)));
    });
    process.stderr.write(`round ${round + 1}, load ${loadNow()}: ${services.map((s, i) => `${s.checkout} ${cpu[i]!.at(-1)} µs`).join(', ')}\n`);
  }
  return cpu;
}

async function sitting(checkouts: string[], seconds: number, count: number): Promise<number[][]> {
  const fake = await startChild('fake');
  const dirs = checkouts.map(() => mkdtempSync(join(tmpdir(), 'bs-bench-side-')));
  const services: Service[] = [];
  try {
    for (const [i, checkout] of checkouts.entries()) services.push(await startAt(checkout, dirs[i]!, fake.url));
    return await rounds(services, seconds, count);
  } finally {
    for (const s of services) await stopChild(s.child);
    await fake.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const [base, other, seconds, count] = process.argv.slice(2);
if (!base || !other) throw new Error('usage: npx tsx bench/side-by-side.ts BASE_CHECKOUT OTHER_CHECKOUT [seconds] [rounds]');
const [a, b] = [resolve(base), resolve(other)];
const secs = Number(seconds) || 4;
const n = Number(count) || 10;
const first = await sitting([a, b], secs, n);
const second = await sitting([b, a], secs, n);
// r·bias in the first order, bias/r in the second: their quotient's square root is r.
const ratioFirst = median(first[0]!.map((x, i) => first[1]![i]! / x));
const ratioSecond = median(second[0]!.map((x, i) => second[1]![i]! / x));
const result = {
  seconds: secs,
  rounds: n,
  base: { checkout: a, cpuUsPerRequest: [median(first[0]!), median(second[1]!)] },
  other: { checkout: b, cpuUsPerRequest: [median(first[1]!), median(second[0]!)] },
  otherOverBase: Math.round(Math.sqrt(ratioFirst / ratioSecond) * 1000) / 1000,
  orderBias: Math.round(Math.sqrt(ratioFirst * ratioSecond) * 1000) / 1000,
};
process.stdout.write(JSON.stringify(result, null, 2) + '\n');
process.exit(0);
