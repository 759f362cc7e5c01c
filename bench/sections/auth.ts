import { benchAuth } from '../auth.ts';
import { round } from '../lib/stats.ts';
import { ms, rps, type Section } from './section.ts';

export const auth: Section = {
  name: 'auth',
  async run(quick) {
    const r = await benchAuth(quick ? 0.5 : 4, quick ? 1 : 3, 64, quick ? 0 : 1);
    const v = r.requestsPerSecond;
    const at = (k: keyof typeof v) => `${rps(v[k])}, p50 ${ms(r.latencyMs[k].p50)}, p99 ${ms(r.latencyMs[k].p99)}`;
    return {
      result: r,
      rows: [
        {
          item: 1,
          measure: 'PAT GET /v1/models vs same app, auth skipped (64 conn.)',
          value: at('pat'),
          baseline: at('noAuth'),
          ratio: r.patVsNoAuth,
          target: '≥ 0.6',
          met: r.patVsNoAuth >= 0.6,
        },
        {
          item: 1,
          measure: 'PAT GET /v1/models vs bare node:http, same bytes',
          value: at('pat'),
          baseline: at('bare'),
          ratio: r.patVsBare,
          target: '≥ 0.3',
          met: r.patVsBare >= 0.3,
        },
        {
          item: 1,
          measure: 'root token GET /v1/models vs same app, auth skipped',
          value: at('root'),
          baseline: at('noAuth'),
          ratio: round(v.root / v.noAuth, 3),
        },
        { item: 1, measure: 'errors + non-2xx over every auth run', value: String(r.errors + r.non2xx), target: '0', met: r.errors + r.non2xx === 0 },
      ],
    };
  },
};
