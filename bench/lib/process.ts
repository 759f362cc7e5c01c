/** A real server process started as `npm start` does, for benchmarks that measure its memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { killOnExit } from './child.ts';
import { startFlags } from './start-flags.ts';

/** Started as `npm start` does (plain node on the esbuild bundle); BENCH_SERVER_NODE_ARGS adds node flags such as --cpu-prof. */
export async function startServerProcess(env: Record<string, string>, port: number, nodeArgs: string[] = []): Promise<ChildProcess> {
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...startFlags(), ...nodeArgs, ...extra, 'scripts/start.mjs'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  killOnExit(child);
  for (let i = 0; i < 1200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

/** A field of /proc/<pid>/status in MB: VmRSS (resident now) or VmHWM (peak). */
export function statusMB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
}
