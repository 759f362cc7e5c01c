/**
 * Where a memory-off chat's time goes, by phase: the service of a checkout (as `npm start` runs it)
 * and the bare node:http forwarder, each in its own process under `node --cpu-prof`, loaded in
 * turn by autocannon (64 connections, PAT, `x-belief-store: off`) after 5 s of warm-up, against one
 * fake provider process. Only the samples of the measured window count (the profile's clock is the
 * monotonic one `process.hrtime` reads); each is charged to the first frame on its stack that
 * belongs to a known part (the bundle's `// path` comments name the module of a line), so a
 * builtin such as JSON.parse counts for the code that called it. Prints µs per request by phase
 * (sampled wall time of the main thread, idle left out) and the process's CPU time per request
 * from /proc over the same window.
 * Run: `npx tsx bench/chat-profile.ts CHECKOUT [seconds] [connections]`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { cannon } from './lib/cannon.ts';
import { killOnExit, startChild, stopChild } from './lib/child.ts';
import { cpuMsOf, loadNow } from './lib/machine.ts';
import { configureProvider, createPat, USER } from './lib/server.ts';
import { startService } from './lib/service.ts';

const BODY = JSON.stringify({
  model: 'm1',
  messages: [{ role: 'user', content: 'Which hiking trails near the city I live in would suit my knee and my dog?' }],
});
const INTERVAL_US = 100;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The phase a module's code belongs to; null: look further up the stack. */
const PHASES: [RegExp, string][] = [
  [/node_modules\/@hono\/node-server/, 'Hono Node adapter (request/response objects)'],
  [/node_modules\/hono\/.*(router|hono-base|compose)/, 'Hono routing and compose'],
  [/node_modules\/hono/, 'Hono context and helpers'],
  [/node_modules\/undici/, 'undici (provider call and its answer)'],
  [/node_modules\/zod/, 'body validation (zod)'],
  [/node_modules\/better-sqlite3|lib\/db\//, 'database (statements, freshness check)'],
  [/lib\/auth\/|lib\/crypto\.ts/, 'authentication'],
  [/lib\/middleware\/log\.ts/, 'request log'],
  [/lib\/middleware\/metrics\.ts|lib\/metrics\.ts/, 'metrics'],
  [/lib\/middleware\/|lib\/routes\.ts|lib\/request-limit\.ts/, 'hooks (access, rate, body limit) and route table'],
  [/lib\/stores\/config\.ts|lib\/runtime-config\.ts|lib\/provider-keys\.ts|lib\/config\//, 'config read and provider key'],
  [/lib\/body\.ts/, 'body read and JSON parse'],
  [/lib\/stores\/usage\.ts|lib\/providers\/accounting\.ts|lib\/providers\/tokens\.ts/, 'usage accounting'],
  [/lib\/providers\/|lib\/adapters\/node\/upstream/, 'provider call (our wrapping)'],
  [/functions\/v1\/chat\.ts/, 'chat handler (route, answer parse, response)'],
  [/lib\/adapters\/node\//, 'Node adapter (ours)'],
  [/lib\/|functions\//, 'other service code'],
  [/bench\/lib\/bare\.ts/, 'forwarder code'],
  [/node:_http_server|node:_http_incoming|node:_http_common|node:_http_outgoing|node:internal\/http/, 'Node HTTP'],
  [/node:_http_client|node:_http_agent/, 'Node HTTP client'],
  [/node:net|node:internal\/stream_base|node:internal\/streams|node:stream|node:internal\/webstreams/, 'Node sockets and streams'],
  [/node:internal\/process\/task_queues|node:internal\/timers|node:timers/, 'microtasks and timers'],
  [/node:/, 'other Node internals'],
];

/** The bundle's module of each line, from esbuild's `// path` comments. */
function moduleLines(file: string): (line: number) => string {
  const starts: { line: number; path: string }[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const m = /^\/\/ ((?:lib|functions|node_modules)\/\S+)$/.exec(text);
      if (m) starts.push({ line: i, path: m[1]! });
    });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = '';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]!.line <= line) {
        found = starts[mid]!.path;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

function summarise(
  profile: Profile,
  from: number,
  to: number,
  bundle: string | null,
): { phases: Map<string, number>; functions: Map<string, number>; inPhase: Map<string, Map<string, number>> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const lineModule = bundle ? moduleLines(bundle) : () => '';
  const where = (n: ProfileNode) => {
    const url = n.callFrame.url;
    if (bundle && url.endsWith('server.mjs')) return lineModule(n.callFrame.lineNumber);
    return url.replace(/^file:\/\//, '');
  };
  const phaseCache = new Map<number, string>();
  const phaseOf = (id: number): string => {
    const cached = phaseCache.get(id);
    if (cached) return cached;
    let phase = '';
    const n = byId.get(id)!;
    const name = n.callFrame.functionName;
    if (name === '(garbage collector)') phase = 'garbage collector';
    else if (name === '(program)') phase = '(program: V8 and native, outside JavaScript)';
    else if (name === '(idle)') phase = '(idle)';
    else {
      const w = where(n);
      const hit = w ? PHASES.find(([re]) => re.test(w)) : undefined;
      if (hit) phase = hit[1];
      else {
        const up = parent.get(id);
        phase = up === undefined || byId.get(up)!.callFrame.functionName === '(root)' ? 'other (native, no caller known)' : phaseOf(up);
      }
    }
    phaseCache.set(id, phase);
    return phase;
  };
  const phases = new Map<string, number>();
  const functions = new Map<string, number>();
  const inPhase = new Map<string, Map<string, number>>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const dt = profile.timeDeltas[i + 1] ?? INTERVAL_US;
    const id = profile.samples[i]!;
    const phase = phaseOf(id);
    phases.set(phase, (phases.get(phase) ?? 0) + dt);
    const n = byId.get(id)!;
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${where(n).replace(/.*node_modules\//, '')}`;
    functions.set(fn, (functions.get(fn) ?? 0) + dt);
    const fns = inPhase.get(phase) ?? new Map<string, number>();
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
    inPhase.set(phase, fns);
  }
  return { phases, functions, inPhase };
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function measure(name: string, url: string, pid: number, headers: Record<string, string>, seconds: number, connections: number) {
  await cannon(url, 5, connections, headers, BODY);
  const cpu0 = cpuMsOf(pid)!;
  const from = nowUs();
  const run = await cannon(url, seconds, connections, headers, BODY);
  const to = nowUs();
  const cpu1 = cpuMsOf(pid)!;
  const requests = run.rps * seconds;
  if (run.errors + run.non2xx > 0) throw new Error(`${name}: ${run.errors + run.non2xx} failed requests`);
  return { name, from, to, requests, rps: run.rps, cpuUs: ((cpu1 - cpu0) * 1000) / requests, load: loadNow() };
}

function newestProfile(dir: string): Profile {
  // The main thread's (thread id 0); workers write profiles of their own.
  const file = readdirSync(dir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!file) throw new Error(`no profile in ${dir}`);
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
}

function report(label: string, m: Awaited<ReturnType<typeof measure>>, profile: Profile, bundle: string | null): void {
  const { phases, functions, inPhase } = summarise(profile, m.from, m.to, bundle);
  const per = (us: number) => (us / m.requests).toFixed(1);
  const busy = [...phases].filter(([p]) => p !== '(idle)').reduce((a, [, v]) => a + v, 0);
  process.stdout.write(
    `\n## ${label}: ${Math.round(m.rps)} req/s, CPU ${m.cpuUs.toFixed(0)} µs/request (/proc), sampled busy ${per(busy)} µs/request, load ${m.load}\n`,
  );
  for (const [p, us] of [...phases].sort((a, b) => b[1] - a[1])) {
    process.stdout.write(`${per(us).padStart(8)}  ${p}\n`);
    if (process.env.PROFILE_DETAIL) {
      const top = [...inPhase.get(p)!].sort((a, b) => b[1] - a[1]).slice(0, 6);
      for (const [f, v] of top) process.stdout.write(`${''.padStart(8)}  ${per(v).padStart(6)}  ${f}\n`);
    }
  }
  process.stdout.write('top functions (self):\n');
  for (const [f, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) process.stdout.write(`${per(us).padStart(8)}  ${f}\n`);
}

const [checkoutArg, secondsArg, connectionsArg] = process.argv.slice(2);
if (!checkoutArg) throw new Error('usage: npx tsx bench/chat-profile.ts CHECKOUT [seconds] [connections]');
const checkout = resolve(checkoutArg);
const seconds = Number(secondsArg) || 10;
const connections = Number(connectionsArg) || 64;
const profDir = mkdtempSync(join(tmpdir(), 'bs-chat-profile-'));
const [serviceProf, forwarderProf] = [join(profDir, 'service'), join(profDir, 'forwarder')];
const profFlags = (dir: string) => ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-interval=${INTERVAL_US}`];
const data = mkdtempSync(join(tmpdir(), 'bs-chat-profile-data-'));
const fake = await startChild('fake');
let forwarder: ChildProcess | null = null;
try {
  process.env.BENCH_SERVER_NODE_ARGS = [process.env.BENCH_SERVER_NODE_ARGS ?? '', ...profFlags(serviceProf)].join(' ');
  const service = await startService(data, {}, checkout);
  await configureProvider(service.url, fake.url);
  const { token } = await createPat(service.url, USER);
  const m = await measure(
    'service',
    `${service.url}/v1/chat/completions`,
    service.child.pid!,
    { authorization: `Bearer ${token}`, 'x-belief-store': 'off' },
    seconds,
    connections,
  );
  await stopChild(service.child);

  const script = fileURLToPath(new URL('./lib/child.ts', import.meta.url));
  forwarder = spawn(process.execPath, [...profFlags(forwarderProf), '--import', 'tsx', script, 'forwarder', fake.url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  killOnExit(forwarder);
  const forwarderUrl = await new Promise<string>((done) => createInterface({ input: forwarder!.stdout! }).once('line', (l) => done(l.trim())));
  const f = await measure('forwarder', `${forwarderUrl}/v1/chat/completions`, forwarder.pid!, { authorization: 'Bearer sk-bench-0000' }, seconds, connections);
  await stopChild(forwarder);

  report(`service ${checkout}`, m, newestProfile(serviceProf), join(checkout, '.build/server.mjs'));
  report('bare forwarder', f, newestProfile(forwarderProf), null);
} finally {
  if (forwarder) await stopChild(forwarder);
  await fake.close();
  rmSync(data, { recursive: true, force: true });
  if (!process.env.KEEP_PROFILES) rmSync(profDir, { recursive: true, force: true });
  else process.stderr.write(`profiles kept in ${profDir}\n`);
}
process.exit(0);
