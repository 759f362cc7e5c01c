/**
 * The evaluation's fixture corpus: two users, four domains, supersession chains, relations with
 * participants, pinned open questions, aliases and near-miss words (java/javascript, python the
 * language/the snake, three different deadlines, "learning" piano/Spanish, "green" tea/paint).
 * Beliefs are seeded in this order; a later belief with the same owner and key supersedes an
 * earlier one (marked `superseded`). `durable` marks the facts the persona must carry.
 */
export type User = 'alice' | 'bob' | 'carol';

export interface SeedBelief {
  name: string;
  user: User;
  statement: string;
  type?: 'preference' | 'decision' | 'fact' | 'entity' | 'relation' | 'question';
  key?: string;
  scope?: string;
  pinned?: boolean;
  aliases?: string[];
  /** Names of the beliefs a relation links. */
  participants?: string[];
  durable?: boolean;
  superseded?: boolean;
}

export const USERS: Record<User, string> = { alice: 'alice@example.com', bob: 'bob@example.com', carol: 'carol@example.com' };

const WORK = 'domain:work';
const THESIS = 'domain:thesis';
const HOME = 'domain:home';
const FAMILY = 'domain:family';

export const CORPUS: SeedBelief[] = [
  // alice, universal: durable identity first, then everyday trivia
  { name: 'a.veg', user: 'alice', statement: 'The user is vegetarian', key: 'user.diet', aliases: ['diet', 'meat-free'], durable: true },
  { name: 'a.penicillin', user: 'alice', statement: 'The user is allergic to penicillin', key: 'user.allergy.penicillin', durable: true },
  { name: 'a.name', user: 'alice', statement: "The user's name is Alice Moreau", key: 'user.name', durable: true },
  { name: 'a.berlin', user: 'alice', statement: 'The user lives in Berlin', key: 'user.location', superseded: true },
  { name: 'a.munich', user: 'alice', statement: 'The user lives in Munich', key: 'user.location', superseded: true },
  { name: 'a.lisbon', user: 'alice', statement: 'The user lives in Lisbon', key: 'user.location', durable: true },
  { name: 'a.job', user: 'alice', statement: 'The user works as a data engineer at Finch Analytics', key: 'user.occupation' },
  { name: 'a.cat', user: 'alice', statement: 'The user has a cat named Miso', key: 'user.pet.cat' },
  { name: 'a.tea', user: 'alice', statement: 'The user prefers green tea over coffee', type: 'preference', key: 'user.drink' },
  { name: 'a.run', user: 'alice', statement: 'The user runs 10 km every Sunday morning' },
  { name: 'a.piano', user: 'alice', statement: 'The user is learning to play the piano' },
  { name: 'a.spanish', user: 'alice', statement: 'The user is learning Spanish on weekends' },
  { name: 'a.japan', user: 'alice', statement: 'The user plans a trip to Japan in October' },
  { name: 'a.concise', user: 'alice', statement: 'The user prefers concise answers with code examples', type: 'preference', pinned: true, durable: true },
  { name: 'a.sister', user: 'alice', statement: "The user's sister Clara is a nurse in Porto", type: 'entity' },
  { name: 'a.knit', user: 'alice', statement: 'The user knits scarves in the winter' },
  { name: 'a.garden', user: 'alice', statement: 'The user grows basil and tomatoes on the balcony' },
  { name: 'a.birthday', user: 'alice', statement: "The user's birthday is on 14 March", key: 'user.birthday' },
  { name: 'a.bike', user: 'alice', statement: 'The user commutes to the office by bike' },
  { name: 'a.marathon', user: 'alice', statement: 'The user plans to run the Berlin marathon next year', type: 'decision' },

  // alice, domain:work (a supersession chain on work.database)
  { name: 'w.mysql', user: 'alice', statement: "The team's main database is MySQL", key: 'work.database', scope: WORK, superseded: true },
  { name: 'w.pg', user: 'alice', statement: "The team's main database is PostgreSQL 16", key: 'work.database', scope: WORK, aliases: ['pg', 'postgres'] },
  { name: 'w.python', user: 'alice', statement: 'The user writes Python at work', key: 'work.language', scope: WORK, aliases: ['py'] },
  { name: 'w.pandas', user: 'alice', statement: 'The user uses pandas for data analysis', scope: WORK },
  { name: 'w.airflow', user: 'alice', statement: "The user's pipelines are scheduled with Airflow", scope: WORK },
  { name: 'w.manager', user: 'alice', statement: "The user's manager is Sam Okafor", key: 'work.manager', type: 'entity', scope: WORK },
  { name: 'w.standup', user: 'alice', statement: 'The team holds stand-up at 9:30 every weekday', scope: WORK, pinned: true },
  { name: 'w.k8s', user: 'alice', statement: 'The team decided to deploy on Kubernetes', type: 'decision', scope: WORK },
  { name: 'w.javascript', user: 'alice', statement: 'The user writes JavaScript for internal dashboards', scope: WORK },
  { name: 'w.question', user: 'alice', statement: 'Should the team migrate from Airflow to Dagster?', type: 'question', scope: WORK, pinned: true },
  {
    name: 'w.relation',
    user: 'alice',
    statement: 'Sam Okafor owns the PostgreSQL migration project',
    type: 'relation',
    scope: WORK,
    participants: ['w.manager', 'w.pg'],
  },

  // alice, domain:thesis
  { name: 't.topic', user: 'alice', statement: "The user's thesis is about glacier melt in the Alps", key: 'thesis.topic', scope: THESIS },
  {
    name: 't.deadline',
    user: 'alice',
    statement: 'The thesis deadline is 30 June',
    key: 'thesis.deadline',
    scope: THESIS,
    aliases: ['due date', 'submission'],
  },
  { name: 't.advisor', user: 'alice', statement: "The user's thesis advisor is Professor Lindqvist", key: 'thesis.advisor', scope: THESIS },
  { name: 't.latex', user: 'alice', statement: 'The user writes the thesis in LaTeX on Overleaf', scope: THESIS, pinned: true },
  { name: 't.fieldwork', user: 'alice', statement: 'The user did fieldwork on the Aletsch glacier in 2024', scope: THESIS },
  { name: 't.question', user: 'alice', statement: 'Which journal should chapter three go to?', type: 'question', scope: THESIS, pinned: true },
  {
    name: 't.relation',
    user: 'alice',
    statement: "Professor Lindqvist co-authored the user's Aletsch fieldwork paper",
    type: 'relation',
    scope: THESIS,
    participants: ['t.advisor', 't.fieldwork'],
  },

  // alice, domain:home (home renovation)
  { name: 'h.kitchen', user: 'alice', statement: 'The user is renovating the kitchen with oak cabinets', scope: HOME },
  { name: 'h.budget', user: 'alice', statement: 'The renovation budget is 15000 euros', key: 'home.budget', scope: HOME },
  { name: 'h.contractor', user: 'alice', statement: "The user's contractor is Bauer and Sons", key: 'home.contractor', scope: HOME },
  { name: 'h.deadline', user: 'alice', statement: 'The kitchen must be finished before 1 September', key: 'home.deadline', scope: HOME, aliases: ['deadline'] },
  { name: 'h.paint', user: 'alice', statement: 'The user chose sage green paint for the walls', scope: HOME, pinned: true },

  // alice, domain:family
  { name: 'f.snake', user: 'alice', statement: "The user's son is doing a school project on the python snake", scope: FAMILY },
  { name: 'f.son', user: 'alice', statement: "The user's son Leo is 9 years old", key: 'family.son', type: 'entity', scope: FAMILY },
  {
    name: 'f.relation',
    user: 'alice',
    statement: "Leo's school project is due next Friday",
    type: 'relation',
    scope: FAMILY,
    participants: ['f.son', 'f.snake'],
  },

  // bob, universal and domain:work
  { name: 'b.vegan', user: 'bob', statement: 'The user is vegan', key: 'user.diet', durable: true },
  { name: 'b.peanut', user: 'bob', statement: 'The user is allergic to peanuts', key: 'user.allergy.peanuts', durable: true },
  { name: 'b.metformin', user: 'bob', statement: 'The user takes metformin for diabetes', key: 'user.medication', durable: true },
  { name: 'b.oslo', user: 'bob', statement: 'The user lives in Oslo', key: 'user.location', durable: true },
  { name: 'b.job', user: 'bob', statement: 'The user is a high school teacher', key: 'user.occupation', durable: true },
  { name: 'b.chess', user: 'bob', statement: 'The user plays chess online every evening' },
  { name: 'b.guitar', user: 'bob', statement: 'The user plays the guitar in a folk band' },
  { name: 'b.cook', user: 'bob', statement: 'The user likes cooking Thai curries' },
  { name: 'b.java', user: 'bob', statement: 'The user teaches Java to his students', scope: WORK },
  { name: 'b.pg', user: 'bob', statement: "The user's school keeps grades in PostgreSQL", scope: WORK, aliases: ['pg'] },
  { name: 'b.deadline', user: 'bob', statement: 'The grading deadline is 20 June', scope: WORK },
];
