import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** `npm start`'s process (scripts/start.mjs) on a data dir of the test's, without a time limit of its own: the tests stop it. */
export interface Service {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code once the process exited (not when its output closes: workerd may hold that open). */
  exited: Promise<number | null>;
}

export async function startService(env: Record<string, string>): Promise<Service> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((found, failed) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      failed(new Error(`not listening within 120 s: ${out}`));
    }, 120_000);
    child.stdout!.on('data', () => {
      const m = /listening on (http:\/\/\S+) \(/.exec(out);
      if (m) {
        clearTimeout(timer);
        found(m[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      failed(new Error(`exited before listening: ${out}`));
    });
  });
  return { child, url, output: () => out, exited };
}

/** SIGKILLs whatever still runs on `dir` (a workerd whose launcher a failed test left behind), found through /proc. */
export function killLeftovers(dir: string): void {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir)) process.kill(Number(entry), 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
}
