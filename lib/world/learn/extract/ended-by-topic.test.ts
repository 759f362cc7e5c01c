import { beforeAll, describe, expect, it } from 'vitest';
import { extractBeliefs } from '../extractor.ts';
import type { Held } from './resolve.ts';
import { holding } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const learn = (content: string, held: Held[]) => extractBeliefs([{ role: 'user', content }], { held });
const ended = (content: string, held: Held[]) => learn(content, held).retract.map((r) => r.id);

describe('an end no reader knows, said of the one pastime or tool it names', () => {
  const held = holding(
    'The user sings in the community choir on Wednesdays [user.sing.choir]',
    'The user reads on a Kindle every night [user.tool.kindle]',
    'The user does pottery at the arts centre [user.hobby.pottery]',
    'The user lives in Dundee [user.location]',
  );

  it.each([
    ['Asked the choir director to take my name off the rota for good.', 'b0'],
    ["The Kindle's in a drawer for good, paper books from now on.", 'b1'],
    ["My pottery teacher retired. I've called it a day too.", 'b2'],
    ['Sold the wheel and the glazes. Pottery was fun while it lasted, that is that for me.', 'b2'],
  ])('%s', (said, id) => {
    expect(ended(said, held)).toEqual([id]);
  });

  it.each([
    'My brother quit the choir for good.',
    'Jess sold her Kindle.',
    'I might quit the choir one day.',
    'The choir is on hold for a few weeks while my voice recovers, so that is that for now.',
    'Is a Kindle worth it if I stop reading for good?',
    'Our choir director retired for good.',
  ])('%s ends nothing', (said) => {
    expect(ended(said, held)).toEqual([]);
  });

  it('ends nothing when two of the user’s things have the word', () => {
    const two = holding('The user sings in the choir [user.sing.choir]', 'The user runs the choir newsletter [user.run.newsletter]');
    expect(ended('Handed my choir folder over, that is that.', two)).toEqual([]);
  });

  it('keeps what else the belief said', () => {
    const out = learn('The Kindle is in the drawer for good.', holding('The user uses a Kindle, a Pixel phone and a Dell laptop [user.tool.kindle]'));
    expect(out.retract.map((r) => r.id)).toEqual(['b0']);
    expect(out.beliefs.map((b) => b.statement)).toEqual(['The user uses a Pixel phone and a Dell laptop']);
  });
});
