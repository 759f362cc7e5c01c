import { beforeAll, describe, expect, it } from 'vitest';
import { heldPairs, read } from '../../../../test/support/reading.ts';
import { readChange } from './changes.ts';
import { holdsSecret, ownWords } from './pasted.ts';
import type { Held } from './resolve.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('readChange: what a clause ends or changes', () => {
  it('reads buying as no cue of a home unless a home is named: a brand bought is no place', () => {
    expect(readChange('I buy Lavazza now instead')?.role).toBeUndefined();
  });

  it('reads a language as no home: "everything here is in German now"', () => {
    expect(readChange('everything here is in German now')?.role).not.toBe('place');
    expect(readChange("I'm in Georgia now")?.role).toBe('place');
  });

  it('reads a room or site of a workplace as no home', () => {
    expect(readChange('now I am in the Hotel New Otani kitchen, breakfast buffet team')?.role).not.toBe('place');
    expect(readChange("now I'm in Leeds")?.role).toBe('place');
  });

  it.each([
    ['Gave Haulwise my two weeks', ['Haulwise']],
    ['Kotetsu closed suddenly', ['Kotetsu']],
    ['Xero sub cancelled', ['Xero']],
    ["I've gone completely off sobolo after Christmas", ['sobolo']],
  ])('ends what "%s" names', (clause, ends) => {
    expect(readChange(clause)?.ends).toEqual(ends);
  });

  it('reads "back" as no new value: "it\'s back to a proper pot of tea"', () => {
    expect(readChange("it's back to a proper pot of tea for me")?.to).not.toBe('back');
  });

  it('reads what the whole of something must be as no switch to a verb', () => {
    expect(readChange('the whole lot has to be gluten free')).toBeNull();
    expect(readChange('The whole trust has gone over to Microsoft Teams')?.to).toBe('Microsoft Teams');
  });

  it('reads a food eaten again as no diet of its own', () => {
    expect(readChange('now I eat fish again but still no meat')?.to).toBeUndefined();
    expect(readChange("I've switched to gin and tonic these days")?.to).toBe('gin');
  });

  it.each([
    ['so I finally gave up the cello', { ends: ['cello'] }],
    ["I've ditched Photoshop completely", { ends: ['Photoshop'] }],
    ['Knitting is not for me anymore', { ends: ['Knitting'] }],
    ['Mango passed away on Sunday', { ends: ['Mango'] }],
    ['Emma and I broke up last week', { ends: ['Emma'] }],
    ['we migrated off MySQL onto Postgres', { ends: ['MySQL'], to: 'Postgres' }],
    ['We are doing Ireland instead of Scotland', { ends: ['Scotland'], to: 'Ireland' }],
    ['switched to Neovim last month', { ends: [], to: 'Neovim' }],
    ['not going to Spain after all', { ends: ['Spain'] }],
    ["haven't been running in ages", { ends: ['running'] }],
    ['Bella is no longer with us', { ends: ['Bella'] }],
    ['Wedding cancelled', { ends: ['Wedding'] }],
    ['Running is out for me now', { ends: ['Running'] }],
    ["Kim and I aren't together anymore", { ends: ['Kim'] }],
    ['We lost Jerry last week', { ends: ['Jerry'] }],
    ['we bailed on the camping trip', { ends: ['camping trip'] }],
    ['We left Paris for Nantes in June', { ends: ['Paris'], to: 'Nantes' }],
    ['Obsidian has replaced Notion for me', { ends: ['Notion'], to: 'Obsidian' }],
    ["I'm at Meta now", { to: 'Meta', role: 'org' }],
    ['we bought a flat in Leith instead', { ends: [], to: 'Leith', role: 'place' }],
    ['just got settled in Seattle after the move', { to: 'Seattle', role: 'place' }],
    ['Reporting to Marcus Oyelaran now', { to: 'Marcus Oyelaran', role: 'boss' }],
    ['They made me team lead', { to: 'team lead', role: 'job' }],
    ['Japan is now in May', { of: 'Japan', to: 'May' }],
    ["Peru's been pushed again, now it's October", { of: 'Peru', to: 'October' }],
    ['Thumper went to live with my cousin', { ends: ['Thumper'] }],
    ['I dropped out of the French course', { ends: ['French course'] }],
    ['these days I read on a Kobo', { to: 'Kobo' }],
    ['Off Guinness', { ends: ['Guinness'] }],
    ["btw my manager's priyanka now", { to: 'priyanka', role: 'boss' }],
    ["so Ilse's back as my manager", { to: 'Ilse', role: 'boss' }],
    ['I left Acme and now I work at Globex', { ends: ['Acme'], to: 'Globex', role: 'org' }],
    ['now I work in a bakery, Brood & Co', { to: 'Brood & Co', role: 'org' }],
    ['we migrated from ROS 1 to ROS 2 at work', { ends: ['ROS 1'], to: 'ROS 2' }],
    ["we ditched trello lol everything's in notion now", { ends: ['trello'], to: 'notion' }],
    ['my new fave band is boygenius', { to: 'boygenius', favorite: 'band' }],
    ['Joost and I are together now', { to: 'Joost', role: 'partner' }],
    ['Iceland is back on', { to: 'Iceland', role: 'plan' }],
    ['I am working for Brandt Hydraulik, not Kessler anymore', { ends: ['Kessler'], to: 'Brandt Hydraulik', role: 'org' }],
    // What ended said as its own state, or after it: idle, stopped, no more.
    ['the banjo has been gathering dust for months', { ends: ['banjo'] }],
    ['our Thursday book club has stopped for me', { ends: ['Thursday book club'] }],
    ['Squash, never again, padel now', { ends: ['Squash'], to: 'padel' }],
    ["I'm so over reality TV", { ends: ['reality TV'] }],
    ["Haven't opened Duolingo in ages", { ends: ['Duolingo'] }],
    // A pastime stopped: by the gear, by where the thing is now, by "haven't … since", by its verb, by a part after its name.
    ["haven't picked up the banjo since we moved", { ends: ['banjo'] }],
    ["I haven't played tennis since the spring", { ends: ['tennis'] }],
    ['sold my ski gear on Vinted', { ends: ['ski gear'] }],
    ['my longboard is up for sale', { ends: ['longboard'] }],
    ['the sewing machine is still collecting dust', { ends: ['sewing machine'] }],
    ["I don't cycle these days", { ends: ['cycling'] }],
    ['we never hike anymore', { ends: ['hiking'] }],
    ['Padel — I quit', { ends: ['Padel'] }],
    ['crossword club, not for me anymore', { ends: ['crossword club'] }],
    ['put the trumpet away last winter', { ends: ['trumpet'] }],
    // Tastes changed: a taste gone off, the kind of person the user is now, a favourite that was.
    ['Prosecco is far too sweet for me now', { ends: ['Prosecco'] }],
    ["I'm more of a gin drinker these days", { ends: [], to: 'gin' }],
    ['my fave film used to be Alien, now it is Arrival', { ends: ['Alien'], to: 'Arrival', favorite: 'film' }],
    ['Toggl access got shut off', { ends: ['Toggl access'] }],
    ['sold my kayak over the winter', { ends: ['kayak'] }],
    // A taste said as a ranking, or as all there is now.
    ['Kotlin > Java these days', { ends: ['Java'], to: 'Kotlin' }],
    ["It's all Bruno Mars these days", { to: 'Bruno Mars' }],
    // A manager named after the title, as a part of its own.
    ['The new manager, Femi, wants weekly reports', { to: 'Femi', role: 'boss' }],
    ['reporting directly to the CFO, Ana Lima', { to: 'Ana Lima', role: 'boss' }],
    ['Relocated again, Tallinn this time', { to: 'Tallinn', role: 'place' }],
    // Where the user goes in the old plan's place; what the user's workplace moved to.
    ['a long weekend in the Peak District instead', { to: 'Peak District', role: 'plan', instead: true }],
    ['Instead we fly to Madeira in May', { to: 'Madeira', role: 'plan' }],
    ['the office switched over to Slack', { to: 'Slack' }],
    ['so now all our files are in Dropbox', { to: 'Dropbox' }],
    ['I report to Dr. Ewa Nowak now', { to: 'Dr Ewa Nowak', role: 'boss' }],
    // A job title said as what the user now is, or where they were moved up to.
    ["I'm Chief of Staff now, not just an analyst", { to: 'Chief of Staff', role: 'job' }],
    ["I'm officially deputy principal from September", { to: 'deputy principal', role: 'job' }],
    ['they bumped me up to charge nurse', { to: 'charge nurse', role: 'job' }],
    ["I'm officially done with Twitter", { ends: ['Twitter'] }],
    // Said in passing: a lead-in, a word the tagger does not know, an item of a list, what "goes" or is retired.
    ["lately it's kvass for me", { to: 'kvass' }],
    // How a food or drink is prepared is part of its name, and "it's" before it is "it is".
    ["it's iced chai with oat milk all the way now", { to: 'iced chai' }],
    ["it's smoked tofu on everything these days", { to: 'smoked tofu' }],
    ['been drinking iced tea instead', { to: 'iced tea', instead: true }],
    // What the user has been on for a while is what they have now, when it is a thing of a known category.
    ["I've been on rooibos for a fortnight", { to: 'rooibos' }],
    ['been on unsweetened iced tea for three weeks', { to: 'unsweetened iced tea' }],
    ['been using Todoist for a month and it is great', { to: 'Todoist' }],
    ["it's horchata now, soda is pretty much retired", { ends: ['soda'], to: 'horchata' }],
    ['Kombucha is my thing these days', { to: 'Kombucha' }],
    ["'Junior Designer' goes", { ends: ['Junior Designer'] }],
    ['two updates: (a) the invoice, (b) I got bumped up to head of sales', { to: 'head of sales', role: 'job' }],
    ['the partners made me counsel on Monday', { to: 'counsel', role: 'job' }],
    // Work that moved: a project, a unit, the workplace's stack.
    ["I've been put on the onboarding revamp", { to: 'onboarding revamp', role: 'project' }],
    ['the legacy API stays behind with the old team', { ends: ['legacy API'] }],
    ['they transferred my team from retail banking to wealth management', { ends: ['retail banking'], to: 'wealth management team', role: 'team' }],
    ['our agency is a Figma shop now', { to: 'Figma' }],
    // A thing in the role one thing of its kind fills at a time.
    ['Helix is my main editor now', { to: 'Helix' }],
    ['Brave is our default browser these days', { to: 'Brave' }],
  ])('%s', (clause, want) => {
    expect(readChange(clause)).toMatchObject(want);
  });

  it.each([
    'I live in Leeds',
    'Norvik is a Go shop',
    'my dad is retired',
    'I got put on antibiotics',
    'Quick question before my shift',
    'I stopped eating meat',
    'I gave Python a try',
    'I lost my keys',
    'my brother went all-in on crypto',
    "I'm now really tired",
    "My brother's just moved up to Glasgow for a new job",
    'And Aisha herself just got bumped up to VP of Product',
    'back in Bristol we were always broke',
    // Never done is no habit stopped.
    "I haven't used Docker compose before",
    "haven't tried the climbing wall yet",
    "I haven't played tennis ever",
    "I'm a big fan of jazz now",
    'developed a rash out of nowhere',
    // A verb and its particle said as the clause's subject, an adjective, a visit, something done with the kids.
    'Helping out at the shelter takes guts',
    'Keep going and never give up',
    'Being out on the lake at dawn is the best',
    "It's amazing to see the garden come alive",
    'I went to a pottery fair last weekend',
    'We went to Lisbon for a long weekend',
    'My kids and I just finished another jigsaw',
    'My daughter and I are done for the day',
    "It's awesome seeing the kids so excited",
    'Let me pack, gonna head out soon',
    'Love the colours in that one',
    "it's fine to feel low from time to time",
    "It's a board game where you bluff a lot",
    'Now I am working on something new',
    'Keep me posted when the results are out',
    'Volunteering really pays off',
    'After being away so long, the first swim was hard',
  ])('%s changes nothing', (clause) => {
    expect(readChange(clause)).toBeNull();
  });
});

