import { benchRetrieval } from '../retrieval.ts';
import { round } from '../lib/stats.ts';
import { ms, type Section } from './section.ts';

export const retrieval: Section = {
  name: 'retrieval',
  async run(quick) {
    const sizes = quick ? [1_000, 2_000, 5_000] : [10_000, 100_000, 1_000_000];
    const r = await benchRetrieval(sizes, quick ? 20 : 300);
    const first = r.results[0]!;
    return {
      result: r,
      rows: r.results.map((s, i) => ({
        item: 3,
        measure: `context assembly, ${s.size} beliefs (${s.totalRows} rows): p50 (p95)`,
        value: `${ms(s.buildContextMs.p50)} (${ms(s.buildContextMs.p95)})`,
        baseline: i === 0 ? undefined : `${ms(first.buildContextMs.p50)} at ${first.size}`,
        ratio: i === 0 ? undefined : round(s.buildContextMs.p50 / first.buildContextMs.p50, 3),
        target: i === r.results.length - 1 ? '≤ 3' : undefined,
        met: i === r.results.length - 1 ? r.p50LargestVsSmallest <= 3 : undefined,
      })),
    };
  },
};
