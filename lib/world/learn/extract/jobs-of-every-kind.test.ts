import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger } from './tagger.ts';
import { learned } from '../../../../test/support/learned.ts';

beforeAll(loadTagger);

describe('a job of any trade, and where it is done', () => {
  it.each([
    ["I'm a beekeeper near Asunción.", 'The user is a beekeeper near Asunción [user.occupation]'],
    ['I am tour guide in Fès.', 'The user is a tour guide [user.occupation]'],
    ["I'm a ferry skipper out of Tórshavn.", 'The user is a ferry skipper out of Tórshavn [user.occupation]'],
    ["I'm the chaplain at a hospice in Duluth.", 'The user is a chaplain [user.occupation]'],
    ["I'm second engineer on the island ferries, have been for years.", 'The user is a second engineer on the island ferries [user.occupation]'],
    ["I'm a cook on a mine site out past Kalgoorlie.", 'The user is a cook on a mine site out past Kalgoorlie [user.occupation]'],
  ])('%s', (content, belief) => {
    expect(learned(content)).toContain(belief);
  });

  it('reads a terse job fragment for whom and where it is done', () => {
    const all = learned('Crane operator for Harbour Freight Lines out of Tacoma. Need a safety checklist.');
    expect(all).toContain('The user works at Harbour Freight Lines [user.employer]');
    expect(all).toContain('The user lives in Tacoma [user.location]');
  });

  it('keeps a project said after the job as the project, not the place of the job', () => {
    expect(learned("I'm a lead on the payments project.").join()).not.toContain('[user.occupation]');
  });

  it('takes no one else’s job for the user’s', () => {
    expect(learned('My mate is a plumber in Hull.').join()).not.toContain('[user.occupation]');
  });
});

describe('a home named in lower case', () => {
  it.each([
    ['im a vet tech at a small clinic here in lubbock', 'The user lives in Lubbock [user.location]'],
    ['we moved to tromso, loving it so far', 'The user lives in Tromso [user.location]'],
  ])('%s', (content, belief) => {
    expect(learned(content)).toContain(belief);
  });

  it('is never a word the tagger knows as something else', () => {
    expect(learned('i live in hope lol').join()).not.toContain('[user.location]');
  });
});
