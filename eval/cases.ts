/**
 * The evaluation cases, one per behaviour. Each sends the user turns of `turns` (the last is the
 * one asked; earlier ones are sent with an assistant reply between them) as a real chat request
 * and checks the labelled block the provider received, tier by tier:
 * - persona: the user's `durable` beliefs, pinned: the user's pinned beliefs of the request's
 *   scope, questions: the user's pinned questions of the scope (unless the case says otherwise);
 *   relevant and related: what the case names.
 * - every tier is exact: what it must hold, plus `may` (acceptable either way), and nothing else;
 *   `never` beliefs appear nowhere; `only` (budget cases) is the whole injected set.
 */
import type { User } from './corpus.ts';

export interface Expect {
  relevant?: string[];
  related?: string[];
  persona?: string[];
  pinned?: string[];
  questions?: string[];
  may?: string[];
  never?: string[];
  only?: string[];
}

export interface Case {
  name: string;
  user: User;
  turns: string[];
  /** The `x-belief-store-scope` header value. */
  scope?: string;
  /** Sent with the user's PAT whose default scope is this (no header unless `scope` is set too). */
  patScope?: string;
  /** injection.max_beliefs for this case (default 20). */
  budget?: number;
  expect: Expect;
}

const ALICE_TRIVIA = ['a.cat', 'a.tea', 'a.run', 'a.piano', 'a.spanish', 'a.japan', 'a.sister', 'a.knit', 'a.garden', 'a.birthday', 'a.bike', 'a.marathon'];
const SUPERSEDED = ['a.berlin', 'a.munich', 'w.mysql'];
/** Alice's persona tier (five by default): health and diet first, how she wants answers, name, home; her work comes when asked. */
const ALICE_PERSONA = ['a.penicillin', 'a.veg', 'a.concise', 'a.name', 'a.lisbon'];
/** What a question that only recalls a fact carries of Alice's persona (API.md §7): how she wants answers, and the persona beliefs it reaches. */
const RECALLED = ['a.concise'];
const BOB_ALL = ['b.vegan', 'b.peanut', 'b.metformin', 'b.oslo', 'b.job', 'b.chess', 'b.guitar', 'b.cook', 'b.java', 'b.pg', 'b.deadline'];

