import { describe, expect, it } from 'vitest';
import { topicOf, turnTerms } from './conversation.ts';

/** What each turn alone finds relevant, as belief ids. */
const found = (...turns: string[][]) => turns.map((ids) => new Set(ids));

describe('conversation topics', () => {
  it('reads only the latest turn when the earlier ones are on other topics', () => {
    const topic = topicOf(turnTerms(['When is my thesis deadline?', 'How should I practise piano?']), found(['deadline'], ['piano']));
    expect(topic.turns).toEqual([1]);
    expect([...topic.weights.keys()]).toEqual(['practise', 'piano']);
  });

  it('finds an earlier turn by a belief they both find, across a detour, leaving the detour out', () => {
    const topic = topicOf(
      turnTerms([
        'When is my thesis deadline?',
        'How should I practise piano?',
        'Which tea goes with that?',
        'Going back to the deadline: can I get an extension?',
      ]),
      found(['deadline'], ['piano'], ['tea'], ['deadline']),
    );
    expect(topic.turns).toEqual([0, 3]);
    expect(topic.weights.get('deadline')).toBe(1);
    expect(topic.weights.get('thesis')).toBeCloseTo(0.6);
    expect(topic.weights.has('piano')).toBe(false);
    expect(topic.weights.has('tea')).toBe(false);
  });

  it('does not join a turn that only shares a word with the latest one', () => {
    const topic = topicOf(
      turnTerms(['We need to rethink our cache key structure', 'Quick switch: we need to rethink our liveness probes']),
      found(['cache'], ['probes']),
    );
    expect(topic.turns).toEqual([1]);
    expect(topic.weights.has('cache')).toBe(false);
  });

  it('continues the previous topic on a follow-up that points back or has no words of its own, with decaying weight', () => {
    const pointing = topicOf(turnTerms(['I want to get better at chess', 'Which openings suit that?', 'Tell me more']), found(['chess'], [], []));
    expect(pointing.turns).toEqual([0, 1, 2]);
    expect(pointing.weights.get('chess')).toBeCloseTo(0.36);
    expect(pointing.weights.get('openings')).toBeCloseTo(0.6);
  });

  it('starts fresh on a new topic that finds nothing and does not point back', () => {
    const topic = topicOf(turnTerms(['When is my thesis deadline?', 'Circling back to what we said at the start']), found(['deadline'], []));
    expect(topic.turns).toEqual([1]);
    expect(topic.weights.has('deadline')).toBe(false);
  });

  it('adds the role words a turn implies: who I report to is the manager', () => {
    const [turn] = turnTerms(['Who should I send the quarterly report to?']);
    expect(turn!.words).toEqual(expect.arrayContaining(['report', 'manager']));
    expect(turn!.names).toContain('manager');
  });
});
