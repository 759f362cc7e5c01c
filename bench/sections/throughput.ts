import { benchThroughput } from '../throughput.ts';
import { round } from '../lib/stats.ts';
import { cpus } from 'node:os';
import { loadText } from '../lib/machine.ts';
import { ms, rps, sized, type Section } from './section.ts';

export const throughput: Section = {
  name: 'throughput',
  async run(quick) {
    const r = await benchThroughput(sized('BENCH_THROUGHPUT_SECONDS', quick ? 0.5 : 2), quick ? 1 : 3, 64, {
      warmupSeconds: quick ? 0 : sized('BENCH_THROUGHPUT_WARMUP_SECONDS', 5),
      direct: !quick,
    });
    const v = r.variants;
    const at = (x: (typeof v)['service']) => (x ? `${rps(x.rps)}, p50 ${ms(x.p50)}, p99 ${ms(x.p99)}` : `not measured (${r.portkeySkipped})`);
    const s = v.service!;
    const f = v.forwarder!;
    const k = v.portkey;
    const peer = 'Portkey gateway 1.15 (peer: no auth, no memory)';
    const when = `${loadText(r.load, cpus().length)}, each variant warmed ${r.warmupSeconds} s`;
    const cpu = (x: (typeof v)['service']) => (x?.cpuUsPerRequest == null ? 'not measured (no /proc)' : `${x.cpuUsPerRequest} µs CPU/request`);
    return {
      result: r,
      rows: [
        {
          item: 2,
          measure: `chat throughput (${r.connections} conn.), memory off (PAT, x-belief-store: off) vs bare node:http forwarder (${when})`,
          value: at(s),
          baseline: at(f),
          ratio: round(s.rps / f.rps, 3),
          target: '≥ 0.6',
          met: s.rps >= 0.6 * f.rps,
        },
        {
          item: 2,
          measure: `chat CPU per request (${r.connections} conn.), bare node:http forwarder vs memory off: what throughput tends to on an idle machine (${when})`,
          value: cpu(f),
          baseline: cpu(s),
          ratio: f.cpuUsPerRequest && s.cpuUsPerRequest ? round(f.cpuUsPerRequest / s.cpuUsPerRequest, 3) : undefined,
        },
        {
          item: 2,
          measure: `chat throughput (${r.connections} conn.), memory off vs ${peer} (${when})`,
          value: at(s),
          baseline: at(k),
          ratio: k ? round(s.rps / k.rps, 3) : undefined,
          target: '> 1',
          met: k ? s.rps > k.rps : undefined,
        },
        ...(k
          ? [
              {
                item: 2,
                measure: `chat throughput (${r.connections} conn.) via ${peer} vs bare node:http forwarder`,
                value: at(k),
                baseline: at(f),
                ratio: round(k.rps / f.rps, 3),
              },
            ]
          : []),
        ...(v.direct ? [{ item: 2, measure: `chat throughput (${r.connections} conn.) straight to the fake provider (scale)`, value: at(v.direct) }] : []),
        {
          item: 2,
          measure: `chat throughput, memory off: errors + non-2xx over every run`,
          value: String(r.serviceFailures),
          target: '0',
          met: r.serviceFailures === 0,
        },
      ],
    };
  },
};
