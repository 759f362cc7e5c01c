import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { endedIds, heldPairs } from '../../../../test/support/reading.ts';
import { endedByTopic } from './ended-by-topic.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a partner who left, told by what they did', () => {
  const partner = heldPairs(["The user's boyfriend is Tomasz", 'user.partner']);
  it.each([
    'Tomasz took his PlayStation and moved out on Sunday.',
    'Tomasz packed two suitcases on Sunday and went to stay at his sister’s in Wigan.',
    'Tomasz packed his stuff into his mate’s van and gone back to his mam’s.',
    'Tomasz has gone back to his parents’ for good.',
    'Tomasz went home to his folks after the row, not coming back.',
    'Tomasz walked out Thursday.',
    'tomasz is blocked on everything. every single app.',
    'I blocked Tomasz.',
  ])('%s', (turn) => {
    expect(endedIds(turn, partner)).toEqual(['b0']);
  });

  it.each([
    'Tomasz went to his mum’s yesterday.',
    'Tomasz went back to his mum’s to pick up the kids.',
    'Tomasz walked out of the meeting.',
    'Tomasz is blocked in traffic.',
    'Tomasz is blocked on the release.',
    'Tomasz cooked dinner and moved the sofa.',
  ])('%s ends nothing', (turn) => {
    expect(endedIds(turn, partner)).toEqual([]);
  });
});

describe('what someone else did after "and" is theirs', () => {
  const home = heldPairs(['The user lives in York', 'user.location']);
  it.each(['Tom sold the house and moved to Spain.', 'Priya packed up and moved to Leeds.'])('%s ends nothing of the user’s', (turn) => {
    expect(endedIds(turn, home)).toEqual([]);
    expect(learned(turn, home).filter((b) => b.endsWith('[user.location]'))).toEqual([]);
  });

  it('the user’s own verbs, said without "I", are the user’s', () => {
    expect(endedIds('Sold the house and moved to Spain.', home)).toEqual(['b0']);
  });
});

describe('a trip called off where it is named', () => {
  const trips = heldPairs(
    ['The user is going to Ruidoso for spring break', 'user.plan.ruidoso'],
    ['The user is planning a trip to Queenstown in July', 'user.plan.queenstown'],
  );
  it.each([
    ['Ruidoso’s on fire again, so that cabin’s cancelled.', ['b0']],
    ['The ski fields near Queenstown may not open, so I have cancelled that booking and reserved a hotel in Rotorua instead.', ['b1']],
    ['Ruidoso is burning, the whole thing’s been called off.', ['b0']],
    ['Maui was never on, but Ruidoso is a no-go now.', ['b0']],
  ])('%s', (turn, ids) => {
    expect(endedIds(turn, trips)).toEqual(ids);
  });

  it.each(['Our flight to Queenstown got cancelled, so we rebooked for Tuesday.', 'My sister cancelled her Queenstown trip.'])('%s ends nothing', (turn) => {
    expect(endedIds(turn, trips)).toEqual([]);
  });

  it('a new trip said with an aside after it is the trip alone', () => {
    expect(learned('ok so we’ve rebooked for fiji instead, same week.')).toEqual(['The user is going to Fiji [user.plan.fiji]']);
    expect(learned('We’ve booked Marrakech for May, shorter flight anyway.')).toEqual(['The user is going to Marrakech for May [user.plan.marrakech]']);
  });

  it('a trip said as its length and place is a plan of that place', () => {
    expect(learned('We’re doing a long weekend in San Antonio over Christmas.')).toEqual([
      'The user is doing a long weekend in San Antonio over Christmas [user.plan.san_antonio]',
    ]);
    expect(learned('We’ve got two weeks in Maui booked over Christmas.')).toEqual([
      'The user has got two weeks in Maui booked over Christmas [user.plan.maui]',
    ]);
  });
});

