import { beforeAll, describe, expect, it } from 'vitest';
import { heldPairs } from '../../../../test/support/reading.ts';
import { extractBeliefs } from '../extractor.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a move leaves what the user did in the old home behind', () => {
  const held = heldPairs(
    ['The user lives in Galway', 'user.location'],
    ['The user drives a taxi, route Galway to Oranmore', 'user.drive.taxi'],
    ['The user swims with the Galway bay club every morning', 'user.swim.club'],
    ['The user grew up in Galway', null],
    ['The user works at Galway Clinic', 'user.employer'],
    ['The user is from Galway', 'user.origin'],
    ["The user's brother lives in Galway", 'user.family.brother.location'],
    ['The user plays the fiddle', 'user.instrument.fiddle'],
  );
  const ended = (content: string) => extractBeliefs([{ role: 'user', content }], { held }).retract.map((r) => r.id);

  it.each(['we moved to Sligo last week', 'I live in Sligo now', 'still unpacking boxes in Sligo'])('%s', (content) => {
    expect(ended(content)).toEqual(expect.arrayContaining(['b1', 'b2']));
    for (const kept of ['b3', 'b4', 'b5', 'b6', 'b7']) expect(ended(content)).not.toContain(kept);
  });

  it.each(['my sister moved to Sligo', "we're in Sligo for the weekend", 'we might move to Sligo one day'])('%s leaves everything', (content) => {
    expect(ended(content)).toEqual([]);
  });
});

describe('a belief that said more than the old place stays without it', () => {
  it('keeps what the user does, without where', () => {
    const held = heldPairs(['The user lives in Galway', 'user.location'], ['The user drives a taxi, route Galway to Oranmore', 'user.drive.taxi']);
    const { beliefs, retract } = extractBeliefs([{ role: 'user', content: 'we moved to Sligo last week' }], { held });
    expect(retract.map((r) => r.id)).toContain('b1');
    expect(beliefs).toContainEqual(expect.objectContaining({ key: 'user.drive.taxi', statement: 'The user drives a taxi' }));
  });
});

describe('a place is named by its capitals', () => {
  it('leaves what only shares a word with the old home', () => {
    const held = heldPairs(['The user lives in Reading', 'user.location'], ['The user loves reading on the train', 'user.love.reading']);
    const { retract } = extractBeliefs([{ role: 'user', content: 'we moved to Bath last week' }], { held });
    expect(retract.map((r) => r.id)).not.toContain('b1');
  });
});

describe('what a turn says of the home or employer it ends is not learned beside the new one', () => {
  it.each([
    ['first week at Fenwick Foods and I already miss the canteen at Quillon', ['The user works at Quillon', 'user.employer'], /Quillon/],
    ['we moved to Sligo last week, I do miss the chippy in Galway', ['The user lives in Galway', 'user.location'], /Galway/],
  ] as [string, [string, string], RegExp][])('%s', (content, was, old) => {
    const { beliefs } = extractBeliefs([{ role: 'user', content }], { held: heldPairs(was) });
    expect(beliefs.length).toBeGreaterThan(0);
    expect(beliefs.filter((b) => old.test(b.statement))).toEqual([]);
  });
});
