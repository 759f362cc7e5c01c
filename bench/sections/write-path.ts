import { benchWritePath } from '../write-path.ts';
import { rps, type Section } from './section.ts';

export const writePath: Section = {
  name: 'writePath',
  async run(quick) {
    const r = await benchWritePath(quick ? 1 : 5, quick ? 2 : 8);
    return {
      result: r,
      rows: [
        {
          item: 6,
          measure: `SQLITE_BUSY + failed requests: ${rps(r.reads.rps)} PAT reads, ${r.writes.perSecond} belief writes/s`,
          value: String(r.sqliteBusy + r.writes.failed + r.reads.errors + r.reads.non2xx + r.serverErrors),
          target: '0',
          met: r.sqliteBusy + r.writes.failed + r.reads.errors + r.reads.non2xx + r.serverErrors === 0,
        },
      ],
    };
  },
};
