import { benchUsage } from '../usage.ts';
import { rps, type Section } from './section.ts';

export const usage: Section = {
  name: 'usage',
  async run(quick) {
    const r = await benchUsage(quick ? 1 : 4, quick ? 1 : 3);
    return {
      result: r,
      rows: [
        {
          item: 8,
          measure: `chat throughput (16 conn., memory off) with usage accounting vs the same server with it off (${r.rowsWritten} requests counted)`,
          value: rps(r.accountingOn),
          baseline: rps(r.accountingOff),
          ratio: r.ratio,
          target: '≥ 0.9',
          met: r.ratio >= 0.9,
        },
      ],
    };
  },
};
