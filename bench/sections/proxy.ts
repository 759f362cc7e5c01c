import { benchProxy, type ProxyBenchResult } from '../proxy.ts';
import type { Row } from '../lib/table.ts';
import { round } from '../lib/stats.ts';
import { cpus } from 'node:os';
import { loadText } from '../lib/machine.ts';
import { ms, sized, type Section } from './section.ts';

export const proxy: Section = {
  name: 'proxy',
  async run(quick) {
    // Memory on is judged at 2k and 10k beliefs (and DESIGN's 100k): a run per size; every row of the first, the memory-on rows of the others.
    const sizes = process.env.BENCH_PROXY_BELIEFS ? [sized('BENCH_PROXY_BELIEFS', 2_000)] : quick ? [2_000] : [2_000, 10_000, 100_000];
    const requests = sized('BENCH_PROXY_REQUESTS', quick ? 15 : 300);
    const results: ProxyBenchResult[] = [];
    for (const beliefs of sizes) results.push(await benchProxy(requests, beliefs));
    const rows = results.flatMap((r, i) => proxyRows(r).filter((row) => i === 0 || MEMORY_ON.test(row.measure)));
    return { result: results.length === 1 ? results[0] : results, rows };
  },
};

/** The rows that change with the beliefs stored. */
const MEMORY_ON = /memory on/;

function proxyRows(r: ProxyBenchResult): Row[] {
  const beliefs = r.beliefs;
  const p = (x: { p50: number; p99: number }) => `${ms(x.p50)} (${ms(x.p99)})`;
  const peer = 'Portkey gateway 1.15 (peer: no auth, no memory)';
  const when = loadText(r.load, cpus().length);
  const rows = (mode: 'nonStreaming' | 'streaming', label: string): Row[] => {
    const m = r[mode];
    const k = m.portkey;
    const noPeer = r.portkeySkipped ? `not measured (${r.portkeySkipped})` : 'not measured (its streaming answers 500 on this Node)';
    const out: Row[] = [
      {
        item: 2,
        measure: `chat ${label}, memory on (${beliefs} beliefs, ${r.injected} injected, extraction ${r.extraction ? 'on' : 'off'}): p50 (p99) vs direct (${when})`,
        value: p(m.proxied),
        baseline: p(m.direct),
        ratio: m.ratioP50,
        target: '≤ 2',
        met: m.ratioP50 <= 2,
      },
      {
        item: 2,
        measure: `chat ${label}, memory on (${beliefs} beliefs): p99 vs direct p99 (${when})`,
        value: ms(m.proxied.p99),
        baseline: ms(m.direct.p99),
        ratio: round(m.proxied.p99 / m.direct.p99, 3),
      },
      {
        item: 2,
        measure: `chat ${label}, memory on (${beliefs} beliefs): latency added over direct, p50 and p99 (${when})`,
        value: `${ms(m.addedP50)}, ${ms(m.addedP99)}`,
        target: '≤ 3 ms, ≤ 10 ms',
        met: m.addedP50 <= 3 && m.addedP99 <= 10,
      },
      {
        item: 2,
        measure: `chat ${label}, memory off (PAT, x-belief-store: off): p50 (p99) vs direct (${when})`,
        value: p(m.proxiedNoInjection),
        baseline: p(m.direct),
        ratio: m.ratioP50NoInjection,
      },
      {
        item: 2,
        measure: `chat ${label} via a bare node:http forwarder (the limit): p50 (p99) vs direct (${when})`,
        value: p(m.forwarded),
        baseline: p(m.direct),
        ratio: m.forwarderRatioP50,
      },
      {
        item: 2,
        measure: `chat ${label}, latency added over direct, p50 and p99, memory off vs the bare forwarder's (ratio and target: p50) (${when})`,
        value: `${ms(m.addedP50NoInjection)}, ${ms(m.addedP99NoInjection)}`,
        baseline: `${ms(m.forwarderAddedP50)}, ${ms(m.forwarderAddedP99)}`,
        ratio: round(m.addedP50NoInjection / m.forwarderAddedP50, 3),
        target: '≤ 1 ms',
        met: m.addedP50NoInjection <= 1,
      },
    ];
    if (mode === 'streaming') {
      const fb = m.firstByte;
      out.push(
        {
          item: 2,
          measure: `chat streaming, time to first byte added over direct (p50), memory off vs the bare forwarder's (${when})`,
          value: ms(fb.addedP50NoInjection),
          baseline: ms(fb.forwarderAddedP50),
          target: '≤ 3 ms',
          met: fb.addedP50NoInjection <= 3,
        },
        {
          item: 2,
          measure: `chat streaming, time to first byte added over direct (p50), memory on (${beliefs} beliefs) (${when})`,
          value: ms(fb.addedP50),
          baseline: `direct ${ms(fb.direct.p50)}`,
          target: '≤ 3 ms',
          met: fb.addedP50 <= 3,
        },
      );
    }
    if (mode === 'streaming' && !k) return out;
    return [
      ...out,
      k
        ? {
            item: 2,
            measure: `chat ${label} via ${peer}: p50 (p99) vs direct, added ${ms(m.portkeyAddedP50!)} (${when})`,
            value: p(k),
            baseline: p(m.direct),
            ratio: round(k.p50 / m.direct.p50, 3),
          }
        : { item: 2, measure: `chat ${label} via ${peer} (${when})`, value: noPeer },
      {
        item: 2,
        measure: `chat ${label}, memory off vs ${peer}: p50 (ahead of the peer: < 1) (${when})`,
        value: ms(m.proxiedNoInjection.p50),
        baseline: k ? ms(k.p50) : noPeer,
        ratio: k ? round(m.proxiedNoInjection.p50 / k.p50, 3) : undefined,
        target: '< 1',
        met: k ? m.proxiedNoInjection.p50 < k.p50 : undefined,
      },
      {
        item: 2,
        measure: `chat ${label}, memory on (${beliefs} beliefs) vs ${peer}: p50 (${when})`,
        value: ms(m.proxied.p50),
        baseline: k ? ms(k.p50) : noPeer,
        ratio: k ? round(m.proxied.p50 / k.p50, 3) : undefined,
        target: '< 1',
        met: k ? m.proxied.p50 < k.p50 : undefined,
      },
    ];
  };
  return [...rows('nonStreaming', 'non-streaming'), ...rows('streaming', 'streaming')];
}