describe('a tool or a pastime ended in everyday words', () => {
  const held = heldPairs(
    ['The user uses RabbitMQ for services', 'user.tool.rabbitmq'],
    ['The user plays badminton', 'user.hobby.badminton'],
    ['The user goes kayaking', 'user.hobby.kayaking'],
  );
  it.each([
    ['The whole company is moving to Kafka, RabbitMQ is getting decommissioned.', ['b0']],
    ['RabbitMQ is getting decommissioned.', ['b0']],
    ['Head office is phasing RabbitMQ out across all the branches.', ['b0']],
    ['Knee surgery is done, doctor has said badminton is finished for me, permanently.', ['b1']],
  ])('%s', (turn, ids) => {
    expect(endedIds(turn, held)).toEqual(ids);
  });

  it('an end of something else first, then of the user’s pastime, is read on to the pastime', () => {
    expect(endedByTopic('Sold the old sofa last week, and sold the kayak too.', '', held)).toEqual([
      { key: 'user.hobby.kayaking', mention: 'kayak', id: 'b2' },
    ]);
  });

  it('what the user’s side left behind ends, and the side stays', () => {
    const work = heldPairs(['The user is a UX designer', 'user.occupation'], ['The user uses Sketch', 'user.tool.sketch']);
    expect(endedIds('Finally! The design team has left Sketch behind.', work)).toEqual(['b1']);
    expect(endedIds('I left my phone behind at the pub.', work)).toEqual([]);
  });

  it('someone else’s end is not the user’s', () => {
    expect(endedIds('Knee surgery is done, my brother says badminton is finished for him.', held)).toEqual([]);
  });
});

describe('a home told by how the user came to it', () => {
  it.each([
    ['We’ve taken a bungalow on the edge of Frome.', 'The user lives in a bungalow in Frome [user.location]'],
    ['We collected the keys to our BTO in Punggol last Saturday!', 'The user lives in Punggol [user.location]'],
    ['I’m staying at my brother’s in Hialeah till I find an apartment.', 'The user lives in Hialeah [user.location]'],
    ['I’m living at my parents’ place in Hull.', 'The user lives in Hull [user.location]'],
    ['I’m in a wee cottage at Struy with my springer Bran.', 'The user lives in Struy [user.location]'],
    ['I live in a WG in Neukölln w 3 ppl', 'The user lives in Neukölln [user.location]'],
    ['Also I stay in Koramangala 5th block, if you know any quiet cafes there.', 'The user lives in Koramangala [user.location]'],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it.each([
    'We took a cottage in Cornwall for a week.',
    'I got the keys to my locker in Leeds.',
    'We have a holiday cottage in Cornwall.',
    'I’m staying in Rome till Friday.',
  ])('%s is no home', (turn) => {
    expect(learned(turn).filter((b) => b.endsWith('[user.location]'))).toEqual([]);
  });
});

describe('facts said beside something else', () => {
  it.each([
    ['The firm runs on Clio and I swear half my job is fixing it.', 'The user uses Clio [user.tool.clio]'],
    ['Only thing keepin’ me sane is five-a-side on a Monday night.', 'The user does five-a-side on a Monday night [user.hobby.five_a_side]'],
    ['My husband Imran and I are off to Istanbul in April for our anniversary.', 'The user is off to Istanbul for their anniversary [user.plan.istanbul]'],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it.each([
    ['I’m a dev at Shopify in Ottawa and thinking about the US.', 'The user works at Shopify [user.employer]'],
    ['We live in Cork and might move to Galway next year.', 'The user lives in Cork [user.location]'],
    ['I’m a nurse and would love to retrain as a midwife.', 'The user is a nurse [user.occupation]'],
    ['I work at Tesco and maybe I’ll quit soon.', 'The user works at Tesco [user.employer]'],
    ['We live in Faisalabad and summer electricity bill came 42,000 this month!!', 'The user lives in Faisalabad [user.location]'],
  ])('%s: what is said before a wish or beside other news stands', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it.each([
    'If I lived in Leeds and worked at Tesco I’d be happier.',
    'Maybe I’ll move to Leeds and work at Tesco.',
    'Wah lau, the Linear trial end and finance say cannot pay.',
    'Priya lives in Leeds and might move.',
    'We’re staying in Rome this week and the hotel is lovely.',
  ])('%s says nothing of the user’s own', (turn) => {
    expect(learned(turn).filter((b) => /\[user\.(?:location|employer|tool\.linear\w*)\]$/.test(b))).toEqual([]);
  });

  it('an age after "at" is no employer', () => {
    expect(learned('Head chef at thirty-one, ma maw’s greetin’.').filter((b) => b.endsWith('[user.employer]'))).toEqual([]);
  });
});
