/** One line of the benchmark table: a measurement, its baseline, their ratio and the target. */
export interface Row {
  /** The item of issue 9 (1 auth … 6 write path) or 7 (soak); 0 for a failed section. */
  item: number;
  measure: string;
  value: string;
  baseline?: string;
  ratio?: number;
  target?: string;
  /** Whether the target is met; undefined when the row has no target. */
  met?: boolean;
}

const HEAD = ['#', 'measurement', 'result', 'baseline', 'ratio', 'target', 'met'];

/** Two decimals, or two significant digits below 0.01, so a small ratio never reads as 0.00. */
export const formatRatio = (ratio: number) => (ratio === 0 || Math.abs(ratio) >= 0.01 ? ratio.toFixed(2) : ratio.toPrecision(2));

const cell = (text: string) => text.replaceAll('|', '\\|');

/** A Markdown table (readable in a terminal, pasted as is into the README). */
export function formatTable(rows: Row[]): string {
  const lines = rows.map((r) => [
    String(r.item),
    r.measure,
    r.value,
    r.baseline ?? '',
    r.ratio === undefined || Number.isNaN(r.ratio) ? '' : formatRatio(r.ratio),
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  ]);
  return [HEAD, HEAD.map(() => '---'), ...lines].map((l) => `| ${l.map(cell).join(' | ')} |`).join('\n');
}
