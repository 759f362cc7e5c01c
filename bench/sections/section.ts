import { round } from '../lib/stats.ts';
import type { Row } from '../lib/table.ts';

/** One section of `npm run bench`: a name for `--only`, and a run that returns its result and table rows. */
export interface Section {
  name: string;
  run(quick: boolean): Promise<{ result: unknown; rows: Row[] }>;
}

/** A positive number from the environment (a reduced side run), else `fallback`. */
export const sized = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

export const ms = (v: number) => `${round(v, 2)} ms`;
export const rps = (v: number) => `${Math.round(v)} req/s`;
export const mb = (v: number) => `${round(v, 1)} MB`;
export const mbps = (v: number) => `${round(v, 1)} MB/s`;
