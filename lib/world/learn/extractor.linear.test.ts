import { describe, expect, it } from 'vitest';
import { extractBeliefs, warmUpExtractor } from './extractor.ts';
import { aboutOtherParty, endsStatements, isInstruction, isQuestionOrQuote } from './extract/noise.ts';
import { clauses, MAX_READ_CHARS, readPart, sentences, unwrap } from './extract/segment.ts';
import { HOSTILE_SHAPES, repeat } from '../../../test/world/hostile-shapes.ts';

/**
 * Issue 37 F1: whatever a message's shape, extraction's cost grows linearly with its size, and
 * past MAX_READ_CHARS not at all. Ratios of times measured in this run, never absolute times
 * (GROWTH, LINEAR).
 */

const SHAPES = HOSTILE_SHAPES;

/**
 * The least CPU time (ms) of three rounds of `runs` calls: CPU time, not the clock's, so a busy
 * machine that takes the processor away between calls does not count.
 */
function cost(work: () => unknown, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < runs; i++) work();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/**
 * How many times more `work` costs on text GROWTH times as long, with calls enough for the small
 * size to take 5 ms or more. With `floor`, the small size costs at least what `floor` does
 * (a text a step drops whole, "too long a line", costs next to nothing).
 */
function growth(work: (text: string) => unknown, shape: (n: number) => string, n: number, floor?: string): number {
  const [small, large] = [shape(n), shape(GROWTH * n)];
  const base = () => {
    work(small);
    if (floor !== undefined) work(floor);
  };
  let runs = 1;
  while (runs < 4096 && cost(base, runs) < 5) runs *= 2;
  return cost(() => work(large), runs) / Math.max(cost(base, runs), 0.001);
}

/** Sixteen times the text may cost up to 48 times as much: a linear cost gives 16, one that grows with the square 256. */
const GROWTH = 16;
const LINEAR = 48;
/** A turn as people write them. */
const ORDINARY = "Hi! I'm Alex, a backend engineer at Northwind Labs, and I live in Munich. My daughter Mia is 7.";

/** Every step that sees a whole message or line, called on it directly, at any size. */
const STEPS: Record<string, (text: string) => unknown> = {
  'the part read': readPart,
  'the instruction check': isInstruction,
  sentences: sentences,
  clauses: clauses,
  'unwrapping a clause': unwrap,
  'the question and quotation check': isQuestionOrQuote,
  'the end-of-statements check': endsStatements,
  'the other-party check': aboutOtherParty,
};

describe('extraction cost grows linearly with a message, whatever its shape', () => {
  const cases = Object.entries(STEPS).flatMap(([step, work]) => Object.entries(SHAPES).map(([shape, make]) => [step, shape, work, make] as const));

  it.each(cases)('%s on %s', (_, __, work, make) => {
    expect(growth(work, make, 10_000)).toBeLessThan(LINEAR);
  });

  it.each(Object.entries(SHAPES))('the whole extractor on %s, up to the part it reads and past it', async (_, make) => {
    await warmUpExtractor();
    const extract = (content: string) => extractBeliefs([{ role: 'user', content }]);
    expect(growth(extract, make, MAX_READ_CHARS / GROWTH, ORDINARY)).toBeLessThan(LINEAR);
    // Past the read part a message costs what its read part costs: 16 times the text, not 16 times the time.
    expect(growth(extract, make, 2 * MAX_READ_CHARS)).toBeLessThan(4);
  });
});

describe('the part of a message extraction reads', () => {
  it('is the whole of a short message', () => {
    const text = 'I live in Oslo. I work at Acme.';
    expect(readPart(text)).toBe(text);
  });

  it('ends after the last sentence, else the last blank, before MAX_READ_CHARS', () => {
    const sentence = 'I like tea. ';
    const read = readPart(sentence.repeat(MAX_READ_CHARS));
    expect(read.length).toBeLessThanOrEqual(MAX_READ_CHARS);
    expect(read.length).toBeGreaterThan(MAX_READ_CHARS - sentence.length);
    expect(read.endsWith('tea. ')).toBe(true);
    expect(readPart(repeat('lorem ipsum ', 2 * MAX_READ_CHARS)).endsWith(' ')).toBe(true);
    expect(readPart('x'.repeat(2 * MAX_READ_CHARS))).toHaveLength(MAX_READ_CHARS);
    expect(readPart(`${'x'.repeat(MAX_READ_CHARS - 1)}😀`)).toHaveLength(MAX_READ_CHARS - 1);
  });

  it('is all the extractor learns from', () => {
    const filler = repeat('The weather was mild. ', MAX_READ_CHARS);
    expect(extractBeliefs([{ role: 'user', content: `I live in Oslo.\n${filler}` }]).beliefs.map((b) => b.key)).toEqual(['user.location']);
    expect(extractBeliefs([{ role: 'user', content: `${filler}\nI live in Oslo.` }]).beliefs).toEqual([]);
  });
});
