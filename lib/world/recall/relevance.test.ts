import { describe, expect, it } from 'vitest';
import type { Evidence, Found } from './found.ts';
import { ranked, relevantOf } from './relevance.ts';
import { nameTerms, roleWords, stemWord } from '../text.ts';

const belief = (id: string, type: Found['type'] = 'fact'): Found => ({
  id,
  owner: 'o@example.com',
  type,
  key: null,
  statement: id,
  event_at: null,
  scope: 'universal',
  pinned: 0,
  confidence: 0.9,
  updated_at: '2026-01-01T00:00:00.000Z',
  aliases: '[]',
  participants: '[]',
});

/** Evidence as evidenceOf would give it: a lexical score, the matched words, how much of the query they hold. */
const found = (id: string, lexical: number, matched: string[], more: Partial<Evidence> = {}): Evidence => ({
  belief: belief(id, more.belief?.type),
  lexical,
  matched: new Set(matched),
  named: false,
  mentions: 0,
  strong: false,
  coverage: 0.5,
  queryWords: 4,
  ...more,
});

const relevant = (...evidence: Evidence[]) => relevantOf(ranked(evidence)).map((b) => b.id);

describe('the relevance cutoff', () => {
  it('keeps a belief the request names even when it scores far below the best', () => {
    expect(relevant(found('budget', 40, ['kitchen', 'budget', 'quote']), found('tiles', 3, ['tiles'], { named: true }))).toEqual(['budget', 'tiles']);
    expect(relevant(found('budget', 40, ['kitchen', 'budget', 'quote']), found('tiles', 3, ['tiles']))).toEqual(['budget']);
  });

  it('needs a second word beside a named belief, unless the statement names the thing itself', () => {
    const named = found('billing', 10, ['billing', 'migration'], { named: true });
    expect(relevant(named, found('checklist', 4, ['checklist']))).toEqual(['billing']);
    expect(relevant(named, found('checklist', 4, ['checklist', 'launch']))).toEqual(['billing', 'checklist']);
    expect(relevant(named, found('python', 4, ['python'], { mentions: 1 }))).toEqual(['billing', 'python']);
    // With nothing named, one shared word is enough: "What did she paint?" finds "The user painted a sunset".
    expect(relevant(found('sunset', 4, ['paint']))).toEqual(['sunset']);
  });

  it('never takes a relation by one shared word', () => {
    const relation = (matched: string[]) => found('relation', 5, matched, { belief: belief('relation', 'relation') });
    expect(relevant(relation(['pending']))).toEqual([]);
    expect(relevant(relation(['review', 'approval']))).toEqual(['relation']);
  });

  it('drops a match holding little of the query, or one word of a long request', () => {
    expect(relevant(found('a', 10, ['garden', 'basil']), found('b', 4, ['weekly'], { coverage: 0.05 }))).toEqual(['a']);
    expect(relevant(found('a', 10, ['plan', 'issue'], { queryWords: 40 }))).toEqual([]);
    expect(relevant(found('a', 10, ['plan', 'issue', 'roof', 'leak', 'insurer'], { queryWords: 40 }))).toEqual(['a']);
  });

  it('explains away a belief whose words a much better one holds, keeping a close second', () => {
    const spanish = found('spanish', 10, ['learning', 'spanish']);
    expect(relevant(spanish, found('piano', 4, ['learning']))).toEqual(['spanish']);
    expect(relevant(spanish, found('piano', 6, ['learning']))).toEqual(['spanish', 'piano']);
    expect(relevant(found('lake', 5, ['painted']), found('sunset', 4, ['painted']))).toEqual(['lake', 'sunset']);
  });
});

describe('words as names are matched', () => {
  it('stems plurals and endings alike on both sides, and keeps a digit of a name', () => {
    expect(stemWord('hierarchies')).toBe(stemWord('hierarchy'));
    expect(stemWord('classes')).toBe(stemWord('class'));
    expect(stemWord('handling')).toBe(stemWord('handle'));
    expect(stemWord('analysis')).toBe('analysis');
    expect(nameTerms('room 4')).toEqual(['room', '4']);
    expect(nameTerms('the next room')).toEqual(['room']);
  });

  it('brings the role a request names another way', () => {
    expect(roleWords('Who do I report to?')).toEqual(['manager', 'boss']);
    expect(roleWords('a gift for my wife')).toEqual(['partner']);
    expect(roleWords('the quarterly numbers')).toEqual([]);
  });
});