const single: Case[] = [
  // persona: durable facts carry everyday requests
  { name: 'persona carries the diet for cooking', user: 'alice', turns: ['What should I cook tonight?'], expect: { never: ALICE_TRIVIA } },
  { name: 'persona carries the allergy for medication', user: 'alice', turns: ['Any medication I should avoid?'], expect: { never: ALICE_TRIVIA } },
  { name: 'persona is durable facts only, never trivia', user: 'alice', turns: ['Hello!'], expect: { never: ALICE_TRIVIA } },
  { name: 'persona never holds domain beliefs', user: 'alice', scope: 'domain:work', turns: ['Good morning'], expect: {} },
  {
    name: 'persona of another user is their own',
    user: 'bob',
    turns: ['What should I cook tonight?'],
    expect: { relevant: ['b.cook'], never: ['a.veg', 'a.penicillin', 'a.name', 'a.lisbon', 'a.job'] },
  },
  {
    name: 'a belief in the persona is not repeated as relevant',
    user: 'alice',
    turns: ['Am I still vegetarian?'],
    expect: { persona: [...RECALLED, 'a.veg'] },
  },

  // relevant: the shared-word noise and the cutoff
  { name: 'filler words match nothing', user: 'alice', scope: 'domain:work', turns: ['How do I use pandas for this?'], expect: { relevant: ['w.pandas'] } },
  { name: 'only common words: nothing relevant', user: 'alice', turns: ['Tell me about the user'], expect: {} },
  {
    name: 'a word placing things in time is not a topic',
    user: 'alice',
    scope: 'domain:work',
    turns: ["What's a good next step for the Atlas migration?"],
    expect: { never: ['a.marathon'] },
  },
  {
    name: 'a role named another way: who I report to',
    user: 'alice',
    scope: 'domain:work',
    turns: ['Who should I send the quarterly report to?'],
    expect: { relevant: ['w.manager'] },
  },
  {
    name: 'the marathon by its own words',
    user: 'alice',
    turns: ['Which marathon am I running?'],
    expect: { persona: RECALLED, relevant: ['a.marathon'], may: ['a.run'] },
  },
  { name: 'a vague request injects nothing relevant', user: 'alice', turns: ['Can you help me with this thing?'], expect: {} },
  {
    name: 'a shared word is explained away by the better match',
    user: 'alice',
    turns: ['Tips for learning Spanish grammar'],
    expect: { relevant: ['a.spanish'], never: ['a.piano'] },
  },
  {
    name: 'near miss the other way round',
    user: 'alice',
    turns: ['How should I practise piano scales?'],
    expect: { relevant: ['a.piano'], never: ['a.spanish'] },
  },
  { name: 'green tea, not green paint', user: 'alice', turns: ['Which green tea should I order?'], expect: { relevant: ['a.tea'], never: ['h.paint'] } },
  { name: 'pet', user: 'alice', turns: ['My cat Miso keeps sneezing, what should I do?'], expect: { relevant: ['a.cat'] } },
  { name: 'weekly run', user: 'alice', turns: ['Plan my Sunday morning run'], expect: { relevant: ['a.run'] } },
  { name: 'sister', user: 'alice', turns: ['Gift ideas for my sister Clara'], expect: { relevant: ['a.sister'] } },
  { name: 'travel', user: 'alice', turns: ['What should I pack for Japan in October?'], expect: { relevant: ['a.japan'] } },
  { name: 'birthday', user: 'alice', turns: ['Birthday party ideas for March'], expect: { relevant: ['a.birthday'] } },
  { name: 'stemmed words match', user: 'alice', turns: ['Knitting pattern for a winter scarf'], expect: { relevant: ['a.knit'] } },
  { name: 'commute', user: 'alice', turns: ['Safest way to commute in the rain?'], expect: { relevant: ['a.bike'] } },
  { name: 'balcony garden', user: 'alice', turns: ['How often should I water the basil?'], expect: { relevant: ['a.garden'] } },

  // scope
  {
    name: 'scope: work python is the language',
    user: 'alice',
    scope: 'domain:work',
    turns: ['Python packaging tips'],
    expect: { relevant: ['w.python'], never: ['f.snake'] },
  },
  {
    name: 'scope: family python is the snake',
    user: 'alice',
    scope: 'domain:family',
    turns: ['Fun facts about the python for the school project'],
    expect: { relevant: ['f.snake'], may: ['f.relation', 'f.son'], never: ['w.python'] },
  },
  { name: 'no scope: a one-word domain match is not strong', user: 'alice', turns: ['Python packaging tips'], expect: { never: ['w.python', 'f.snake'] } },
  { name: 'no scope: a weak domain match stays out', user: 'alice', turns: ['How do I use pandas for this?'], expect: { never: ['w.pandas'] } },
  {
    name: 'scope: thesis deadline only',
    user: 'alice',
    scope: 'domain:thesis',
    turns: ['When is my deadline?'],
    expect: { persona: RECALLED, relevant: ['t.deadline'], never: ['h.deadline', 'b.deadline'] },
  },
  {
    name: 'scope: home deadline only',
    user: 'alice',
    scope: 'domain:home',
    turns: ['When is my deadline?'],
    expect: { persona: RECALLED, relevant: ['h.deadline'], never: ['t.deadline', 'b.deadline'] },
  },
  {
    name: 'no scope: a strong key match brings the domain belief',
    user: 'alice',
    turns: ['When is my thesis deadline?'],
    expect: { persona: RECALLED, relevant: ['t.deadline'], never: ['h.deadline'] },
  },
  {
    name: 'no scope: two rare words are a strong match',
    user: 'alice',
    turns: ["What's my renovation budget?"],
    expect: { persona: RECALLED, relevant: ['h.budget'] },
  },
  {
    name: 'no scope: a key’s namespace is not a strong match',
    user: 'alice',
    turns: ['Recommend a restaurant near my home'],
    expect: { never: ['h.budget', 'h.contractor', 'h.deadline'] },
  },
  { name: 'no scope: one domain word is not enough', user: 'alice', turns: ['Anything about my pipelines I should know?'], expect: { never: ['w.airflow'] } },
  {
    name: 'no scope: a pinned domain belief on a strong match',
    user: 'alice',
    turns: ['Which sage green paint did I pick for the walls?'],
    expect: { persona: RECALLED, pinned: ['h.paint'], never: ['a.tea'] },
  },
  {
    name: 'scope: decisions',
    user: 'alice',
    scope: 'domain:work',
    turns: ['What did the team decide about deployment?'],
    expect: { persona: RECALLED, relevant: ['w.k8s'] },
  },
  {
    name: 'scope universal excludes every domain',
    user: 'alice',
    scope: 'universal',
    turns: ['When is my thesis deadline?'],
    expect: { persona: RECALLED, never: ['t.deadline', 'h.deadline'] },
  },
  {
    name: 'two scopes in one header',
    user: 'alice',
    scope: 'domain:work, domain:thesis',
    turns: ['Python scripts before the thesis deadline'],
    expect: { relevant: ['w.python', 't.deadline'] },
  },
  {
    name: 'scope: renovation',
    user: 'alice',
    scope: 'domain:home',
    turns: ['Which handles go with the kitchen cabinets?'],
    expect: { relevant: ['h.kitchen'] },
  },
  {
    name: 'scope: thesis advisor',
    user: 'alice',
    scope: 'domain:thesis',
    turns: ['Who is my thesis advisor?'],
    expect: { persona: RECALLED, relevant: ['t.advisor'], may: ['t.topic', 't.relation', 't.fieldwork'] },
  },
  {
    name: 'PAT default scope applies without a header',
    user: 'alice',
    patScope: 'domain:home',
    turns: ['How much is the budget?'],
    expect: { relevant: ['h.budget'] },
  },
  {
    name: 'the header overrides the PAT default scope',
    user: 'alice',
    patScope: 'domain:home',
    scope: 'domain:thesis',
    turns: ['How much is the budget?'],
    expect: { never: ['h.budget'] },
  },

  // keys and aliases
  {
    name: 'alias: pg is PostgreSQL',
    user: 'alice',
    scope: 'domain:work',
    turns: ['pg connection pooling settings?'],
    expect: { relevant: ['w.pg'], may: ['w.relation', 'w.manager'] },
  },
  { name: 'alias: py is Python', user: 'alice', scope: 'domain:work', turns: ['py test layout'], expect: { relevant: ['w.python'] } },
  { name: 'alias: submission date', user: 'alice', scope: 'domain:thesis', turns: ['Remind me of the submission date'], expect: { relevant: ['t.deadline'] } },
  {
    name: 'key: manager',
    user: 'alice',
    scope: 'domain:work',
    turns: ['Who is my manager?'],
    expect: { persona: RECALLED, relevant: ['w.manager'], may: ['w.relation', 'w.pg'] },
  },
  {
    name: 'key and statement: database',
    user: 'alice',
    scope: 'domain:work',
    turns: ['Which database does my team rely on?'],
    expect: { persona: RECALLED, relevant: ['w.pg'], never: ['w.mysql', 'w.k8s'] },
  },

  // typos and the prefix guard
  {
    name: 'typo: postgrse',
    user: 'alice',
    scope: 'domain:work',
    turns: ['How do I tune postgrse for analytics?'],
    expect: { relevant: ['w.pg'], may: ['w.relation', 'w.manager'] },
  },
  { name: 'typo: transposed letters', user: 'alice', scope: 'domain:work', turns: ['Tips for my Airflwo DAGs'], expect: { relevant: ['w.airflow'] } },
  // "data" is also the data engineer's word: a fair match once the job is no longer in the persona.
  {
    name: 'typo: glaicer',
    user: 'alice',
    scope: 'domain:thesis',
    turns: ['Recent glaicer data sources'],
    expect: { relevant: ['t.topic', 't.fieldwork'], may: ['a.job'] },
  },
  {
    name: 'typo: contracter',
    user: 'alice',
    scope: 'domain:home',
    turns: ["What's my contracter's name?"],
    expect: { persona: [...RECALLED, 'a.name'], relevant: ['h.contractor'] },
  },
  {
    name: 'typo: Lindqvsit',
    user: 'alice',
    scope: 'domain:thesis',
    turns: ['Draft an email to Professor Lindqvsit'],
    expect: { relevant: ['t.advisor', 't.relation'], related: ['t.fieldwork'] },
  },
  {
    name: 'prefix guard: java is not javascript',
    user: 'alice',
    scope: 'domain:work',
    turns: ['Give me a java example'],
    expect: { never: ['w.javascript', 'b.java'] },
  },
  {
    name: 'javascript matches javascript',
    user: 'alice',
    scope: 'domain:work',
    turns: ['How do I debug javascript promises?'],
    expect: { relevant: ['w.javascript'] },
  },
  {
    name: 'prefix guard: a cut-off word is not a typo',
    user: 'alice',
    scope: 'domain:work',
    turns: ['Recommend a pytho book'],
    expect: { never: ['w.python'] },
  },
  {
    name: 'prefix guard: short words are never corrected',
    user: 'alice',
    scope: 'domain:work',
    turns: ['Best jave IDE?'],
    expect: { never: ['w.javascript'] },
  },
  { name: 'typo corrections use only the caller’s words', user: 'bob', turns: ['vegeterian protein sources'], expect: { never: ['a.veg'] } },

  {
    name: 'a long conversation stays bounded and on the latest topic',
    user: 'alice',
    scope: 'domain:work',
    turns: [...Array.from({ length: 14 }, (_, i) => Array.from({ length: 10 }, (_, j) => `word${i}x${j}`).join(' ')), 'Which database does my team rely on?'],
    expect: { persona: RECALLED, relevant: ['w.pg'] },
  },

  // supersession
  {
    name: 'supersession: only the latest home',
    user: 'alice',
    turns: ['Where do I live these days?'],
    expect: { persona: [...RECALLED, 'a.lisbon'], never: SUPERSEDED },
  },
  {
    name: 'supersession: a superseded database is never injected',
    user: 'alice',
    scope: 'domain:work',
    turns: ['Are we still on MySQL?'],
    expect: { persona: RECALLED, may: ['w.pg'], never: ['w.mysql'] },
  },

  // pinned, questions, relations
  { name: 'pinned beliefs of the scope', user: 'alice', scope: 'domain:work', turns: ['Help me write a design doc'], expect: {} },
  {
    name: 'pinned beliefs of another domain stay out',
    user: 'alice',
    scope: 'domain:thesis',
    turns: ['Help me write a design doc'],
    expect: { never: ['w.standup', 'h.paint'] },
  },
  {
    name: 'a pinned belief matched by the query stays pinned',
    user: 'alice',
    scope: 'domain:home',
    turns: ['Which green paint did I choose?'],
    expect: { persona: RECALLED, never: ['a.tea'] },
  },
  { name: 'open questions of the scope', user: 'alice', scope: 'domain:thesis', turns: ['Outline chapter three for me'], expect: {} },
  { name: 'questions are never chosen by text', user: 'alice', turns: ['Should we migrate from Airflow to Dagster?'], expect: { never: ['w.question'] } },
  {
    name: 'relation brings its participants',
    user: 'alice',
    scope: 'domain:work',
    turns: ["What's the status of the migration project?"],
    expect: { relevant: ['w.relation'], related: ['w.manager', 'w.pg'] },
  },
  {
    name: 'family relation brings its participants',
    user: 'alice',
    scope: 'domain:family',
    turns: ["When is Leo's school project due?"],
    expect: { persona: RECALLED, relevant: ['f.relation'], related: ['f.son', 'f.snake'] },
  },
  { name: 'son', user: 'alice', scope: 'domain:family', turns: ['Activities for my son Leo'], expect: { relevant: ['f.son'], may: ['f.relation', 'f.snake'] } },

  // isolation and cold start
  {
    name: 'isolation: bob gets his own pg',
    user: 'bob',
    scope: 'domain:work',
    turns: ['pg backup of the grades'],
    expect: { relevant: ['b.pg'], never: ['w.pg'] },
  },
  {
    name: 'isolation: bob gets his own java',
    user: 'bob',
    scope: 'domain:work',
    turns: ['Java lesson plan for tomorrow'],
    expect: { relevant: ['b.java'], never: ['w.javascript', 'w.python'] },
  },
  {
    name: 'isolation: alice never sees bob',
    user: 'alice',
    scope: 'domain:work',
    turns: ['chess guitar metformin grading deadline'],
    expect: { never: BOB_ALL },
  },
  { name: 'bob music', user: 'bob', turns: ['Which guitar strings suit folk music?'], expect: { relevant: ['b.guitar'] } },
  // category questions: a kind named in everyday words
  { name: 'category: where do I work', user: 'alice', turns: ['Where do I work?'], expect: { persona: RECALLED, relevant: ['a.job'] } },
  { name: 'category: what pets do I have', user: 'alice', turns: ['What pets do I have?'], expect: { persona: RECALLED, relevant: ['a.cat'] } },
  { name: 'category: a verb is not the noun', user: 'alice', scope: 'domain:work', turns: ['Explain how TCP slow start works.'], expect: {} },
  {
    name: 'persona answers who the user is',
    user: 'alice',
    turns: ["What's my name again?"],
    expect: { persona: [...RECALLED, 'a.name'], never: ALICE_TRIVIA },
  },
  { name: 'bob hobby', user: 'bob', turns: ['Which chess openings suit me?'], expect: { relevant: ['b.chess'] } },
  { name: 'cold start: nothing to inject', user: 'carol', turns: ['What should I cook tonight?'], expect: { only: [] } },

  // budget
  { name: 'budget 0 injects nothing', user: 'alice', scope: 'domain:work', budget: 0, turns: ['pg connection pooling settings?'], expect: { only: [] } },
  {
    name: 'budget 1: the persona beside the budget, then a pinned belief before the best match',
    user: 'alice',
    scope: 'domain:work',
    budget: 1,
    turns: ['pg connection pooling settings?'],
    expect: { only: [...ALICE_PERSONA, 'w.standup'] },
  },
  { name: 'budget 1 without a match is the persona alone', user: 'alice', budget: 1, turns: ['Hello there'], expect: { only: ALICE_PERSONA } },
  {
    name: 'budget 3: pinned, the best match, then the open question',
    user: 'alice',
    scope: 'domain:work',
    budget: 3,
    turns: ['Which database does my team rely on?'],
    expect: { only: [...RECALLED, 'w.standup', 'w.pg', 'w.question'] },
  },
];

