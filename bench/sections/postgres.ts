import { benchPostgresAuth, benchPostgresRetrieval } from '../postgres.ts';
import { benchCluster } from '../lib/cluster.ts';
import { ms, rps, sized, type Section } from './section.ts';

export const postgres: Section = {
  name: 'postgres',
  async run(quick) {
    const cluster = await benchCluster();
    try {
      const auth = await benchPostgresAuth(cluster, quick ? 0.5 : 4, quick ? 1 : 3);
      const sizes = quick ? [1_000, 2_000] : [sized('BENCH_PG_RETRIEVAL_SMALL', 10_000), sized('BENCH_PG_RETRIEVAL_LARGE', 100_000)];
      const retrieval = await benchPostgresRetrieval(cluster, sizes, quick ? 20 : 300);
      const [small, large] = [retrieval.results[0]!, retrieval.results.at(-1)!];
      const v = auth.requestsPerSecond;
      return {
        result: { auth, retrieval },
        rows: [
          {
            item: 10,
            measure: `PAT GET /v1/models (64 conn.): Node on PostgreSQL vs Node on SQLite (${auth.errors} errors)`,
            value: rps(v.postgres),
            baseline: rps(v.sqlite),
            ratio: auth.postgresVsSqlite,
            target: '≥ 0.5',
            met: auth.postgresVsSqlite >= 0.5 && auth.errors === 0,
          },
          {
            item: 10,
            measure: `context assembly on PostgreSQL, ${large.size} beliefs vs ${small.size}: p50 (p95)`,
            value: `${ms(large.buildContextMs.p50)} (${ms(large.buildContextMs.p95)})`,
            baseline: `${ms(small.buildContextMs.p50)} at ${small.size}`,
            ratio: retrieval.p50LargestVsSmallest,
            target: '≤ 3 (1M vs 10k)',
          },
        ],
      };
    } finally {
      await cluster.stop();
    }
  },
};
