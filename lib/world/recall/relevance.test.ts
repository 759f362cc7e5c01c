import { describe, expect, it } from 'vitest';
import type { Evidence, Found } from './found.ts';
import { evidence, foundBelief } from './evidence-fixture.ts';
import { ranked } from './ranking.ts';
import { relevantOf } from './relevance.ts';
import { kindNamed, type Kind } from '../kinds.ts';
import { nameTerms, roleWords, stemWord } from '../text.ts';

const belief = (id: string, type: Found['type'] = 'fact') => foundBelief(id, { type });
const found = (id: string, lexical: number, matched: string[], more: Partial<Evidence> = {}): Evidence =>
  evidence(id, lexical, matched, { ...more, belief: belief(id, more.belief?.type) });

const relevant = (...evidence: Evidence[]) => relevantOf(ranked(evidence)).map((b) => b.id);

describe('the relevance cutoff', () => {
  it('keeps a belief the request names even when it scores far below the best', () => {
    expect(relevant(found('budget', 40, ['kitchen', 'budget', 'quote']), found('tiles', 3, ['tiles'], { named: true }))).toEqual(['budget', 'tiles']);
    expect(relevant(found('budget', 40, ['kitchen', 'budget', 'quote']), found('tiles', 3, ['tiles']))).toEqual(['budget']);
  });

  it('needs a second word beside a named belief, unless the statement names the thing itself', () => {
    const named = found('billing', 10, ['billing', 'migration'], { named: true, anchored: true });
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
    expect(stemWord('hobbies')).toBe(stemWord('hobby'));
    expect(nameTerms('room 4')).toEqual(['room', '4']);
    expect(nameTerms('the next room')).toEqual(['room']);
  });

  it('brings the role a request names another way', () => {
    expect(roleWords('Who do I report to?')).toEqual(['manager', 'boss']);
    expect(roleWords('a gift for my wife')).toEqual(['partner']);
    expect(roleWords('the quarterly numbers')).toEqual([]);
  });
});

describe('the adaptive cutoff', () => {
  it('does not pad a belief that answers the whole query with weaker ones', () => {
    const whole = found('race', 10, ['half', 'marathon'], { coverage: 1 });
    expect(relevant(whole, found('greyhound', 4, ['racing'], { coverage: 0.3 }))).toEqual(['race']);
    expect(relevant(whole, found('training', 6, ['training'], { coverage: 0.3 }))).toEqual(['race', 'training']);
    // Without a whole answer, a weaker belief on other words stays.
    expect(relevant(found('race', 10, ['half'], { coverage: 0.6 }), found('greyhound', 4, ['racing'], { coverage: 0.3 }))).toEqual(['race', 'greyhound']);
  });

  it('keeps every belief of a kind the query names, however it scores', () => {
    const hobby = (id: string, lexical: number) => found(id, lexical, ['hobby'], { category: true, coverage: 1 });
    expect(relevant(hobby('chess', 10), hobby('knitting', 2), found('tea', 1, ['tea'], { coverage: 0.2 }))).toEqual(['chess', 'knitting']);
  });
});

describe('beside the kind a question names', () => {
  it('drops a belief holding only the word that named the kind: my upcoming race is the half marathon, not the greyhound', () => {
    const marathon = found('marathon', 8, [], { category: true, coverage: 0 });
    const greyhound = found('greyhound', 4, ['race'], { coverage: 1 });
    const kind = { words: new Map([['race', new Set([kindNamed('event')])]]), names: new Set<string>(), answered: new Set<Kind>() };
    expect(relevantOf(ranked([marathon, greyhound]), kind).map((b) => b.id)).toEqual(['marathon']);
    // Without a belief of the kind, the word still finds what holds it.
    expect(relevantOf(ranked([greyhound]), kind).map((b) => b.id)).toEqual(['greyhound']);
    // A belief of the kind already in the persona answers too.
    expect(relevantOf(ranked([greyhound]), { ...kind, answered: new Set([kindNamed('event')]) }).map((b) => b.id)).toEqual([]);
  });

  it('keeps a belief holding the word of a kind no belief answers: "who\'s my manager and which unit am I on" with no team held', () => {
    const keyed = (id: string, key: string, lexical: number, matched: string[], more: Partial<Evidence> = {}) =>
      evidence(id, lexical, matched, { ...more, belief: foundBelief(id, { key }) });
    const manager = keyed('pauline', 'user.manager', 8, [], { category: true, coverage: 0 });
    const unit = found('step-down', 4, ['unit'], { coverage: 1 });
    const kind = {
      words: new Map([
        ['manager', new Set([kindNamed('manager')])],
        ['unit', new Set([kindNamed('team')])],
      ]),
      names: new Set<string>(),
      answered: new Set<Kind>(),
    };
    expect(relevantOf(ranked([manager, unit]), kind).map((b) => b.id)).toEqual(['pauline', 'step-down']);
    // With the team held, the word that named it finds nothing more.
    const team = keyed('cardiac', 'user.team', 8, [], { category: true, coverage: 0 });
    expect(relevantOf(ranked([manager, team, unit]), kind).map((b) => b.id)).toEqual(['pauline', 'cardiac']);
  });

  it('drops a belief holding only the kind’s own name, even with no belief of the kind: "my preferences" is not "Prefers composition"', () => {
    // The question wrote "preferences"; "preference" (the key's word) was looked up beside it: both stem to the name's stem.
    const composition = found('composition', 4, ['preferences', 'preference'], { coverage: 1 });
    const kind = { words: new Map([['preferences', new Set([kindNamed('preference')])]]), names: new Set([stemWord('preference')]), answered: new Set<Kind>() };
    expect(relevantOf(ranked([composition]), kind).map((b) => b.id)).toEqual([]);
    // A word of the question beside the name is a topic: "my coding preferences" and "coding" held.
    const coding = found('coding', 4, ['preferences', 'preference', 'coding'], { coverage: 1 });
    expect(relevantOf(ranked([coding]), kind).map((b) => b.id)).toEqual(['coding']);
  });
});
