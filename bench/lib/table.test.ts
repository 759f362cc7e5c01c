import { describe, expect, it } from 'vitest';
import { formatRatio, formatTable } from './table.ts';

describe('benchmark table', () => {
  it('prints ratios with two decimals, and small ones with two significant digits instead of 0.00', () => {
    expect(formatRatio(0.6449)).toBe('0.64');
    expect(formatRatio(5.171)).toBe('5.17');
    expect(formatRatio(0.004823)).toBe('0.0048');
    expect(formatRatio(0)).toBe('0.00');
  });

  it('puts a small ratio into its row', () => {
    const table = formatTable([{ item: 4, measure: 'export vs age', value: '3.8 MB/s', baseline: '794.6 MB/s', ratio: 0.0048, target: '≥ 0.5', met: false }]);
    expect(table).toContain('| 4 | export vs age | 3.8 MB/s | 794.6 MB/s | 0.0048 | ≥ 0.5 | NO |');
  });
});
