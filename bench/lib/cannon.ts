import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const AUTOCANNON = fileURLToPath(new URL('../../node_modules/autocannon/autocannon.js', import.meta.url));

export interface CannonRun {
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  non2xx: number;
}

/**
 * One autocannon run from its own process, so the load generator does not share an event loop
 * with any server; `post` sends that JSON body.
 */
export async function cannon(url: string, seconds: number, connections: number, headers: Record<string, string> = {}, post?: string): Promise<CannonRun> {
  const args = ['-j', '-c', String(connections), '-d', String(seconds)];
  if (post !== undefined) args.push('-m', 'POST', '-b', post, '-H', 'content-type=application/json');
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const child = spawn(process.execPath, [AUTOCANNON, ...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; timeouts: number; non2xx: number };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}
