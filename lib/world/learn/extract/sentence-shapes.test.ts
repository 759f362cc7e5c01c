import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a fact said in the shape of something else', () => {
  it.each([
    ['Since I moved to Leeds I’ve been cycling more.', 'The user lives in Leeds [user.location]'],
    ['Ever since I started at Google I’ve had no time.', 'The user works at Google [user.employer]'],
    ['As a nurse at St James, I work weekends.', 'The user is a nurse [user.occupation]'],
    ['As a teacher I get long holidays.', 'The user is a teacher [user.occupation]'],
    ['I live in Leeds so can you recommend a good curry house?', 'The user lives in Leeds [user.location]'],
    ['PS I’m allergic to nuts.', 'The user is allergic to nuts [user.allergy.nuts]'],
    ['ps im vegan', 'The user is vegan [user.diet]'],
    ['As someone who’s been vegan for about eight years, I’m so tired of being asked about protein.', 'The user is vegan [user.diet]'],
    ['As the owner of an elderly greyhound called Moss, what’s a gentle exercise routine?', 'The user has an elderly greyhound called Moss [user.pet.moss]'],
    ['As an engineer at Shopify, am I allowed to run my own store on the platform?', 'The user works at Shopify [user.employer]'],
    ['whats a good podcast for long drives — fwiw I’m a district nurse so I’m in the car a lot', 'The user is a district nurse [user.occupation]'],
    ['Ever since we adopted Biscuit from the shelter she’s been chewing the skirting boards.', 'The user adopted Biscuit from the shelter [user.pet.biscuit]'],
    ['Since I started at Google, my commute is awful.', 'The user works at Google [user.employer]'],
    ['Figma user. quickest way to turn a frame into a component?', 'The user uses Figma [user.tool.figma]'],
    ['Girlfriend Ngozi: night owl. Me: up at 5.', "The user's girlfriend is Ngozi [user.partner]"],
    ['Tbilisi next week, 4 days. Must-eat list?', 'The user is going to Tbilisi [user.plan.tbilisi]'],
    ['Patagonia in January!! We booked it last night.', 'The user is going to Patagonia [user.plan.patagonia]'],
    ['Tools I use daily: VS Code, Docker, Postgres. Which has the best offline mode?', 'The user uses Docker [user.tool.docker]'],
    ['Moved over to Crescent Cars a fortnight ago, small local firm off Leeds Road.', 'The user works at Crescent Cars [user.employer]'],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it.each([
    ['I’m allergic to penicillin, found that out the hard way when I was twelve.', ['The user is allergic to penicillin [user.allergy.penicillin]']],
    ['I work at Tesco 3 days a week.', ['The user works at Tesco [user.employer]']],
  ])('%s says the fact and nothing after it', (turn, beliefs) => {
    expect(learned(turn)).toEqual(beliefs);
  });

  it.each([
    ['Since I was a kid I’ve loved horses.', /\bkid\b/],
    ['As a mum I worry.', /\bmum\b/],
    ['Is it true I live in Leeds so can you check?', /\bLeeds\b/],
    ['If I move to Leeds so can you help?', /\bLeeds\b/],
    ['As a reminder, I’m off Friday.', /\breminder\b/],
    ['Left Deloitte in March, been at KPMG since April.', /\bDeloitte\b/],
    ['Ramadan next week, any tips?', /\bRamadan\b/],
    ['Sold my boat last month, so no more sailing weekends for me.', /\bsailing\b/],
    ['Since our team switched over to Linear from Jira I keep losing track of sub-issues.', /\bJira\b/],
  ])('%s says no such fact', (turn, value) => {
    expect(learned(turn).filter((b) => value.test(b))).toEqual([]);
  });
});
