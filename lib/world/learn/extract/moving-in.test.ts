import { beforeAll, describe, expect, it } from 'vitest';
import { extractBeliefs } from '../extractor.ts';
import { movedInAt } from './moving-in.ts';
import type { Held } from './resolve.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('movedInAt: a move told by the work of moving in', () => {
  it.each([
    ['still unpacking crates in Kuopio, send help', 'Kuopio'],
    ['we are all moved in to the cottage in Ambleside', 'Ambleside'],
    ['finally got the mortgage on a semi in Wigan', 'Wigan'],
    ['the new commute from Zaandam into the city is fine', 'Zaandam'],
    ['threw a housewarming in Vaasa on friday', 'Vaasa'],
  ])('%s', (clause, place) => {
    expect(movedInAt(clause)).toEqual({ ends: [], to: place, role: 'place' });
  });

  it.each([
    'my cousin is unpacking in Kuopio',
    'we will be unpacking in Vaasa next month',
    "my dad's commute from Zaandam is long",
    'we unpacked in Wigan back in 2009',
    'unpacking at the airport hotel in Doha',
    'we might get a mortgage in Wigan someday',
  ])('%s tells of no home', (clause) => {
    expect(movedInAt(clause)).toBeNull();
  });
});

describe('the work of moving in ends the home held', () => {
  const held: Held[] = [{ id: 'b0', key: 'user.location', statement: 'The user lives in Kettering', active: true }];
  it.each([
    ['still unpacking boxes in Kuopio 😩 the landlord says the heating works', 'Kuopio'],
    ['ok we are all moved in to the flat in Leith', 'a flat in Leith'],
  ])('%s', (content, place) => {
    const { beliefs } = extractBeliefs([{ role: 'user', content }], { held });
    expect(beliefs).toContainEqual(expect.objectContaining({ key: 'user.location', statement: `The user lives in ${place}` }));
  });

  it('back in a place for an occasion is a stay: the home stays', () => {
    const { beliefs, retract } = extractBeliefs([{ role: 'user', content: "back in Tampere for my mum's birthday" }], { held });
    expect(retract).toEqual([]);
    expect(beliefs.filter((b) => b.key === 'user.location')).toEqual([]);
  });
});
