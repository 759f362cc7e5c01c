import { benchRevocation } from '../revocation.ts';
import { ms, type Section } from './section.ts';

export const revocation: Section = {
  name: 'revocation',
  async run(quick) {
    const runs = await benchRevocation(quick ? 0.3 : 2, quick ? 0.3 : 2);
    const by = { api: 'owner revokes via the API', sql: "operator's UPDATE on api_tokens" };
    return {
      result: runs,
      rows: runs.flatMap((r) => [
        {
          item: 5,
          measure: `${by[r.revokedBy]}: 200s for requests sent after the commit (${r.connections} conn., ${r.okBeforeRevocation} 200s before)`,
          value: String(r.okSentAfterCommit),
          target: '0',
          met: r.okSentAfterCommit === 0,
        },
        {
          item: 5,
          measure: `${by[r.revokedBy]}: WebSocket closed (${r.wsCloseCode ?? 'open'}) after the commit`,
          value: r.wsCloseDelayMs === null ? 'not closed in 5 s' : ms(r.wsCloseDelayMs),
          target: '≤ 1000 ms',
          met: r.wsCloseCode === 4401 && r.wsCloseDelayMs !== null && r.wsCloseDelayMs <= 1000,
        },
      ]),
    };
  },
};
