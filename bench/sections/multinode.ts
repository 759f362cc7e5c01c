import { benchMultinode } from '../multinode.ts';
import { rps, type Section } from './section.ts';

export const multinode: Section = {
  name: 'multinode',
  async run(quick) {
    const r = await benchMultinode(quick ? 1 : 8, quick ? 1 : 3, quick ? 8 : 64);
    return {
      result: r,
      rows: [
        {
          item: 10,
          measure: `chat, memory off, PAT (${r.connections} conn.): two nodes on one PostgreSQL vs one node (${r.failures} failures)`,
          value: rps(r.twoNodes),
          baseline: rps(r.oneNode),
          ratio: r.ratio,
          target: '≥ 1.6',
          met: r.ratio >= 1.6 && r.failures === 0,
        },
      ],
    };
  },
};
