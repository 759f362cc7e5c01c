import { beforeAll, describe, expect, it } from 'vitest';
import { endedIds, heldPairs, read } from '../../../../test/support/reading.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('an ending said in passing, among other news', () => {
  const trip = heldPairs(['The user is going to Valencia for the long weekend', 'user.plan.valencia']);
  it.each([
    'Cancelled the Valencia flights this morning and got most of the money back',
    'we had to cancel the Valencia booking, got a refund at least',
    'cancelled our Valencia reservation and got the deposit back',
  ])('what was booked for a plan ends the plan, and the refund is nothing new: %s', (content) => {
    const { beliefs, retract } = read(content, trip);
    expect(retract.map((r) => r.id)).toEqual(['b0']);
    expect(beliefs.filter((b) => b.key?.startsWith('user.plan'))).toEqual([]);
  });

  const dog = heldPairs(["Pippin is one of the user's dogs", 'user.pet.pippin']);
  it.each(['Old Pippin died in his sleep on Tuesday.', 'Poor Pippin passed away last night, he was fourteen.', 'Dear old Pippin died on Friday.'])(
    'a word said of a pet before its name is not part of the name: %s',
    (content) => {
      expect(endedIds(content, dog)).toEqual(['b0']);
    },
  );

  const climbing = heldPairs(['The user goes bouldering three times a week', 'user.hobby.bouldering']);
  it.each([
    "the chalk bag hasn't moved in months, reckon I'm done with bouldering.",
    "think I'm done with bouldering, my fingers can't take it",
    "Work's mental lately, guess I'm finished with bouldering.",
  ])('a hedge with its "I" left out before an ending: %s', (content) => {
    expect(endedIds(content, climbing)).toEqual(['b0']);
  });
  it('someone else thinking it is still theirs', () => {
    expect(endedIds("my physio thinks I'm done with bouldering", climbing)).toEqual([]);
  });
});

describe('a break-up, said any way, ends every belief of the partner', () => {
  const partner = heldPairs(
    ["The user's girlfriend Noemi teaches yoga", null],
    ["The user's girlfriend Noemi is Swiss", null],
    ["The user's girlfriend is Noemi", 'user.partner'],
    ['The user lives in Basel', 'user.location'],
  );
  it('keyless beliefs that name the partner end, each of them', () => {
    expect(endedIds('Noemi and I split up at the weekend.', partner)).toEqual(['b0', 'b1', 'b2']);
  });
  it.each(['so thats it me and noemi are done', "well that's it, me and Noemi are finished", 'anyway me n noemi broke up'])(
    'after an opener: %s',
    (content) => {
      expect(endedIds(content, partner)).toContain('b2');
    },
  );
  it.each(['noemi moved out on friday', 'noemi packed her things and moved out saturday. 3 years.'])(
    'a partner who moved out, named in lower case: %s',
    (content) => {
      expect(endedIds(content, partner)).toEqual(['b0', 'b1', 'b2']);
    },
  );
  it('a lower-case word the user holds no one by ends nothing', () => {
    expect(endedIds('office moved out to the business park', partner)).toEqual([]);
  });
  it('where the user is after the break-up takes no partner’s place', () => {
    const { beliefs } = read("me and noemi are done. I'm back at my dad's in Liestal for now", partner);
    expect(beliefs.filter((b) => b.key === 'user.partner')).toEqual([]);
  });
  it('someone else who took their things and moved is no clause of the user’s', () => {
    const { beliefs } = read('my sister took her kids and moved to Lugano', partner);
    expect(beliefs.filter((b) => b.key === 'user.location')).toEqual([]);
  });
});

describe('an ending said the way people say it at work and at home', () => {
  it.each([
    ['Biscotti left us on Sunday night, fourteen good years.', ["Biscotti is one of the user's cats", 'user.pet.biscotti']],
    ['IT wiped my laptop, so Lightroom is gone from my machine.', ['The user edits photos in Lightroom', 'user.tool.lightroom']],
    ['Watanabe-san moved to the Nagoya branch last month.', ["The user's manager is Watanabe-san", 'user.manager']],
    ['Dr Haddad is taking a sabbatical, a year in Beirut.', ["The user's manager is Dr Haddad", 'user.manager']],
    ['Oolong became too bitter for me somehow.', ['The user drinks oolong every afternoon', 'user.drink.oolong']],
  ])('%s', (content, [statement, key]) => {
    expect(endedIds(content, heldPairs([statement, key]))).toEqual(['b0']);
  });

  it('the workplace moving everything to a tool is the user’s tool', () => {
    const { beliefs } = read('Our agency changed everything to Figma this spring.', []);
    expect(beliefs.map((b) => b.statement).join()).toMatch(/Figma/);
  });

  it('someone else’s offer from one place and move to another is theirs', () => {
    const home = heldPairs(['The user lives in Porto', 'user.location']);
    const { beliefs, retract } = read('My son has news — he got an offer from Siemens and moves to Munich in May!', home);
    expect(retract).toEqual([]);
    expect(beliefs.filter((b) => b.key === 'user.location')).toEqual([]);
  });

  it('off one project and onto another', () => {
    const project = heldPairs(['The user works on the Harbour Bridge retrofit', 'user.project.harbour_bridge']);
    const { beliefs, retract } = read("I'm off Harbour Bridge and onto the airport expansion", project);
    expect(retract.map((r) => r.id)).toEqual(['b0']);
    expect(beliefs.map((b) => b.statement).join()).toMatch(/airport expansion/);
  });
});

describe('a workplace that moved onto a tool of no known category', () => {
  it('takes the place of the user’s one tool', () => {
    const { beliefs, retract } = read('our whole support team is on Kestrelboard now', heldPairs(['The user plans sprints in Trello', 'user.tool.trello']));
    expect(retract.map((r) => r.id)).toEqual(['b0']);
    expect(beliefs.map((b) => `${b.statement} [${b.key}]`)).toContain('The user uses Kestrelboard [user.tool.kestrelboard]');
  });
  it('is learned beside several tools, ending none of them', () => {
    const two = heldPairs(['The user plans sprints in Trello', 'user.tool.trello'], ['The user codes in Kotlin', 'user.tool.kotlin']);
    const { beliefs, retract } = read('our whole support team is on Kestrelboard now', two);
    expect(retract).toEqual([]);
    expect(beliefs.map((b) => b.statement)).toContain('The user uses Kestrelboard');
  });
  it('what the user alone is on is no workplace’s tool', () => {
    const { beliefs, retract } = read("I'm on Wegovy now", heldPairs(['The user plans sprints in Trello', 'user.tool.trello']));
    expect(retract).toEqual([]);
    expect(beliefs.filter((b) => b.key?.startsWith('user.tool'))).toEqual([]);
  });
  it('a tool that "was a disaster for" the work ends', () => {
    expect(
      endedIds('Kestrelboard was a disaster for client reviews, so we went back', heldPairs(['The user uses Kestrelboard', 'user.tool.kestrelboard'])),
    ).toEqual(['b0']);
  });
});

describe('"no X for me" with a time it lasts is a pause, not an end', () => {
  const drinks = heldPairs(['The user drinks coffee', 'user.drink.coffee'], ['The user drinks red wine', 'user.drink.wine']);
  it.each(["No coffee for me today, I've a headache.", "No red wine for me this week, I'm on antibiotics.", 'No coffee for me tonight, thanks.'])(
    '%s',
    (content) => {
      expect(endedIds(content, drinks)).toEqual([]);
    },
  );

  it('said without one, it ends the habit', () => {
    expect(endedIds('No coffee for me, the doctor was clear.', drinks)).toEqual(['b0']);
  });
});
