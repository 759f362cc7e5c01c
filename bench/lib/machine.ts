/** What the machine was doing during a measurement: its load, and a server process's CPU time. */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** The 1-minute load average now, for a row to say how busy the machine was when it was measured. */
export function loadNow(): number {
  return Math.round(loadavg()[0]! * 10) / 10;
}

/** Row text: "load 3.2 on 2 cores". */
export const loadText = (load: number, cores: number) => `load ${load} on ${cores} cores`;

/**
 * CPU time (user + system, ms) a process has used so far, from /proc on Linux; null elsewhere.
 * Unlike requests per second, CPU per request hardly moves with what else the machine runs.
 */
export function cpuMsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
