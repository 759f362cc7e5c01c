import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a value said as the one now ends the one the turn names beside it', () => {
  const life = holding(
    'The user uses bitrise for CI [user.use.bitrise]',
    'The user uses Looker [user.tool.looker]',
    'The user likes Irani chai [user.likes.irani_chai]',
    "The user's favorite beer is yuengling [user.favorite.beer]",
    'The user plays the tin whistle at a trad session every Thursday [user.hobby.tin_whistle]',
    'The user likes filter coffee [user.likes.filter_coffee]',
  );

  it.each([
    ["bitrise was flaky so we're on github actions now", 'The user uses bitrise for CI'],
    ['Chennai effect — filter coffee every morning now, chai has become rare.', 'The user likes Irani chai'],
    ['drinking coors banquet these days, cant even find yuengling out here', "The user's favorite beer is yuengling"],
    ["These days I'm more on cold coffee from Third Wave, the filter coffee here is not like home", 'The user likes filter coffee'],
    [
      "Thursdays are fiddle lessons now instead of the session. The tin whistle is in a drawer somewhere, I'm a fiddle convert 🎻",
      'The user plays the tin whistle at a trad session every Thursday',
    ],
  ])('%s', (said, gone) => {
    expect(ended(said, life)).toContain(gone);
  });

  it.each([
    'I still use bitrise for the old app, github actions now for new stuff',
    "Looker is fine, we're on github actions now",
    "bitrise was flaky, we're on github actions",
  ])('keeps what the turn keeps, another kind of tool, or no word of now: %s', (said) => {
    expect(ended(said, life)).toEqual([]);
  });
});

describe('what a tool is used for names its kind', () => {
  it('"we use xcode cloud for CI" is a tool', () => {
    expect(learned('we use xcode cloud for CI')).toEqual(['The user uses xcode cloud for CI [user.tool.xcode_cloud]']);
  });
});

describe('what was given up, said first', () => {
  it('"Knitting I\'ve quit" ends knitting', () => {
    const knitting = holding('The user does knitting in the evenings [user.hobby.knitting]');
    const said = "Knitting I've quit — Gustav kept eating the wool and I gave up fighting him.";
    expect(ended(said, knitting)).toEqual(['The user does knitting in the evenings']);
    expect(learned(said, knitting)).toEqual([]);
  });
});