/** Multi-turn sessions: every turn is one case, sent with all earlier turns of its session. */
const sessions: { name: string; user: User; scope?: string; turns: [string, Expect][] }[] = [
  {
    name: 'thesis, a detour, and back',
    user: 'alice',
    scope: 'domain:thesis',
    turns: [
      ['When is my thesis deadline?', { persona: RECALLED, relevant: ['t.deadline'] }],
      ['How many weeks is that from now?', { relevant: ['t.deadline'] }],
      ['Unrelated: what is a quick pasta recipe?', { never: ['t.deadline'] }],
      ['How should I practise piano?', { relevant: ['a.piano'], never: ['t.deadline'] }],
      ['And which tea goes with that?', { relevant: ['a.tea'], never: ['t.deadline'] }],
      ['Going back to what we said about the deadline, can I ask for an extension?', { relevant: ['t.deadline'], never: ['a.piano', 'a.tea'] }],
    ],
  },
  {
    name: 'pipelines, a gift, and back',
    user: 'alice',
    scope: 'domain:work',
    turns: [
      ['How do I speed up my pandas pipelines?', { relevant: ['w.pandas', 'w.airflow'] }],
      ['Which Airflow operators suit that?', { relevant: ['w.airflow'], may: ['w.pandas'] }],
      ['Anyway, what gift should I buy my sister Clara?', { relevant: ['a.sister'], never: ['w.pandas', 'w.airflow'] }],
      ['Back to Airflow: how do I retry failed tasks?', { relevant: ['w.airflow'], may: ['w.pandas'], never: ['a.sister'] }],
    ],
  },
  {
    name: 'chess, a follow-up, then dinner',
    user: 'bob',
    turns: [
      ['I want to get better at chess', { relevant: ['b.chess'] }],
      ['Which openings suit that?', { relevant: ['b.chess'] }],
      ['Tell me more', { relevant: ['b.chess'] }],
      ['What should I cook for dinner?', { relevant: ['b.cook'], never: ['b.chess'] }],
    ],
  },
];

export const CASES: Case[] = [
  ...single,
  ...sessions.flatMap((s) =>
    s.turns.map(
      ([, expect], i): Case => ({
        name: `${s.name} (turn ${i + 1})`,
        user: s.user,
        scope: s.scope,
        turns: s.turns.slice(0, i + 1).map(([text]) => text),
        expect,
      }),
    ),
  ),
];
