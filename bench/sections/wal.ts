import { benchWal } from '../wal.ts';
import { mb, sized, type Section } from './section.ts';

const WAL_TARGET_MB = 64;

export const wal: Section = {
  name: 'wal',
  async run(quick) {
    const r = await benchWal(quick ? 3 : sized('BENCH_WAL_SECONDS', 600), quick ? 4 : 8);
    const load = `${r.writers} writers creating beliefs through the admin API for ${r.seconds} s`;
    const per = r.perWrite;
    return {
      result: r,
      rows: [
        {
          item: 38,
          measure: `SQLite WAL, largest during ${load} (${r.failed} failed)`,
          value: mb(r.walMaxMB),
          target: `< ${WAL_TARGET_MB} MB`,
          met: r.failed === 0 && r.walMaxMB < WAL_TARGET_MB,
        },
        { item: 38, measure: `belief writes sustained over those ${r.seconds} s (p99 of one write)`, value: `${r.perSecond} writes/s (${r.p99} ms)` },
        {
          item: 38,
          measure: 'SQLite WAL emptied after the writes stopped',
          value: r.emptyAfterSeconds === null ? 'not within 15 s' : `after ${r.emptyAfterSeconds} s`,
        },
        {
          item: 38,
          measure: per
            ? `WAL per belief write, pages by what they hold: ${Object.entries(per.by)
                .sort((a, b) => b[1] - a[1])
                .map(([what, n]) => `${what} ${n}`)
                .join(', ')}`
            : 'WAL per belief write (not measured: the log restarted during the sample)',
          value: per ? `${per.pages} pages, ${per.kb} KB` : '',
        },
      ],
    };
  },
};
