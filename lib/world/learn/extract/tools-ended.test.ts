import { beforeAll, describe, expect, it } from 'vitest';
import type { Held } from './resolve.ts';
import { holding } from '../../../../test/support/learned.ts';
import { endedIds, read } from '../../../../test/support/reading.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const restated = (content: string, held: Held[]) => read(content, held).beliefs.map((b) => b.statement);

describe('a tool ended by what was done to it', () => {
  it.each([
    ['Basecamp got axed in the spring budget round', 'The user tracks work in Basecamp [user.tool.basecamp]'],
    ['Skype is uninstalled on every office machine now', 'The user calls clients on Skype [user.tool.skype]'],
    ['the old TeamCity server was powered off last week', 'The user runs builds on TeamCity [user.tool.teamcity]'],
    ['Dropbox licence expired in June and nobody renewed it', 'The user keeps client files in Dropbox [user.tool.dropbox]'],
    ['YouTube channel I deleted, not worth the stress', 'The user streams on YouTube on Fridays [user.stream.fridays]'],
    ['I sold the X-T4 to a student from my course', "The user's camera is a Fujifilm X-T4 [user.camera]"],
    ['we moved the whole backlog out of Trello into Linear', 'The user plans sprints in Trello [user.tool.trello]'],
  ] as const)('%s', (said, belief) => {
    expect(endedIds(said, holding(belief))).toEqual(['b0']);
  });

  it('the milk going off ends no drink', () => {
    expect(endedIds('the milk expired so no porridge', holding('The user drinks oat milk in their coffee [user.drink.oat_milk]'))).toEqual([]);
  });
});

describe('one of several said in one belief ends, the others stay', () => {
  const stack = holding('The user uses Jira for tickets, Slack for chat and Notion for all the docs [user.tool.jira]');

  it.each([
    ['Slack licence ran out and we never renewed', 'The user uses Jira for tickets and Notion for all the docs'],
    ['We dropped Jira last month', 'The user uses Slack for chat and Notion for all the docs'],
  ])('%s', (said, left) => {
    expect(restated(said, stack)).toContain(left);
  });

  it('the article goes with the item that stays', () => {
    expect(restated('We ditched the Nokia.', holding('The user has a Nokia flip phone, a Dell laptop [user.tool.nokia]'))).toContain(
      'The user has a Dell laptop',
    );
  });
});

describe('a common thing ends the belief keyed by it, not one that names it in passing', () => {
  it('gave my seat in the boat away', () => {
    const held = holding('The user rows with the harbour boat club [user.row.boat_club]', 'The user drinks tea on the boat and off it [user.drink.tea]');
    expect(endedIds('I gave my seat in the boat to my cousin', held)).toEqual(['b0']);
  });

  it('a name ends every belief that has it', () => {
    const held = holding('The user has a terrier named Biscuit [user.pet.biscuit]', 'The user walks Biscuit by the canal [user.walk.canal]');
    expect(endedIds('We lost Biscuit on Sunday.', held)).toEqual(['b0', 'b1']);
  });
});

describe('the tools of a stack given under a label', () => {
  it('Work stack: three products, what each is for, and a long last one', () => {
    const learned = read('Work stack: Figma for design, Harvest for invoicing, Asana to stop my projects from eating me alive').beliefs;
    expect(learned.filter((b) => b.key?.startsWith('user.tool.')).map((b) => b.statement)).toEqual([
      'The user uses Figma for design',
      'The user uses Harvest for invoicing',
      'The user uses Asana',
    ]);
  });

  it('where the user’s things go', () => {
    expect(read('all my client photos go to Backblaze').beliefs.map((b) => b.key)).toContain('user.tool.backblaze');
  });

  it('a long list after a label that is no stack is no label', () => {
    const learned = read('two things: 1) a budget sheet, 2) I got made shift lead as of Monday, so 3) a note for the crew about it').beliefs;
    expect(learned.map((b) => b.key)).not.toContain('user.thing');
  });
});
