import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { endedIds, heldPairs } from '../../../../test/support/reading.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('someone else who moved or switched from one thing to another', () => {
  const held = heldPairs(['The user lives in Kelowna', 'user.location'], ['The user uses an iPhone', 'user.tool.iphone']);
  it.each([
    'My sister moved from Calgary to Halifax.',
    'Tom moved from Calgary to Halifax last spring.',
    'She moved from Calgary to Halifax for work.',
    'Our daughter Karen and her husband just moved from Calgary to Halifax — he got posted to the navy base out there.',
    'My brother switched from iPhone to Android.',
    'My flatmate moved over from iPhone to a Pixel.',
  ])('%s ends and learns nothing of the user’s', (turn) => {
    expect(endedIds(turn, held)).toEqual([]);
    expect(learned(turn, held).filter((b) => /\[user\.(?:location|tool\.)/.test(b))).toEqual([]);
  });

  it.each([
    ['My wife and I moved from Kelowna to Halifax.', 'The user lives in Halifax [user.location]'],
    ['We moved from Kelowna to Halifax in May.', 'The user lives in Halifax [user.location]'],
  ])('the user among them still moves: %s', (turn, belief) => {
    expect(endedIds(turn, held)).toEqual(['b0']);
    expect(learned(turn, held)).toContain(belief);
  });

  it('reads what the employer did to the user as the user’s change', () => {
    const team = heldPairs(['The user is in the outbound team', 'user.team']);
    const turn = 'they moved me from outbound to returns department, less running around';
    expect(endedIds(turn, team)).toEqual(['b0']);
    expect(learned(turn, team)).toContain('The user is in the returns team [user.team]');
  });
});

describe('what someone else says of the user’s things ends none of them', () => {
  it('a friend’s opinion of the user’s lathe', () => {
    const held = heldPairs(['The user is out in the shop turning bowls on their Jet lathe most mornings', 'user.be.shop']);
    expect(
      endedIds('My buddy Stan keeps telling me I ought to trade up to a Laguna lathe, says Jet’s gone downhill since they moved production.', held),
    ).toEqual([]);
  });

  it('an age said of the pet that died is not the user’s', () => {
    const held = heldPairs(['The user is 71 years old', 'user.age'], ['The user has a budgie called Pierre', 'user.pet.pierre']);
    const turn = 'Sad news around here — we lost Pierre on Sunday morning. Nineteen years old, that little guy.';
    expect(learned(turn, held).filter((b) => b.endsWith('[user.age]'))).toEqual([]);
    expect(endedIds(turn, held)).toEqual(['b1']);
  });
});

describe('plans and pastimes ended in other words', () => {
  it('"scratch the cruise" calls the cruise off, and what is left of its belief is not kept as a sentence', () => {
    const held = heldPairs(['The user has booked a two-week Alaska cruise out of Vancouver', 'user.plan.alaska_cruise']);
    const turn = 'Well, scratch the Alaska cruise — Linda’s hip replacement got scheduled for June.';
    expect(endedIds(turn, held)).toEqual(['b0']);
    expect(learned(turn, held).filter((b) => /Alaska/.test(b))).toEqual([]);
  });

  it.each(['Gave the spearfishing away after I perforated an eardrum in March.', 'Packed the spearfishing in after the eardrum went.'])('%s', (turn) => {
    expect(endedIds(turn, heldPairs(['The user usually goes spearfishing off Raglan', 'user.hobby.spearfishing']))).toEqual(['b0']);
  });

  it('restates a belief of several things without the one that ended only when the rest still reads as a fact', () => {
    const held = heldPairs(['The user has gone and booked a cruise to Alaska', 'user.plan.alaska']);
    expect(learned('Scratch the Alaska cruise.', held).filter((b) => /^The user has gone/.test(b))).toEqual([]);
  });
});
