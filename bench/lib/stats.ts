/** Small statistics over latency samples (milliseconds). */

/** The q-quantile (0..1) by nearest rank; NaN for no samples. */
function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Rounds to `digits` decimals (results are reported, not computed on). */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? round(numerator / denominator, 3) : NaN;
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

export function latency(samples: readonly number[]): Latency {
  return { p50: round(percentile(samples, 0.5), 3), p95: round(percentile(samples, 0.95), 3), p99: round(percentile(samples, 0.99), 3) };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