describe('a change resolved against what the user holds', () => {
  it('ends every belief about the thing, and only the user’s own', () => {
    const held = heldPairs(
      ['The user plays the cello', 'user.instrument.cello'],
      ["The user's brother plays the cello", 'user.family.brother.cello'],
      ['The user lives in Bristol', 'user.location'],
    );
    const found = read('I gave up the cello', held);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs).toEqual([]);
  });

  it.each([
    ["Oasis who? It's all Sam Fender these days.", 'b0', "The user's favorite band is Sam Fender"],
    ['The new boss, Lucia, is already rearranging the desks.', 'b1', "The user's manager is Lucia"],
    ['We moved! From Oslo to Bergen, closer to the fjords.', 'b3', 'The user lives in Bergen'],
  ])('%s', (said, ended, now) => {
    const held = heldPairs(
      ["The user's favorite band is Oasis", 'user.favorite.band'],
      ["The user's manager is Tom", 'user.manager'],
      ['The user plays the banjo', 'user.hobby.banjo'],
      ['The user lives in Oslo', 'user.location'],
    );
    const found = read(said, held);
    expect(found.retract.map((r) => r.id)).toEqual([ended]);
    expect(found.beliefs.map((b) => b.statement)).toEqual([now]);
  });

  it('a new plan in an ended one’s place is said anew', () => {
    const found = read(
      'The Crete trip is off, the owner cancelled. Instead we fly to Madeira, same dates in May.',
      heldPairs(['The user goes to Crete, to Chania, two weeks in May', 'user.plan.crete']),
    );
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.plan.madeira', 'The user is going to Madeira']]);
  });

  it('a thing left idle ends, and what the turn says of "it" is not learned', () => {
    const found = read('The banjo has been gathering dust for a year. Selling it next week.', heldPairs(['The user plays the banjo', 'user.hobby.banjo']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs).toEqual([]);
  });

  it('a new value of a category takes the old one’s place, said the old way', () => {
    const found = read("now it's Obsidian for all my notes", heldPairs(['The user uses Notion for their notes', 'user.tool.notion']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.tool.obsidian', 'The user uses Obsidian for their notes']]);
  });

  it('a pet that died ends; what the belief said of the other pet stays', () => {
    const found = read('Mango passed away on Sunday', heldPairs(['The user has got a dog named Rex and a tabby cat called Mango', 'user.pet.rex']));
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.pet.rex', 'The user has got a dog named Rex']]);
  });

  it('a new allergy never ends the diet; eating meat again does', () => {
    const held = heldPairs(['The user is vegetarian', 'user.diet']);
    expect(read("turns out I'm allergic to sesame too", held).retract).toEqual([]);
    expect(read('Eating meat again after 5 years', held).retract.map((r) => r.id)).toEqual(['b0']);
  });

  it('"instead" replaces the latest belief of the new value’s kind', () => {
    const found = read("so we're going to Sicily instead", heldPairs(['The user is going to Crete in May', 'user.plan.crete']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toEqual(['The user is going to Sicily']);
  });
});

describe('a new value in the place of what the user holds, by structure', () => {
  const home = heldPairs(['The user lives in Oslo', 'user.location'], ['The user works at Equinor', 'user.employer']);
  const said = (content: string, held: Held[]) => read(content, held).beliefs.map((b) => [b.key, b.statement]);

  it.each([
    ["we're in Bergen now!", 'Bergen'],
    ['Now in Bergen', 'Bergen'],
    ['just got settled in Bergen after the move', 'Bergen'],
    ["home's now Bergen", 'Bergen'],
  ])('"%s" is a new home, whatever the verb', (content, city) => {
    const found = read(content, home);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => [b.key, b.statement])).toContainEqual(['user.location', `The user lives in ${city}`]);
  });

  it('a new organisation is a new employer, said the old way', () => {
    expect(said("I'm at Statkraft now", home)).toEqual([['user.employer', 'The user works at Statkraft']]);
  });

  it('a tool the whole workplace is on now is the user’s; a team on holiday uses nothing', () => {
    const tools = heldPairs(['The user uses Asana at work', 'user.tool.asana']);
    for (const content of ["everyone's on ClickUp now", 'the whole support team uses ClickUp now', 'at Vireo the entire team is on ClickUp']) {
      const found = read(content, tools);
      expect(found.beliefs.map((b) => b.key)).toContain('user.tool.clickup');
      expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    }
    expect(read('the whole team is on holiday this week', tools).retract).toEqual([]);
  });

  it('someone else’s new job or home changes nothing of the user’s', () => {
    for (const content of [
      "Cian's after getting a new job with Aer Lingus",
      'My sister just moved to Paris',
      'she is in Berlin now',
      'the move to York is done',
    ]) {
      const found = read(content, home);
      expect(found.retract).toEqual([]);
      expect(found.beliefs.filter((b) => b.key === 'user.location' || b.key === 'user.employer')).toEqual([]);
    }
  });

  it('a going-to trip "instead" is never a new home', () => {
    const found = read(
      "so we're going to Sicily instead",
      heldPairs(['The user lives in Lisbon', 'user.location'], ['The user is going to Crete', 'user.plan.crete']),
    );
    expect(found.retract.map((r) => r.id)).toEqual(['b1']);
  });

  it('the same frame with another value replaces the held belief', () => {
    const found = read('I use YNAB for budgeting now', heldPairs(['The user uses Excel for budgeting', null]));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toEqual(['The user uses YNAB for budgeting']);
  });

  it("what the user has been on for a while, said after an end, takes the ended one's place; a state of no known category is none", () => {
    const found = read(
      'no more energy drinks. been on kombucha for about a month, feel great',
      heldPairs(['The user drinks energy drinks', 'user.drink.energy_drinks']),
    );
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toEqual(['The user drinks kombucha']);
    expect(readChange('been on the waiting list for a month')).toBeNull();
    expect(readChange('I have been a nurse for ten years')).toBeNull();
  });

  it("a prepared drink takes the ended one's place, its article agreeing", () => {
    const found = read(
      "Done with lattes. It's iced chai with oat milk all the way now.",
      heldPairs(['The user drinks a latte every morning', 'user.drink.latte']),
    );
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toEqual(['The user drinks an iced chai every morning']);
  });

  it('a new place said with its time before "instead" replaces the plan, not its date', () => {
    const trip = heldPairs(['The user is going to Orkney with their sister', 'user.plan.orkney']);
    for (const clause of [
      "Orkney's off. We are going to Shetland in September instead.",
      'Orkney fell through, we fly to Malta on the 3rd instead',
      'Orkney is cancelled. So a week in Cornwall from the 12th instead',
    ]) {
      const found = read(clause, trip);
      expect(found.retract.map((r) => r.id)).toEqual(['b0']);
      expect(found.beliefs.map((b) => b.statement).join(' | ')).toMatch(/Shetland|Malta|Cornwall/);
      expect(found.beliefs.map((b) => b.statement).join(' | ')).not.toMatch(/Orkney/);
    }
    expect(said("I'm flying out on the 10th instead", heldPairs(['The user is flying to Oslo on the 3rd', 'user.plan.oslo']))).toEqual([
      ['user.plan.oslo', 'The user is flying to Oslo on the 10th'],
    ]);
  });

  it('a plan moved to a new date, by name or as the latest plan', () => {
    const trip = heldPairs(['The user is flying to New York on the 3rd', 'user.plan.new_york']);
    expect(said("I'm flying out on the 10th instead", trip)).toEqual([['user.plan.new_york', 'The user is flying to New York on the 10th']]);
    expect(said('Japan is now in May', heldPairs(['The user is going to Japan in April', 'user.plan.japan']))).toEqual([
      ['user.plan.japan', 'The user is going to Japan in May'],
    ]);
  });

  it('"back to" an older value restores it', () => {
    const held: Held[] = [
      { id: 'b0', key: 'user.diet', statement: 'The user is vegan', active: true },
      { id: 'b1', key: 'user.diet', statement: 'The user is vegetarian', active: false },
    ];
    const found = read('Back to vegetarian', held);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.diet', 'The user is vegetarian']]);
  });

  it('another kind of the same thing replaces it: "almond milk" for "oat milk"', () => {
    const found = read('it is almond milk for me now', heldPairs(['The user drinks oat milk', null]));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toEqual(['The user drinks almond milk']);
  });

  it.each([
    ['Ubuntu got replaced by Arch', 'The user runs on Arch'],
    ["Spotify's gone, it's Tidal now", 'The user runs on Tidal'],
  ])('"%s" replaces the named thing', (content, statement) => {
    const found = read(content, heldPairs(['The user runs on Ubuntu', null], ['The user runs on Spotify', null]));
    expect(found.retract).toHaveLength(1);
    expect(found.beliefs.map((b) => b.statement)).toEqual([statement]);
  });

  it.each(['New manager: Keiko Tan.', 'Anna left, Keiko Tan is my boss now'])('"%s" is a new manager', (content) => {
    const found = read(content, heldPairs(["The user's manager is Anna", 'user.manager']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.manager', "The user's manager is Keiko Tan"]]);
  });

  it('a trip moved by the user to a new month', () => {
    const found = read('we moved the Lisbon trip to July', heldPairs(['The user is going to Lisbon in June', 'user.plan.lisbon']));
    expect(found.beliefs.map((b) => b.statement)).toEqual(['The user is going to Lisbon in July']);
  });

  it('a past home is history, not a new home', () => {
    const found = read('I lived in Berlin when I was a student', home);
    expect(found.beliefs.filter((b) => b.key === 'user.location')).toEqual([]);
  });
});

describe('what the user did not write, and secrets', () => {
  it('drops text between separators, forwarded headers and letters', () => {
    expect(ownWords("can you help me reply to this?\n---\nHi all,\nI've just moved to Glasgow.\n---")).toBe('can you help me reply to this?');
    expect(ownWords('---------- Forwarded message ---------\nFrom: Sam\n\nI live in Galway')).toBe('');
    expect(ownWords('I live in Leeds.\nI work at Acme.')).toBe('I live in Leeds.\nI work at Acme.');
  });

  it.each([
    'my wifi password is Sunflower!2024',
    'card number 4539 1488 0343 6467',
    'My API key is sk-abcdef1234567890',
    "my security answer is 'Biscuit the hamster'",
    "My mother's maiden name is Okafor, for the bank form.",
    'the one-time code they sent me is 883104',
    'my memorable word is tangerine',
  ])('%s holds a secret', (s) => {
    expect(holdsSecret(s)).toBe(true);
    expect(read(s, []).beliefs).toEqual([]);
  });
});

describe('what a change ends, said before it ("X, I don’t do it anymore")', () => {
  const held = heldPairs(
    ['The user plays the piano', 'user.instrument.piano'],
    ['The user does yoga on Sundays', 'user.hobby.yoga'],
    ['The user plays chess online', 'user.hobby.chess'],
    ['The user uses Duolingo every day', 'user.tool.duolingo'],
    ['The user lives in Leeds', 'user.location'],
    ['The user is dating Priya', 'user.partner'],
  );
  const ended = (said: string) => read(said, held).retract.map((r) => held.find((h) => h.id === r.id)?.statement);
  it.each([
    ["The piano — honestly I haven't touched it in months.", 'The user plays the piano'],
    ['Yoga I quit, it got too pricey.', 'The user does yoga on Sundays'],
    ['Chess: done. Too stressful.', 'The user plays chess online'],
    ["As for chess, I don't really play it anymore.", 'The user plays chess online'],
    ["I reckon I'm done with Duolingo, the streaks stressed me out", 'The user uses Duolingo every day'],
    ["Priya and I, we're not together anymore.", 'The user is dating Priya'],
  ])('%s', (said, statement) => {
    expect(ended(said)).toEqual([statement]);
  });

  it.each(['The piano is lovely, I play it daily.', 'Yoga, I think I will quit it next year.', "Leeds. I don't love it anymore but we stay."])(
    'nothing ends: %s',
    (said) => {
      expect(ended(said)).toEqual([]);
    },
  );
});

describe('what replaces an ended thing, said apart', () => {
  it('a thing of a known category right after an ending takes its place', () => {
    const held = heldPairs(['The user writes code in Sublime Text', 'user.tool.sublime_text'], ['The user lives in Leeds', 'user.location']);
    const found = read("Sublime's gone. Zed.", held);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toContain('The user writes code in Zed');
  });

  it('a reason said between the end and what replaces it leaves the end standing; "since" marks the new state', () => {
    const held = heldPairs(['The user lives in Headingley', 'user.location'], ['The user plans sprints in Trello', 'user.tool.trello']);
    const home = read('Headingley was a disaster. Students partying every night. Roundhay since June, finally quiet.', held);
    expect(home.retract.map((r) => r.id)).toEqual(['b0']);
    expect(home.beliefs.map((b) => `${b.statement} [${b.key}]`)).toEqual(['The user lives in Roundhay [user.location]']);
    const tool = read('Ditched Trello. Far too many boards. Linear since the spring.', held);
    expect(tool.retract.map((r) => r.id)).toEqual(['b1']);
    expect(tool.beliefs.map((b) => `${b.statement} [${b.key}]`)).toEqual(['The user plans sprints in Linear [user.tool.linear]']);
  });

  it('a unit of the workplace is a team, never a home', () => {
    const held = heldPairs(['The user is on the data platform team', 'user.team'], ['The user lives in Leeds', 'user.location']);
    const found = read('Moved over to the growth team last week.', held);
    expect(found.beliefs.map((b) => `${b.statement} [${b.key}]`)).toEqual(['The user is on the growth team [user.team]']);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
  });
});

describe('a new job title, diet, home or employer said as a change', () => {
  const held = heldPairs(
    ['The user is a staff nurse', 'user.occupation'],
    ['The user is vegetarian since last spring', 'user.be.last'],
    ['The user lives in Porto', 'user.location'],
    ['The user is a data analyst at Qorvo Group', 'user.role'],
  );
  const changed = (said: string, people = held) => {
    const found = read(said, people);
    return { ended: found.retract.map((r) => people.find((h) => h.id === r.id)?.statement), said: found.beliefs.map((b) => `${b.statement} [${b.key}]`) };
  };

  it.each([
    ['finally got made ward manager!!', 'The user is a staff nurse', 'The user is a ward manager [user.occupation]'],
    ['I have been promoted to charge nurse.', 'The user is a staff nurse', 'The user is a charge nurse [user.occupation]'],
    ['went full vegan this month, no more cheese', 'The user is vegetarian since last spring', 'The user is vegan [user.diet]'],
    ['eating fish again, so pescatarian now I guess', 'The user is vegetarian since last spring', 'The user is pescatarian [user.diet]'],
    ['we relocated to braga last week', 'The user lives in Porto', 'The user lives in Braga [user.location]'],
  ])('%s', (said, ended, learned) => {
    const found = changed(said);
    expect(found.ended).toContain(ended);
    expect(found.said).toContain(learned);
  });

  it('a new employer restates the job that named the old one', () => {
    const people = heldPairs(['The user is a data analyst at Qorvo Group', 'user.occupation']);
    const found = changed("I'm at Finvia now, since March.", people);
    expect(found.ended).toEqual(['The user is a data analyst at Qorvo Group']);
    expect(found.said).toContain('The user is a data analyst at Finvia [user.occupation]');
  });

  it('where the user reports for work is their employer, and ends the one held under another key; whom they report to is not', () => {
    const held = heldPairs(['The user is a driver at Brightline Couriers in Hull', 'user.be.driver'], ['The user lives in Hull', 'user.location']);
    const found = read('From Monday I report at the Harbourside Hospital loading bay, early starts.', held);
    expect(found.beliefs.map((b) => `${b.statement} [${b.key}]`)).toContain('The user works at Harbourside Hospital [user.employer]');
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(read('I report to Dana now.', held).beliefs.map((b) => b.key)).toEqual(['user.manager']);
  });

  it('a last day "in" the employer ends it; the job said with it stays, without it', () => {
    const people = heldPairs(['The user is a line cook in Brasserie Lune', 'user.occupation'], ['The user has two cats', 'user.pet.cats']);
    const found = changed('My last week in Brasserie Lune is this one, bittersweet.', people);
    expect(found.ended).toEqual(['The user is a line cook in Brasserie Lune']);
    expect(found.said).toContain('The user is a line cook [user.occupation]');
  });

  it('the same diet said again ends nothing', () => {
    expect(changed('so vegetarian still, all good').ended).toEqual([]);
  });
});

describe('a manager, an engagement or a marriage said as a change', () => {
  it.each([
    ['Started at the new depot this week, the supervisor there is Kofi Mensah.', 'Kofi Mensah'],
    ['New site from Monday, and the night-shift leader there is a Ms Duarte.', 'Ms Duarte'],
  ])('any manager’s title "there", with what it leads before it, names the new manager: %s', (said, name) => {
    const found = read(said, heldPairs(["The user's manager is Dana", 'user.manager'], ['The user lives in Leeds', 'user.location']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => `${b.statement} [${b.key}]`)).toContain(`The user's manager is ${name} [user.manager]`);
  });

  it('a new manager ends every belief naming the old one, whatever its key', () => {
    const held = heldPairs(
      ["The user's manager is Petra, very calm", 'user.manager.be.petra'],
      ["The user's line manager is Petra Novak", 'user.manager'],
      ["The user's brother's boss is Ivo", 'user.family.brother.boss'],
    );
    const found = read('Petra left last month, so my boss is Ivan now.', held);
    expect(found.retract.map((r) => r.id).sort()).toEqual(['b0', 'b1']);
    expect(found.beliefs.map((b) => `${b.statement} [${b.key}]`)).toContain("The user's manager is Ivan [user.manager]");
  });

  it.each([
    ['asked Mei to marry me and she said yes!!', 'The user is engaged to Mei [user.partner]'],
    ['We tied the knot last weekend, tiny ceremony', 'The user is married to Mei [user.partner]'],
    ['Mei proposed on the beach and I said yes', 'The user is engaged to Mei [user.partner]'],
  ])('%s', (said, learned) => {
    const held = heldPairs(["The user's girlfriend is Mei", 'user.partner']);
    const found = read(said, held);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => `${b.statement} [${b.key}]`)).toContain(learned);
  });

  it.each(['My cousin got engaged in May.', 'If we ever got married it would be in Lisbon.'])('someone else’s or a maybe changes nothing: %s', (said) => {
    const held = heldPairs(["The user's girlfriend is Mei", 'user.partner']);
    expect(read(said, held).retract).toEqual([]);
  });
});

it('"I\'m married to Hugo" keeps who the user is married to', () => {
  expect(read("I'm married to Hugo", []).beliefs.map((b) => b.statement)).toContain('The user is married to Hugo');
});

it.each([
  ['From next week the whole studio switched from Sketch to Figma', { ends: ['Sketch'], to: 'Figma' }],
  ['the board has promoted me to Principal Engineer, effective March', { to: 'Principal Engineer', role: 'job' }],
])('%s', (clause, want) => {
  expect(readChange(clause)).toMatchObject(want);
});

describe('a home bought, a plan moved by someone else, a plan the user cannot make', () => {
  it.each([
    ['we just bought a little cottage near Whitby', { to: 'Whitby', role: 'place' }],
    ['the clinic moved my scan to Friday', { of: 'scan', to: 'Friday' }],
    ["can't afford the Lisbon trip after all", { ends: ['Lisbon trip'] }],
  ])('%s', (clause, want) => {
    expect(readChange(clause)).toMatchObject(want);
  });

  it('"I\'ve stopped being vegan" retracts the diet', () => {
    expect(read("I've stopped being vegan", heldPairs(['The user is vegan', 'user.diet'])).retract).toMatchObject([{ key: 'user.diet' }]);
  });
});

describe('a change that names what it ends inside a longer action', () => {
  it.each([
    ['we tore out the vineyard and went all in on olives', { ends: ['vineyard'], to: 'olives' }],
    ['we dug up the last of the rhubarb plants and planted kale', { ends: ['rhubarb plants'], to: 'kale' }],
    ['I gave up my place in the choir', { ends: ['choir'] }],
    ['I finally gave up my seat on the parish council', { ends: ['parish council'] }],
    ['my knees made me quit football', { ends: ['football'] }],
    ['switched off lyft last month', { ends: ['lyft'] }],
    ['we closed the bakery in March', { ends: ['bakery'] }],
    ['Pixel got hit by a car on Sunday', { ends: ['Pixel'] }],
    ['me and Ana split up', { ends: ['Ana'] }],
    ["Tomas and me, it's over", { ends: ['Tomas'] }],
    ["so that's the end of pottery for me", { ends: ['pottery'] }],
    ['so no Iceland this year', { ends: ['Iceland'] }],
    ['my hands got so bad that I gave up the violin', { ends: ['violin'] }],
    ["I'm settled in a little flat in Ghent now", { to: 'Ghent', role: 'place' }],
    ['we sold the house and live in our cabin on Orcas Island now', { ends: ['house'], to: 'Orcas Island', role: 'place' }],
    ['we have a new team lead since Monday, Dara', { to: 'Dara', role: 'boss' }],
  ])('%s', (clause, want) => {
    expect(readChange(clause)).toMatchObject(want);
  });

  // A verb with a preposition after it is no thing the user stopped ("live", "stay" or "work" would end the home or the job).
  it.each(["I don't live in Berlin anymore", "we don't stay at the cabin anymore", "I don't work with Ana anymore"])(
    'names no verb as what ended: %s',
    (clause) => {
      expect(readChange(clause)?.ends ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(?:live|stay|work)$/)]));
    },
  );

  it.each(["that's over the top", 'the end of the month is busy', "I'm close to my sister", 'they put Hadi over us now'])('ends nothing: %s', (clause) => {
    expect(readChange(clause)?.ends ?? []).toEqual([]);
  });

  it('a loss of one of the pets a belief names keeps the other, counted again', () => {
    const held = heldPairs(['The user has two dogs that guard the farm, Rex and Bo', 'user.pet.dogs'], ['The user lives in Tarn', 'user.location']);
    const found = read('Bo got hit by a truck last week, we buried her by the barn.', held);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toContain('The user has a dog, Rex');
  });

  it('a new job title ends the title held under another key', () => {
    const found = read('they promoted me!! Head Cashier now', heldPairs(["The user is 'Senior Cashier' on paper", 'user.be.senior_cashier']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
  });

  it('a manager held as a team leader is ended by the next manager', () => {
    const found = read('my boss is Ines now', heldPairs(["The user's team leader is Jonas", 'user.team_leader.be.jonas']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
  });

  it('what the user grew ends when it is uprooted for another crop', () => {
    const found = read('we pulled out all of the apple trees and planted pears', heldPairs(['The user grows apples on a hill farm', 'user.grow.apples']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toContain('The user grows pears on a hill farm');
  });
});

describe('a change said beside other words of the turn', () => {
  it('what the user gave up stays ended when a wish of their own follows after "and"', () => {
    const held = heldPairs(['The user sings with the choir at St. Mary’s on thursdays', 'user.sing.choir']);
    const found = read('My voice got so weak that I gave up my place in the Thursday choir, and after nine years I want to thank them.', held);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
  });

  it.each(['I gave in and switched to Zed last week', 'held out for years but I finally cracked and swapped to Zed'])(
    'a switch after "and" another verb ends what it replaces: %s',
    (said) => {
      const held = heldPairs(['The user writes all their code in Sublime Text', 'user.tool.sublime_text'], ['The user lives in Ghent', 'user.location']);
      expect(read(said, held).retract.map((r) => r.id)).toEqual(['b0']);
    },
  );

  it.each([
    ["Honestly I'm a matcha girl now.", 'b0'],
    ["I'm an Android guy these days, the Pixel camera won me over.", 'b1'],
  ])('the kind of person a thing makes the user now ends the other thing of its category: %s', (said, ended) => {
    const held = heldPairs(
      ["The user drinks builder's tea with two sugars", 'user.drink.builders_tea'],
      ['The user has an iPhone 13', 'user.tool.iphone'],
      ['The user lives in Ghent', 'user.location'],
    );
    expect(read(said, held).retract.map((r) => r.id)).toEqual([ended]);
    expect(read('My brother is a matcha guy now.', held).retract).toEqual([]);
  });

  it.each([
    ['Fenton was a mistake, far too noisy. Stoke now.', 'b0', 'The user lives in Stoke [user.location]'],
    ['The Kindle was a bust, I missed paper too much.', 'b1', undefined],
  ])('what the user says was a mistake or did not work out ends: %s', (said, ended, now) => {
    const held = heldPairs(
      ['The user lives in Fenton', 'user.location'],
      ['The user reads on a Kindle', 'user.tool.kindle'],
      ["The user's sister is Ana", 'user.family.sister'],
    );
    const found = read(said, held);
    expect(found.retract.map((r) => r.id)).toEqual([ended]);
    if (now) expect(found.beliefs.map((b) => `${b.statement} [${b.key}]`)).toContain(now);
  });

  it.each(["I've given up whisky for good.", 'No more whiskey for me, doctor’s orders.'])('whisky given up ends the malt or the bourbon held: %s', (said) => {
    const held = heldPairs(['The user enjoys a Highland single malt on Sundays', 'user.drink.single_malt'], ['The user keeps bees', 'user.hobby.bees']);
    expect(read(said, held).retract.map((r) => r.id)).toEqual(['b0']);
  });

  it.each(['Our new bungalow is in Wendover, tiny garden.', "The new cottage's in Wendover, five minutes from the station."])(
    'a new dwelling of any word of the vocabulary said to be somewhere is the new home: %s',
    (said) => {
      const found = read(said, heldPairs(['The user lives in Tring', 'user.location'], ['The user works at Chiltern Print', 'user.employer']));
      expect(found.retract.map((r) => r.id)).toEqual(['b0']);
      expect(found.beliefs.map((b) => `${b.statement} [${b.key}]`)).toContain('The user lives in Wendover [user.location]');
    },
  );

  it('the experiment with a thing that is over ends the thing; "back to being" a diet is that diet again', () => {
    const held = heldPairs(['The user moved the team onto Prefect last quarter', 'user.tool.prefect'], ['The user is vegan', 'user.diet']);
    expect(read('ok the Prefect experiment is over, sadly.', held).retract.map((r) => r.id)).toEqual(['b0']);
    const found = read('Vegan trial done. Back to being a strict vegetarian, halloumi I missed you.', held);
    expect(found.retract.map((r) => r.id)).toEqual(['b1']);
    expect(found.beliefs.map((b) => `${b.statement} [${b.key}]`)).toContain('The user is vegetarian [user.diet]');
  });

  it('a plan that "fell thru", in chat shorthand, is called off', () => {
    const held = heldPairs(['The user is going to Lisbon in May', 'user.plan.lisbon'], ['The user lives in Leeds', 'user.location']);
    expect(read('lisbon fell thru, flights got silly', held).retract.map((r) => r.id)).toEqual(['b0']);
  });

  it('a partner held under a word of the user’s own is ended by the break-up', () => {
    const found = read("Ruben and me, it's finished, since May.", heldPairs(["The user's fella is Ruben, 3 years", 'user.fella']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
  });

  it('"so no X this year" calls off the plan that names X', () => {
    const found = read('so no Patagonia this year', heldPairs(['The user is going to Patagonia in November', 'user.plan.patagonia']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
  });

  it('a wish after "but" keeps nothing of a hypothetical before it', () => {
    expect(read("If I could I'd quit the choir, but I want to stay.", heldPairs(['The user sings in a choir', 'user.hobby.choir'])).retract).toEqual([]);
  });
});

describe('what a change ends, and what it leaves in another role', () => {
  it.each([
    ['we had to have Clover put down yesterday', ['The user has a rabbit called Clover', 'user.pet.clover']],
    ['we rehomed Juno with a family who has a big garden', ['The user has a dog called Juno', 'user.pet.juno']],
    ['I stepped down from the pub quiz team, too many late nights', ['The user plays in a pub quiz team on Wednesdays', 'user.hobby.pub_quiz']],
  ] as const)('%s', (said, [statement, key]) => {
    const found = read(said, heldPairs([statement, key], ['The user lives in Kendal', 'user.location']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement).join(' | ')).not.toMatch(/family|Clover|quiz/);
  });

  it('leaving a project keeps the goal the user had for it', () => {
    const held = heldPairs(
      ['The user works on Project Atlas', 'user.project.atlas'],
      ["The user's goal for Project Atlas is to launch in May", 'user.goal.atlas'],
    );
    // (the employer slot's retraction names Project Atlas too, and ends only a belief that mentions it)
    expect(read('I left Project Atlas last week', held).retract.flatMap((r) => r.id ?? [])).toEqual(['b0']);
  });

  it('a place the old value was done in is not where the new one goes', () => {
    const found = read(
      'we tore out the vineyard and went all in on olives',
      heldPairs(['The user grows grapes in a vineyard near Mendoza', 'user.grow.grapes']),
    );
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement).join(' | ')).not.toMatch(/in a olives/);
  });

  it('a new service takes the old one’s place, never the words before it', () => {
    const found = read("unsubscribed from Spotify, it's YouTube Music now", heldPairs(['The user listens to music on Spotify', 'user.tool.spotify']));
    expect(found.beliefs.map((b) => b.statement)).toEqual(['The user listens to music on YouTube Music']);
  });
});

describe('what the user concludes beside someone else’s words', () => {
  const choir = heldPairs(['The user sings in the Riverside choir', 'user.hobby.choir'], ['The user lives in Hull', 'user.location']);
  it.each([
    "the doctor says my throat needs rest, so that's the end of the choir for me",
    'I handed back my spot in the Riverside choir, my voice is shot',
    'I quit the choir, my GP said it was too much',
  ])('%s', (said) => {
    expect(read(said, choir).retract.map((r) => r.id)).toEqual(['b0']);
  });

  it.each([
    "my sister says the choir is too much, so she's quitting it",
    'the conductor said the choir is ending, so who knows',
    'my friend quit the choir, the conductor said it was too much',
  ])('ends nothing of the user’s: %s', (said) => {
    expect(read(said, choir).retract).toEqual([]);
  });

  it('a couple said with both names that separated ends the partner', () => {
    expect(read('Karl and I separated in the spring', heldPairs(["The user's husband is Karl", 'user.partner'])).retract.map((r) => r.id)).toContain('b0');
  });
});

describe('a manager named after a question that is none', () => {
  it.each(["Ines moved to Lyon, so guess who's my boss again — Pascal!", 'Ines left us. So who is my manager now — Pascal.'])('%s', (said) => {
    const found = read(said, heldPairs(["The user's manager is Ines", 'user.manager']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toContain("The user's manager is Pascal");
  });

  it('a name after a real question names nobody', () => {
    expect(read('who is my boss now? Pascal?', heldPairs(["The user's manager is Ines", 'user.manager'])).retract).toEqual([]);
  });
});

it('"him" after a new manager named with a title is that manager, not the one who retired', () => {
  const found = read(
    'Bogdan retired last month. they put Dr. Okafor over us now. so now I report to him.',
    heldPairs(["The user's manager is Bogdan", 'user.manager']),
  );
  expect(found.retract.map((r) => r.id)).toEqual(['b0']);
  expect(found.beliefs.map((b) => b.statement)).toContain("The user's manager is Dr Okafor");
});

describe('everyday actions that end nothing the user holds', () => {
  it.each([
    ['I closed my laptop at 6 and went to bed', ["The user's laptop is a ThinkPad", 'user.laptop']],
    ['I switched off my phone for the evening', ["The user's phone is a Pixel 8", 'user.phone']],
    ['I gave back my library books', ['The user reads fantasy books', 'user.read.books']],
    ['got the baby put down for a nap', ['The user has a baby girl called Ivy', 'user.child.ivy']],
    ["that's the end of the road for me, the hill was brutal", ['The user lives on Mill Road', 'user.location']],
  ] as const)('%s', (said, [statement, key]) => {
    expect(read(said, heldPairs([statement, key])).retract).toEqual([]);
  });
});

describe('the state a question gives as its reason', () => {
  it.each([
    ['is halloumi ok for me now that I am fully vegan?', 'The user is vegan'],
    ["what can I cook now that I'm pescatarian?", 'The user is pescatarian'],
  ])('%s', (said, statement) => {
    const found = read(said, heldPairs(['The user is vegetarian', 'user.diet']));
    expect(found.beliefs.map((b) => b.statement)).toContain(statement);
  });

  it.each(["what should I do now that I'm thinking about moving?", "should I get a dog now that I'm working from home?"])(
    'a plan or a doing is none: %s',
    (said) => {
      expect(read(said, []).beliefs).toEqual([]);
    },
  );
});

it.each(['I have a new boss on Monday', 'guess who is my boss again'])('a title without a name names nobody: %s', (clause) => {
  expect(readChange(clause)).toBeNull();
});

describe('a past home or job said beside the new one', () => {
  const held = () => heldPairs(['The user lives in Madrid', 'user.location'], ['The user works at Zara', 'user.employer']);

  it.each([
    ['I lived in Madrid but now I live in Lisbon.', 'b0', 'The user lives in Lisbon'],
    ["I lived in Madrid until last month, now I'm in Lisbon.", 'b0', 'The user lives in Lisbon'],
    ['I worked at Zara but these days I work at Inditex', 'b1', 'The user works at Inditex'],
  ])('%s ends the old value, learns the new one, and keeps no history of the old', (said, ended, now) => {
    const found = read(said, held());
    expect(found.retract.map((r) => r.id)).toEqual([ended]);
    expect(found.beliefs.map((b) => b.statement)).toEqual([now]);
  });

  it.each(['Before uni I lived in Leeds.', 'I worked at Google for a while.', 'I used to live in Cork.', 'I lived in Madrid for five years.'])(
    '%s is history of a one-value kind: nothing learned',
    (said) => {
      expect(read(said, []).beliefs).toEqual([]);
    },
  );

  it.each([
    'Back in the seventies Earl and I ran a snowball stand in Breaux Bridge every summer.',
    'In the winter of 1978 I was stationed in Nuuk, Greenland.',
    'I worked at a bakery in Lyon.',
    'I was based in Dubai before.',
  ])('%s: where the user was years ago is history', (said) => {
    expect(read(said, []).beliefs).toEqual([]);
  });

  it.each(['my ex-wife and I ran a café in Brighton for a decade', 'i played semi-pro football in Portugal till my knee went'])(
    '%s: a past that ran its course somewhere is history',
    (said) => {
      expect(read(said, []).beliefs).toEqual([]);
    },
  );

  it.each(["I'm looking into taking a sabbatical to teach English in Vietnam", 'toying with moving to Galway', 'weighing up a job offer from Arup'])(
    '%s: what the user only weighs up is not learned',
    (said) => {
      expect(read(said, []).beliefs).toEqual([]);
    },
  );

  it('keeps past events that are not a home or a job', () => {
    expect(read('I graduated from Trinity in 2008.', []).beliefs.map((b) => b.statement)).toEqual(['The user graduated from Trinity']);
  });

  it('reads "now I\'m in" a place as a home, and "now I work in" a place as no employer', () => {
    expect(readChange("now I'm in Lisbon")).toMatchObject({ to: 'Lisbon', role: 'place' });
    expect(readChange('now I work in Berlin')?.role).not.toBe('org');
    expect(readChange("now I'm at Google")).toMatchObject({ to: 'Google', role: 'org' });
  });
});

describe('the user speaking again after someone else’s words', () => {
  it.each([
    ['My mum thinks I should move to Leeds, I live in York.', 'The user lives in York'],
    ['He told me he lives in Oslo, I live in Bergen.', 'The user lives in Bergen'],
  ])('%s learns only what the user says of themselves', (said, own) => {
    expect(read(said, []).beliefs.map((b) => b.statement)).toEqual([own]);
  });

  it.each(['If I get the job at Google, I move to London in May.', 'She said I will be moved to Leeds, I was shocked.'])(
    '%s: a consequence or the past after the words learns nothing',
    (said) => {
      expect(read(said, []).beliefs).toEqual([]);
    },
  );
});

describe('a habit dropped, said without "I"', () => {
  it.each([
    ["don't play guitar anymore tbh", 'b0'],
    ['dont really do yoga anymore', 'b1'],
  ])('%s ends it', (said, ended) => {
    const found = read(said, heldPairs(['The user plays the guitar', 'user.instrument.guitar'], ['The user does yoga', 'user.hobby.yoga']));
    expect(found.retract.map((r) => r.id)).toEqual([ended]);
  });

  it("leaves a question as it is: don't you play guitar anymore?", () => {
    expect(read("don't you play guitar anymore?", heldPairs(['The user plays the guitar', 'user.instrument.guitar'])).retract).toEqual([]);
  });

  it('reads no employer from a date: "joined on the 3rd"', () => {
    expect(read('joined on the 3rd', []).beliefs.filter((b) => b.key === 'user.employer')).toEqual([]);
  });
});

describe('a request to the assistant states nothing and changes nothing', () => {
  const nurse = heldPairs(['The user is an ICU nurse', 'user.occupation']);
  it.each([
    'Make me a playlist for the drive home after a night shift',
    'recommend a good bakery near my place',
    'can you help me plan my move to Leeds',
    'give me a packing list for Lisbon',
  ])('%s', (content) => {
    expect(read(content, nurse)).toEqual({ beliefs: [], retract: [] });
  });

  it('reads no title in what someone made the user', () => {
    const found = read('Made me a cup of tea, then off to work', nurse);
    expect(found.retract).toEqual([]);
    expect(found.beliefs.filter((b) => b.key === 'user.occupation')).toEqual([]);
  });

  it('keeps what the user says after asking', () => {
    expect(read("Suggest a meal plan, I'm diabetic", []).beliefs.map((b) => b.statement)).toContain('The user is diabetic');
  });

  it('keeps a title the user was made', () => {
    expect(read('3 months in and they made me service manager', nurse).beliefs.map((b) => b.statement)).toContain('The user is a service manager');
  });
});
