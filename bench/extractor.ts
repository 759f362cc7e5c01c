/**
 * The built-in extractor's cost per user turn: a few hundred varied turns (the conversation suites'
 * turns, alone and joined into longer chatty messages), each extracted on its own, timed over
 * several passes after a warm-up; the median pass gives µs per turn. Baseline: compromise tagging each
 * turn once, the least an extractor built on it could cost.
 * Run: `npx tsx bench/extractor.ts [passes]`.
 */
import { pathToFileURL } from 'node:url';
import nlp from 'compromise';
import { CONVERSATION } from '../test/world/conversation.cases.ts';
import { CONVERSATIONS } from '../test/world/conversation-learning.cases.ts';
import { loadTagger } from '../lib/world/learn/extract/tagger.ts';
import { extractBeliefs } from '../lib/world/learn/extractor.ts';
import type { Row } from './lib/table.ts';
import { latency, median, round } from './lib/stats.ts';

export interface ExtractorResult {
  turns: number;
  passes: number;
  microsPerTurn: number;
  /** Per turn (each turn's median over the passes): the median turn and the 99th percentile turn. */
  turnMicros: { p50: number; p99: number };
  taggingMicrosPerTurn: number;
  beliefsPerTurn: number;
}

/** Extraction costs no more than tagging the turn once: rules run over compromise's output, not beside it. */
const TARGET_RATIO = 1;

function turns(): string[] {
  const said = [...CONVERSATIONS.flatMap((c) => c.steps.map((s) => s.say)), ...CONVERSATION.map((s) => s.say)];
  const joined = said.map((s, i) => `${s} ${said[(i * 7 + 3) % said.length]} ${said[(i * 13 + 5) % said.length]}`);
  return [...said, ...joined];
}

export async function benchExtractor(passes = 10): Promise<ExtractorResult> {
  await loadTagger();
  const all = turns();
  const at = '2024-03-14T12:00:00Z';
  let beliefs = 0;
  for (const content of all) beliefs += extractBeliefs([{ role: 'user', content, at }]).beliefs.length;
  const perTurn = (work: (content: string) => unknown) => {
    const times: number[] = [];
    for (let p = 0; p < passes; p++) {
      const start = performance.now();
      for (const content of all) work(content);
      times.push(performance.now() - start);
    }
    return round((median(times) * 1000) / all.length, 1);
  };
  const microsPerTurn = perTurn((content) => extractBeliefs([{ role: 'user', content, at }]));
  const taggingMicrosPerTurn = perTurn((content) => nlp(content).docs);
  const each = all.map((content) => {
    const times: number[] = [];
    for (let p = 0; p < passes; p++) {
      const start = performance.now();
      extractBeliefs([{ role: 'user', content, at }]);
      times.push(performance.now() - start);
    }
    return median(times) * 1000;
  });
  const { p50, p99 } = latency(each);
  return {
    turns: all.length,
    passes,
    microsPerTurn,
    turnMicros: { p50: round(p50, 1), p99: round(p99, 1) },
    taggingMicrosPerTurn,
    beliefsPerTurn: round(beliefs / all.length, 2),
  };
}

/** The `npm run bench` section. */
export function extractorSection(quick: boolean) {
  return {
    name: 'extractor',
    async run(): Promise<{ result: ExtractorResult; rows: Row[] }> {
      const r = await benchExtractor(quick ? 2 : 10);
      return {
        result: r,
        rows: [
          {
            item: 26,
            measure: `built-in extractor, one user turn (${r.turns} varied turns, ${r.beliefsPerTurn} beliefs a turn, median of ${r.passes} passes; per turn p50 ${r.turnMicros.p50} µs, p99 ${r.turnMicros.p99} µs)`,
            value: `${r.microsPerTurn} µs`,
            baseline: `${r.taggingMicrosPerTurn} µs (compromise tagging the turn once)`,
            ratio: round(r.microsPerTurn / r.taggingMicrosPerTurn, 3),
            target: `≤ ${TARGET_RATIO}`,
            met: r.microsPerTurn / r.taggingMicrosPerTurn <= TARGET_RATIO,
          },
        ],
      };
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchExtractor(Number(process.argv[2]) || 10));
}
