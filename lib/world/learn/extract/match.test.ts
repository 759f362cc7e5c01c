import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION } from '../../../../test/world/conversation.cases.ts';
import { CONVERSATIONS } from '../../../../test/world/conversation-learning.cases.ts';
import { wordsOf } from './clause-words.ts';
import { PHRASES } from './phrases.ts';
import { clauses, sentences, unwrap } from './segment.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

/** Every clause the suites say, as the rules read it. */
function saidClauses(): string[] {
  const cases = JSON.parse(readFileSync(new URL('../../../../test/world/corrections.cases.json', import.meta.url), 'utf8')) as {
    setup?: string[];
    turn: string;
  }[];
  const turns = [
    ...CONVERSATIONS.flatMap((c) => c.steps.map((s) => s.say)),
    ...CONVERSATION.map((s) => s.say),
    ...cases.flatMap((c) => [...(c.setup ?? []), c.turn]),
  ];
  return turns.flatMap((t) => sentences(t).flatMap((s) => clauses(s).map(unwrap)));
}

describe('the phrase table’s cues', () => {
  it('a row fits only a clause holding one of its cue words, so skipping the others changes nothing', () => {
    const said = saidClauses();
    expect(said.length).toBeGreaterThan(500);
    const missed: string[] = [];
    for (const { source, cue } of PHRASES) {
      const re = new RegExp(`^${source}$`, 'iu');
      for (const clause of said) if (re.test(clause) && !wordsOf(clause).some((w) => cue.includes(w))) missed.push(`${source.slice(0, 40)} ← ${clause}`);
    }
    expect(missed).toEqual([]);
  });

  it('reads a word with an apostrophe with and without what follows it', () => {
    expect(wordsOf("My husband's name is Marco, I'm 34")).toEqual(['my', "husband's", 'name', 'is', 'marco', "i'm", '34', 'husband', 'i']);
  });
});
