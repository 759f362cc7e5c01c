import { benchSoak } from '../soak.ts';
import { mb, type Section } from './section.ts';

export const soak: Section = {
  name: 'soak',
  async run(quick) {
    const r = await benchSoak(quick ? 3 : 45, quick ? 8 : 32);
    const load = `one PAT, ${r.connections} chat conn. + ${r.sockets.opened} sockets, memory on, ${r.seconds} s`;
    return {
      result: r,
      rows: [
        {
          item: 7,
          measure: `soak (${load}): server RSS, last vs first third${r.serverSurvived ? '' : ' — server died'}`,
          value: mb(r.rss.lastThirdMB),
          baseline: mb(r.rss.firstThirdMB),
          ratio: r.rss.lastVsFirst,
          target: '0.8–1.2',
          met: r.serverSurvived && r.rss.lastVsFirst >= 0.8 && r.rss.lastVsFirst <= 1.2,
        },
        {
          item: 7,
          measure: `soak: chat extractions dropped by the bounded per-owner queue (of ${r.chats.ok} chats, ${r.chats.failed} failed)`,
          value: String(r.extractionsDropped),
        },
        {
          item: 7,
          measure: `soak: socket turns refused with backpressure (of ${r.turns.sent} sent, ${r.turns.acked} acked); upgrades past 8 refused`,
          value: `${r.turns.backpressure}; ${r.sockets.refusedPastLimit}`,
        },
      ],
    };
  },
};
