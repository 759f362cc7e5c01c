import { readdirSync, readFileSync } from 'node:fs';

/**
 * Seconds the threads of these processes have run on a CPU, and waited runnable for one (Linux
 * schedstat), so far: a load test's figures say whether the service or the host was the limit.
 */
export function cpuTime(pids: number[]): { ran: number; waited: number } {
  let ran = 0;
  let waited = 0;
  for (const pid of pids) {
    try {
      for (const thread of readdirSync(`/proc/${pid}/task`)) {
        const [run, wait] = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ').map(Number);
        ran += run! / 1e9;
        waited += wait! / 1e9;
      }
    } catch {
      // ended meanwhile, or no schedstat on this kernel
    }
  }
  return { ran, waited };
}
