import { benchRuntimes } from '../runtimes.ts';
import { round } from '../lib/stats.ts';
import { ms, rps, type Section } from './section.ts';

export const runtimes: Section = {
  name: 'runtimes',
  async run(quick) {
    const r = await benchRuntimes(quick ? 1 : 4, quick ? 30 : 300);
    const models = (f: typeof r.node) => `${rps(f.modelsRps)}, ${f.modelsErrors} errors`;
    const chat = (f: typeof r.node) => `p50 ${ms(f.chatMs.p50)}, p99 ${ms(f.chatMs.p99)}`;
    return {
      result: r,
      rows: [
        {
          item: 9,
          measure: 'PAT GET /v1/models (64 conn.): self-hosted workerd (npm start, SERVICE_RUNTIME=workerd) vs Node',
          value: models(r.workerd),
          baseline: models(r.node),
          ratio: round(r.workerd.modelsRps / r.node.modelsRps, 3),
        },
        {
          item: 9,
          measure: 'chat, memory off, one at a time: self-hosted workerd vs Node',
          value: chat(r.workerd),
          baseline: chat(r.node),
          ratio: round(r.workerd.chatMs.p50 / r.node.chatMs.p50, 3),
        },
      ],
    };
  },
};
