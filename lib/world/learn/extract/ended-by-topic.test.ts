import { beforeAll, describe, expect, it } from 'vitest';
import { endedByTopic } from './ended-by-topic.ts';
import { holding } from '../../../../test/support/learned.ts';
import { endedIds, read } from '../../../../test/support/reading.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

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
    ['Pottery is off the cards since the new job, no time at all.', 'b2'],
    ["I've called time on the choir after eleven years.", 'b0'],
    ['Swore off the Kindle, the screen was wrecking my sleep.', 'b1'],
    ['Nae mair pottery fur me, the arts centre shut its studio.', 'b2'],
  ])('%s', (said, id) => {
    expect(endedIds(said, held)).toEqual([id]);
  });

  it.each([
    'My brother quit the choir for good.',
    'Jess sold her Kindle.',
    'I might quit the choir one day.',
    'The choir is on hold for a few weeks while my voice recovers, so that is that for now.',
    'Is a Kindle worth it if I stop reading for good?',
    'Our choir director retired for good.',
  ])('%s ends nothing', (said) => {
    expect(endedIds(said, held)).toEqual([]);
  });

  it('ends nothing when two of the user’s things have the word', () => {
    const two = holding('The user sings in the choir [user.sing.choir]', 'The user runs the choir newsletter [user.run.newsletter]');
    expect(endedIds('Handed my choir folder over, that is that.', two)).toEqual([]);
  });

  it('keeps what else the belief said', () => {
    const out = read('The Kindle is in the drawer for good.', holding('The user uses a Kindle, a Pixel phone and a Dell laptop [user.tool.kindle]'));
    expect(out.retract.map((r) => r.id)).toEqual(['b0']);
    expect(out.beliefs.map((b) => b.statement)).toEqual(['The user uses a Pixel phone and a Dell laptop']);
  });
});

describe('a thing of the user’s that ended, however it ended', () => {
  const held = holding(
    'The user reads on a Kobo in bed [user.has.kobo]',
    'The user banks with Nationwide [user.bank.nationwide]',
    'The user has a Netflix subscription [user.has.netflix_subscription]',
    'The user swims at the Parkside leisure centre [user.swim.parkside]',
    "The user's Corsa gets them to work [user.corsa]",
    'The user uses Trello for their to-do lists [user.tool.trello]',
    'The user is the secretary of the Hillview bowls club [user.be.secretary]',
    "The user's sister Maud plays the oboe [user.family.sister]",
  );

  it.each([
    // Broken past mending.
    ['Dropped the Kobo in the bath and it is completely dead, not worth fixing.', 'b0'],
    ['The Corsa failed its MOT so badly the garage offered me forty quid for parts.', 'b4'],
    // Closed, lapsed, run out.
    ['Nationwide account is closed as of Friday.', 'b1'],
    ['Let my Netflix lapse in March and honestly have not missed it.', 'b2'],
    // Gone from under the user, done by someone else to a thing of theirs.
    ['Parkside has closed its doors, the council sold the site to a developer.', 'b3'],
    ['Work switched off our Trello boards last month.', 'b5'],
    // Ended by whoever could, or said in words of its own.
    ['The council knocked down Parkside last month to build flats.', 'b3'],
    ['The Corsa finally bit the dust on the ring road.', 'b4'],
    ['Netflix is a thing of the past in this house.', 'b2'],
    // Stepped down from a role, the thing said after a preposition.
    ['Stepped down as secretary of Hillview at the AGM.', 'b6'],
  ])('%s', (said, id) => {
    expect(endedIds(said, held)).toEqual([id]);
  });

  it.each([
    // A part of the thing, not the thing.
    'Sold the old case off the Kobo, got a nicer one.',
    'Cancelled one of the Netflix add-ons, kept the plan.',
    // Someone else's.
    "My neighbour's Corsa got written off in the floods.",
    // A complaint, a pause, a wish.
    'Nationwide closed the branch in town, which is a pain, I bank online anyway.',
    'Parkside is closed for a fortnight for repairs.',
    'Thinking of cancelling Netflix.',
  ])('%s ends nothing', (said) => {
    expect(endedIds(said, held)).toEqual([]);
  });

  it.each([
    ['Spilled a whole smoothie into the Kobo last night. It is completely dead.', 'b0'],
    ['The Corsa failed its MOT on every count. Sold it for scrap on Saturday.', 'b4'],
  ])('ends the thing the sentence before named when the end says "it": %s', (said, id) => {
    expect(endedIds(said, held)).toEqual([id]);
  });

  it('ends nothing by "it" when the sentence before named no thing of the user’s', () => {
    expect(endedIds('My brother bought a new van. It caught fire on the motorway.', held)).toEqual([]);
  });

  it('ends every belief that names the one product ended, and only those', () => {
    const two = holding(
      'The user uses Slack at work [user.tool.slack]',
      "The user's team chats on Slack all day [user.team.chat]",
      'The user uses Figma [user.tool.figma]',
    );
    const sentence = 'The company pulled the plug on our Slack in March.';
    expect(endedByTopic(sentence, '', two).map((r) => ('id' in r ? r.id : undefined))).toEqual(['b0', 'b1']);
  });

  it('keeps news that names something new beside the thing that ended', () => {
    const out = read('Moved all our designs over to Penpot because the Figma licence expired.', holding('The user uses Figma [user.tool.figma]'));
    expect(out.beliefs.some((b) => /Penpot/.test(b.statement))).toBe(true);
  });

  it('keeps what a longer statement says beside the thing that ended, without the thing', () => {
    const out = read(
      'Spent the whole long weekend learning DaVinci Resolve and Premiere Pro is uninstalled from my laptop now.',
      holding('The user edits video in Premiere Pro [user.tool.premiere_pro]'),
    );
    expect(out.retract.map((r) => r.id)).toEqual(['b0']);
    expect(out.beliefs.map((b) => b.statement)).toEqual(['The user spent the whole long weekend learning DaVinci Resolve']);
  });

  it('does not keep the news of the end as a belief of its own', () => {
    const out = read('My Netflix subscription ran out on Sunday and I did not renew.', held);
    expect(out.retract.map((r) => r.id)).toEqual(['b2']);
    expect(out.beliefs.filter((b) => /netflix/i.test(b.statement))).toEqual([]);
  });
});

it('ends nothing by an end told of long ago', () =>
  expect(
    endedIds(
      'Years ago, before we ever had Square, we took cards on a clunky little SumUp reader that died every time it rained.',
      holding('The user takes the card payments through Square [user.take.card_payments]'),
    ),
  ).toEqual([]));
