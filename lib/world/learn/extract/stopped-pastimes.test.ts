import { beforeAll, describe, expect, it } from 'vitest';
import { endedIds, heldPairs } from '../../../../test/support/reading.ts';
import { stemWord } from '../../text.ts';
import { loadTagger } from './tagger.ts';
import { verdictOn } from './verdict.ts';
import { pastimesOf } from './vocabulary/pastimes.ts';

beforeAll(loadTagger);

describe('pastimesOf: the pastime gear or a place stands for', () => {
  it.each([
    ['both kayaks', ['kayaking', 'kayak']],
    ['climbing wall membership', ['climbing', 'bouldering']],
    ['bouldering gym', ['climbing', 'bouldering']],
    ['squash club', ['squash']],
    ['hives', ['bees', 'beekeeping', 'beekeeper']],
    ['the book club', []],
    ['laptop', []],
    ['curling broom', ['curling']],
    ['cricket kit bag', ['cricket']],
    ['allotment keys', ['allotment']],
    ['the rugby boots', ['rugby']],
    ['squash racket', ['squash']],
    ['old skates', ['skating', 'hockey']],
    ['car keys', []],
  ])('%s', (thing, names) => {
    expect(pastimesOf(thing, stemWord)).toEqual(names);
  });
});

describe('a pastime ended by what happened to its gear, its place or the body', () => {
  it.each([
    ['flogged the canoe on marketplace last week', ['The user loves canoeing on weekends', 'user.hobby.canoeing']],
    ['I let the padel club membership run out', ['The user plays padel on Fridays', 'user.hobby.padel']],
    ['put my snowboard up for sale, not worth the knee pain', ['The user goes snowboarding every winter', 'user.hobby.snowboarding']],
    ['gave my old sewing machine to my niece', ['The user sews her own clothes', 'user.hobby.sewing']],
    ['ugh, my cardiologist says no more squash', ['The user plays squash twice a week', 'user.hobby.squash']],
    ['the physio was clear: no more running for me', ['The user runs before work', 'user.hobby.running']],
    ['the doctor said no more jogging', ['The user goes running by the canal', 'user.hobby.running']],
    ["wrist is wrecked so that's netball done for me", ['The user plays netball on Mondays', 'user.hobby.netball']],
    ['so that is the end of bike restoring for me', ['The user spends weekends restoring old Motorbikes', 'user.hobby.restoring']],
    ['my Duolingo access got cut off', ['The user learns Welsh on Duolingo', 'user.tool.duolingo']],
    ['hung up my curling broom for good this spring', ['The user curls with a league on Wednesdays', 'user.play.curling_league']],
    ['binned my rugby boots after the last game', ['The user plays rugby for the county side', 'user.hobby.rugby']],
    ['put the hockey skates on marketplace, my knees are done', ['The user plays pickup hockey on Sundays', 'user.hobby.hockey']],
    ['left my racket with my nephew for good', ['The user plays badminton at the leisure centre', 'user.hobby.badminton']],
    ['sold both oars and the boat trailer', ['The user rows on the river most mornings', 'user.hobby.rowing']],
    ['handed the allotment keys back to the parish council', ['The user grows leeks on their allotment', 'user.grow.leeks']],
    ['gave my place in the choir to a younger singer', ['The user sings in the church choir', 'user.sing.choir']],
    ['gave my spot on the crew to my brother', ['The user crews on a yacht at the sailing club', 'user.crew.yacht']],
  ] as const)('%s', (said, belief) => {
    expect(endedIds(said, heldPairs([...belief]))).toEqual(['b0']);
  });

  it.each([
    'my dad sold his canoe last week',
    "my wife's physio says no more squash for her",
    'should I put my snowboard up for sale?',
    'the physio says I should stretch more',
  ])('%s ends nothing', (said) => {
    const held = heldPairs(
      ['The user loves canoeing on weekends', 'user.hobby.canoeing'],
      ['The user plays squash twice a week', 'user.hobby.squash'],
      ['The user goes snowboarding every winter', 'user.hobby.snowboarding'],
    );
    expect(endedIds(said, held)).toEqual([]);
  });
});

describe('verdictOn: a clinician’s verdict in the user’s own words', () => {
  it.each([
    ['physio says no more running, ever', 'no more running, ever'],
    ["my GP told me I can't drink coffee anymore", "I can't drink coffee anymore"],
    ["the surgeon's verdict on my knee: no more football", 'no more football'],
  ])('%s', (said, own) => {
    expect(verdictOn(said)).toBe(own);
  });

  it.each(["my sister's doctor told her no more running", 'my physio says I should rest', 'the doctor says hi'])('%s is none', (said) => {
    expect(verdictOn(said)).toBeUndefined();
  });
});
