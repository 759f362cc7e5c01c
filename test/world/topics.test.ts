import { describe, expect, it } from 'vitest';
import { topicOf, turnTerms } from '../../lib/world/conversation.ts';
import type { Lookup, WordHits } from '../../lib/world/retrieval.ts';

/** A lookup as the owner's index would answer it: word → the beliefs (rowids) holding it. */
function lookup(index: Record<string, number[]>): Lookup {
  return new Map(Object.entries(index).map(([word, rowids]): [string, WordHits] => [word, { rowids: new Set(rowids), via: [word], idf: 1, common: false }]));
}

const index = lookup({ thesis: [1, 2], deadline: [1], piano: [3], tea: [4], chess: [5] });

describe('conversation topics', () => {
  it('reads only the latest turn when the earlier ones are on other topics', () => {
    const topic = topicOf(turnTerms(['When is my thesis deadline?', 'How should I practise piano?']), index);
    expect(topic.turns).toEqual([1]);
    expect([...topic.weights.keys()]).toEqual(['practise', 'piano']);
  });

  it('finds an earlier turn by a shared word across a detour, leaving the detour out', () => {
    const topic = topicOf(
      turnTerms([
        'When is my thesis deadline?',
        'How should I practise piano?',
        'Which tea goes with that?',
        'Going back to the deadline: can I get an extension?',
      ]),
      index,
    );
    expect(topic.turns).toEqual([0, 3]);
    expect(topic.weights.get('deadline')).toBe(1);
    expect(topic.weights.get('thesis')).toBeCloseTo(0.6);
    expect(topic.weights.has('piano')).toBe(false);
    expect(topic.weights.has('tea')).toBe(false);
  });

  it('continues the previous topic on a follow-up that points back or has no words of its own, with decaying weight', () => {
    const pointing = topicOf(turnTerms(['I want to get better at chess', 'Which openings suit that?', 'Tell me more']), index);
    expect(pointing.turns).toEqual([0, 1, 2]);
    expect(pointing.weights.get('chess')).toBeCloseTo(0.36);
    expect(pointing.weights.get('openings')).toBeCloseTo(0.6);
  });

  it('starts fresh on a new topic that matches nothing and does not point back', () => {
    const topic = topicOf(turnTerms(['When is my thesis deadline?', 'What is a quick pasta recipe?']), index);
    expect(topic.turns).toEqual([1]);
    expect(topic.weights.has('deadline')).toBe(false);
  });
});
