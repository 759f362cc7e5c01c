import { VEHICLES } from './learn/extract/vocabulary/holdings.ts';
import { BOSS_WORDS, TEAM_UNITS } from './learn/extract/vocabulary/work.ts';
import { slug } from './text.ts';

/**
 * The catalogue of kinds of facts: one row per kind. Slots (the contradiction guard), the persona's
 * choice, retraction, recall's category words and the extraction model's key list all read this
 * table; adding a kind is one row.
 *
 * - `key`: a one-value kind's key, or the prefix of a several-value kind's keys (`user.pet` →
 *   `user.pet.pip`, one belief per value).
 * - `one_value`: the user has one of it at a time; a new value supersedes the old.
 * - `persona`: an identity kind that may open every request (at most `injection.persona_max`).
 * - `synonyms`: other key tails naming the same subject (`user.city` is `user.location`).
 * - `words`: the everyday words a question names the kind by ("where do I work", "my pets").
 * - `dated`: `state` holds until changed; `event` happened (or will) at a time.
 * - `things`: categories of named things (learn/extract/vocabulary/categories.ts) whose members
 *   are values of the kind (an editor or a database is a tool); they are words of the kind too.
 * - `takes`: verbs whose -ing object is a value of the kind ("started bouldering" is a hobby).
 * - `left_by`: the ways someone of a kind of person or animal stops being it (a manager leaves the
 *   job, a partner the couple or their life, a pet its life or its home): a departure said in one of these ways
 *   ends the user's beliefs of the kind about whoever left (learn/extract/departures.ts).
 * - `said_by`: verbs that state the kind's value by a name after one of `before` ("we're renting
 *   in Quito" is the home, "I drive for Uber" the employer), besides the kind's own phrasings;
 *   `as` says it in the kind's words, `{where}` from the first of `before` to the name ("The user
 *   lives in a flat in Quito"), else it reads as said; `not_a_place`: the name is never a place's
 *   ("I drive for Lagos" names no employer).
 * - `ends_with`: the kind whose value this one belongs to: when the user's value of that kind ends, so
 *   does this one, unless the same turn says its new value (a manager and a team are the employer's:
 *   "I left McAllister's" ends the manager there too).
 *
 * What a question needs a kind for without naming it is the table of needs (NEEDS) below.
 */
export interface Kind {
  kind: string;
  key: string;
  one_value: boolean;
  persona: boolean;
  synonyms?: readonly string[];
  words: readonly string[];
  dated: 'state' | 'event';
  things?: readonly string[];
  takes?: readonly string[];
  said_by?: { verbs: readonly string[]; before: readonly string[]; as?: string; not_a_place?: boolean };
  left_by?: readonly Way[];
  ends_with?: string;
}

/** How someone leaves a part in the user's life (vocabulary/leaving.ts says each in words). */
export type Way = 'work' | 'couple' | 'life' | 'rehomed';

const one = <K extends string>(
  kind: K,
  key: string,
  persona: boolean,
  words: string[],
  synonyms?: string[],
  said_by?: Kind['said_by'],
): Kind & { kind: K } => ({
  kind,
  key,
  one_value: true,
  persona,
  words,
  dated: 'state',
  ...(synonyms && { synonyms }),
  ...(said_by && { said_by }),
});
const several = <K extends string>(
  kind: K,
  key: string,
  words: string[],
  dated: Kind['dated'] = 'state',
  persona = false,
  values: Pick<Kind, 'things' | 'takes'> = {},
): Kind & { kind: K } => ({
  kind,
  key,
  one_value: false,
  persona,
  words: [...new Set([...words, ...(values.things ?? [])])],
  dated,
  ...values,
});

export const KINDS = [
  one('name', 'user.name', true, ['name', 'called'], ['full_name', 'first_name', 'preferred_name']),
  one('age', 'user.age', false, ['age', 'old', 'birthday', 'how old am i']),
  one(
    'home',
    'user.location',
    true,
    [
      'live',
      'home',
      'city',
      'town',
      'based',
      'address',
      'suburb',
      'neighbourhood',
      'neighborhood',
      'time zone',
      'timezone',
      'where i am',
      'at mine',
      'from mine',
      'at ours',
      'round ours',
      'round mine',
    ],
    ['city', 'home', 'home_city', 'current_city', 'residence', 'address.city', 'lives_in', 'location.city'],
    { verbs: ['live', 'reside', 'rent', 'settle', 'station', 'base', 'stay'], before: ['in', 'on', 'near', 'outside'], as: 'The user lives {where}' },
  ),
  one('origin', 'user.origin', false, ['from', 'hometown', 'grew up', 'origin']),
  one('employer', 'user.employer', true, ['work', 'company', 'employer', 'job'], ['company', 'workplace', 'work', 'job.employer', 'current_employer'], {
    verbs: ['drive', 'deliver', 'ride', 'courier', 'cook', 'clean', 'write', 'code', 'freelance', 'contract', 'consult', 'nurse', 'teach'],
    before: ['for'],
    not_a_place: true,
  }),
  one(
    'role',
    'user.occupation',
    true,
    ['job', 'role', 'title', 'occupation', 'profession', 'do for a living', 'work', 'work situation', 'designation', 'position', 'band', 'grade', 'what i do'],
    ['job', 'job_title', 'profession', 'role', 'title', 'job.title'],
  ),
  // "My desk" is furniture more often than a team.
  { ...one('team', 'user.team', false, [...TEAM_UNITS.filter((w) => w !== 'desk'), 'crew', 'section']), ends_with: 'employer' },
  one('study', 'user.study', false, ['study', 'studies', 'course', 'degree', 'major', 'student', 'uni', 'university']),
  one('school', 'user.school', false, ['university', 'uni', 'college', 'school']),
  {
    ...one(
      'manager',
      'user.manager',
      false,
      [...BOSS_WORDS, 'report to'],
      [...new Set([...BOSS_WORDS.map(slug).filter((w) => w !== 'manager'), 'reports_to'])],
    ),
    left_by: ['work', 'life'],
    ends_with: 'employer',
  },
  {
    ...one(
      'partner',
      'user.partner',
      false,
      [
        'partner',
        'wife',
        'husband',
        'girlfriend',
        'boyfriend',
        'bf',
        'gf',
        'hubby',
        'missus',
        'spouse',
        'companion',
        'married',
        'fiancé',
        'fiancée',
        'fiance',
        'fiancee',
        'dating',
        'fella',
        "who i'm seeing",
        "girl i'm seeing",
        "guy i'm seeing",
        "person i'm seeing",
        'who im seeing',
        'who i am seeing',
      ],
      ['spouse', 'wife', 'husband', 'girlfriend', 'boyfriend', 'fiance', 'fiancee', 'family.partner', 'family.spouse', 'family.wife', 'family.husband'],
    ),
    left_by: ['couple', 'life'],
  },
  one('diet', 'user.diet', true, ['diet', 'dietary', 'eat', 'food', 'vegetarian', 'vegan'], ['dietary_preference', 'diet.type', 'eating_habits']),
  several('child', 'user.child', ['kids', 'children', 'son', 'daughter', 'child', 'toddler', 'little one', 'little ones']),
  several('relative', 'user.family', [
    'family',
    'parents',
    'mother',
    'father',
    'mum',
    'mom',
    'mam',
    'dad',
    'sister',
    'brother',
    'siblings',
    'next of kin',
    'nan',
    'gran',
    'granny',
    'grandma',
    'grandad',
    'folks',
  ]),
  { ...several('pet', 'user.pet', ['pet', 'pets', 'dog', 'cat', 'animal', 'fur baby', 'fur babies', 'menagerie', 'critters']), left_by: ['life', 'rehomed'] },
  several('allergy', 'user.allergy', ['allergic', 'allergy', 'allergies', "can't eat", 'eat', 'dietary'], 'state', true),
  several('intolerance', 'user.intolerance', ['intolerant', 'intolerance', 'sensitivity', "can't eat", 'eat', 'dietary'], 'state', true),
  several('condition', 'user.condition', ['health', 'condition', 'medical'], 'state', true),
  several('medication', 'user.medication', ['medication', 'medications', 'meds', 'medicine', 'prescription', 'tablets', 'pills'], 'state', true),
  several('language', 'user.language', ['language', 'languages', 'speak'], 'state', true),
  several('learning', 'user.learning', ['learning', 'studying']),
  several('skill', 'user.skill', ['skill', 'skills', 'good at', 'strengths', 'strongest at', 'expertise', 'known for']),
  several('tool', 'user.tool', ['tool', 'tools', 'stack', 'use', 'library', 'libraries', 'lib', 'libs', 'package'], 'state', false, {
    things: [
      'editor',
      'dataframe',
      'notebook',
      'ml',
      'spreadsheet',
      'os',
      'phone',
      'browser',
      'notes',
      'tasks',
      'design',
      'chat',
      'framework',
      'database',
      'ci',
      'cloud',
      'orchestration',
      'pipeline',
      'accounting',
      'console',
      'warehouse',
      'infra',
      'monitoring',
    ],
  }),
  several('programming_language', 'user.programming_language', ['programming', 'code', 'language'], 'state', false, { things: ['language'] }),
  several(
    'hobby',
    'user.hobby',
    [
      'hobby',
      'hobbies',
      'pastime',
      'pastimes',
      'passion',
      'passions',
      'interests',
      'free time',
      'for fun',
      'get up to',
      'outside work',
      'outside of work',
      'sport',
      'sports',
    ],
    'state',
    false,
    {
      takes: ['start', 'begin', 'take up', 'pick up', 'get into', 'go', 'practise', 'practice'],
    },
  ),
  several('drink', 'user.drink', ['drink', 'drinks', 'tipple', 'usual order', 'coffee order', 'cafe order', 'café order'], 'state', false, {
    things: ['drink'],
  }),
  // "The user drives a Toyota Corolla", "picked up a Kia Niro": what the user drives; "what car do I have", "tyre pressure for my car".
  {
    ...several('vehicle', 'user.vehicle', [...VEHICLES, 'jeep', 'motor', 'vehicle', 'wheels'], 'state', false, {
      things: ['car', 'truck'],
    }),
    synonyms: ['car', 'van', 'motorbike'],
  },
  // Playing an instrument is a pastime: "what are my hobbies" names it too (the hobby kind, first in this table, keeps the word when learning).
  several('instrument', 'user.instrument', ['instrument', 'play', 'music', 'hobby', 'hobbies']),
  // "The user watches Severance", "TV: Gunsmoke reruns": the shows the user follows; "what should I watch tonight".
  several('show', 'user.watch', [
    'show',
    'shows',
    'tv',
    'telly',
    'series',
    'box set',
    'watch',
    'watching',
    'programme',
    'programmes',
    'k-drama',
    'kdrama',
    'soap',
  ]),
  several('likes', 'user.likes', ['like', 'likes', 'love', 'enjoy']),
  several('favorite', 'user.favorite', ['favorite', 'favourite', 'fave', 'fav']),
  several('preference', 'user.preference', ['prefer', 'preference']),
  several('project', 'user.project', ['project', 'projects', 'working on', 'account', 'client', 'side project', 'side hustle', "i'm building"]),
  several('goal', 'user.goal', [
    'goal',
    'goals',
    'race',
    'training',
    'aiming for',
    'target',
    'working towards',
    'saving towards',
    'ambitions',
    'aspirations',
    'next step',
    'want to end up',
    'trying to get to',
    'looking for next',
  ]),
  several('plan', 'user.plan', ['plan', 'plans', 'trip', 'holiday', 'vacation', 'upcoming', 'next', 'race', 'exam', 'deadline'], 'event'),
  several('event', 'user.event', ['event', 'race', 'exam', 'deadline', 'trip', 'big day', 'appointment', 'wedding', 'funeral', 'graduation'], 'event'),
  several('decision', 'user.decision', ['decided', 'decision', 'chose'], 'event'),
  {
    kind: 'answer_style',
    key: 'user.communication',
    one_value: false,
    persona: true,
    synonyms: ['style', 'answers', 'responses', 'tone', 'communication_style', 'answer_style'],
    words: [],
    dated: 'state',
  },
] as const satisfies readonly Kind[];

/** A kind's name, as the catalogue spells it (`home`, `employer`…). */
export type KindName = (typeof KINDS)[number]['kind'];

/**
 * What a question asks for when it needs a kind without naming it: a snack or a dinner needs the
 * user's diet and allergies, packing needs their plans, "near me" their home. One row per need.
 *
 * - `kinds`: the kinds whose beliefs the need brings (their beliefs only, found by key).
 * - `words`: the everyday activities and objects a question mentions when it has the need.
 * - `head`: a word looked up beside the question's own, for the beliefs of the need kept under no
 *   catalogue key ("The user loves Thai food" for a dinner).
 */
export interface Need {
  kinds: readonly KindName[];
  words: readonly string[];
  head?: string;
}

export const NEEDS: readonly Need[] = [
  {
    kinds: ['employer', 'role'],
    head: 'job',
    words: [
      'bio',
      'cv',
      'resume',
      'linkedin',
      'headline',
      'email signature',
      'cover letter',
      'about me',
      'blurb',
      'portfolio',
      'intro',
      'introduce',
      'introduction',
      'elevator pitch',
      'interview',
      'colleague',
      'colleagues',
      'coworkers',
      'shift',
      'overtime',
      'payslip',
      'salary',
      'office',
    ],
  },
  {
    kinds: ['manager'],
    head: 'manager',
    words: [
      'timesheet',
      'overtime',
      'expenses',
      'expense claim',
      'approve',
      'approval',
      'sign off',
      'signs off',
      'sign it off',
      'sign this off',
      'permission',
      'escalate',
      'escalation',
      'reviewer',
      'appraisal',
      'performance review',
      'time off',
      'day off',
      'days off',
      'annual leave',
      'sick leave',
      'call in sick',
      'leave request',
      'holiday request',
      'vacation request',
      'vacation days',
      'vacation day',
      'pto',
      'pay rise',
      'promotion',
      'one to one',
      ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'the afternoon', 'the morning'].map((day) => `${day} off`),
      'one on one',
      '1 1',
      'leave application',
      'book leave',
      'holiday dates',
      'report to',
      'my report',
      'weekly report',
      'monthly report',
      'status report',
    ],
  },
  {
    kinds: ['diet', 'allergy', 'intolerance'],
    head: 'food',
    words: [
      'meal',
      'snack',
      'lunch',
      'packed lunch',
      'dinner',
      'dinner party',
      'breakfast',
      'brunch',
      'supper',
      'recipe',
      'cookbook',
      'ingredients',
      'meal prep',
      'cook',
      'cooking',
      'bake',
      'baking',
      'bakery',
      'pastry',
      'cake',
      'dessert',
      'sandwich',
      'salad',
      'soup',
      'pizza',
      'curry',
      'burger',
      'roast',
      'barbecue',
      'bbq',
      'buffet',
      'canteen',
      'cafeteria',
      'restaurant',
      'bistro',
      'diner',
      'takeaway',
      'takeout',
      'eat out',
      'hungry',
      'picnic',
      'potluck',
      'dish',
      'groceries',
      'grocery',
      'shopping list',
      'catering',
    ],
  },
  {
    kinds: ['drink'],
    head: 'drink',
    words: [
      'drink',
      'thirsty',
      'cuppa',
      'kettle',
      'brew',
      'coffee',
      'tea',
      'latte',
      'espresso',
      'smoothie',
      'juice',
      'cafe',
      'café',
      'coffee shop',
      'pub',
      'brewery',
      'at the bar',
      'to the bar',
      'wine bar',
      'happy hour',
      'pint',
      'beer',
      'ale',
      'lager',
      'cider',
      'wine',
      'cocktail',
      'whisky',
      'dram',
      'nightcap',
      'pour myself',
      'pour for myself',
      'make a drink',
      'mocktail',
    ],
  },
  {
    kinds: ['plan', 'event'],
    head: 'trip',
    words: [
      'travel',
      'travelling',
      'traveling',
      'journey',
      'itinerary',
      'abroad',
      'road trip',
      'pack',
      'packing',
      'suitcase',
      'luggage',
      'carry on',
      'flight',
      'flights',
      'flying',
      'airport',
      'boarding pass',
      'hotel',
      'hostel',
      'airbnb',
      'visa',
      'passport',
      'travel insurance',
      'currency',
      'sightseeing',
      'jet lag',
    ],
  },
  {
    kinds: ['home'],
    words: [
      'commute',
      'near me',
      'nearby',
      'near here',
      'in my area',
      'around here',
      'round here',
      'walking distance',
      'leave home',
      'leave the house',
      'get home',
      'neighbourhood',
      'neighborhood',
      'weather',
      'rain',
    ],
  },
  {
    kinds: ['partner', 'child', 'pet'],
    words: [
      'live with',
      'lives with',
      'household',
      'whole family',
      'everyone at home',
      "who's at home",
      'who is at home',
      'all of us',
      'night in',
      'needs fed',
      'needs feeding',
    ],
  },
  { kinds: ['partner'], words: ['other half', 'significant other', 'date night', 'anniversary', 'valentine', "valentine's", 'romantic', 'engagement'] },
  { kinds: ['child'], words: ['school run', 'half term', 'school holidays', 'parents evening', 'babysitter', 'childcare', 'bedtime', 'playdate'] },
  { kinds: ['pet'], words: ['vet', 'pet sitter', 'dog walker', 'kennel', 'cattery', 'kibble', 'walkies', 'feeding'] },
  { kinds: ['project', 'tool'], head: 'project', words: ['standup', 'stand up', 'status update', 'sprint', 'deliverables', 'at work'] },
  { kinds: ['employer'], words: ['commute', 'commuting'] },
  { kinds: ['programming_language', 'tool'], head: 'programming', words: ['snippet', 'script', 'one-liner', 'regex', 'csv', 'dataframe'] },
  {
    kinds: ['tool', 'programming_language'],
    head: 'tool',
    words: ['plugin', 'plugins', 'extension', 'extensions', 'certification', 'certifications', 'upskill', 'upskilling', 'keybindings'],
  },
  {
    kinds: ['hobby', 'instrument'],
    head: 'hobby',
    words: [
      'free saturday',
      'free sunday',
      'free weekend',
      'free day',
      'free evening',
      'day off',
      'outside work',
      'spare time',
      'keep busy',
      'spending my days',
      'spend my days',
      'do with myself',
      'stuff i am into',
      "stuff i'm into",
      'things i am into',
      "things i'm into",
    ],
  },
  { kinds: ['partner', 'plan'], words: ['wedding invite', 'wedding invites', 'wedding invitation', 'save the date', 'engagement party'] },
  {
    kinds: ['condition', 'medication'],
    head: 'health',
    words: [
      'medication',
      'medications',
      'meds',
      'prescription',
      'pharmacy',
      'symptoms',
      'flare up',
      'flare-up',
      'side effects',
      'interact',
      'recovery',
      'operation',
      'post-op',
    ],
  },
  {
    kinds: ['child'],
    words: ['lunchbox', 'lunch box', 'packed lunch', 'packed lunches', 'homework', 'day out', 'kids party', 'nursery', 'daycare', 'screen time'],
  },
  { kinds: ['favorite', 'likes'], head: 'music', words: ['playlist', 'vinyl', 'record to', 'album', 'songs', 'gig', 'concert'] },
  { kinds: ['favorite', 'likes'], head: 'film', words: ['movie night', 'film night', 'a film', 'a movie'] },
  // "Who am I cheering for on Saturday?": the team the user is a fan of.
  {
    kinds: ['favorite', 'likes'],
    head: 'fan',
    words: ['cheering for', 'cheer on', 'rooting for', 'root for', 'match day', 'game day', 'kick-off', 'kickoff', 'season ticket'],
  },
  { kinds: ['plan', 'event', 'goal'], head: 'race', words: ['taper', 'race day', 'training plan', 'study plan', 'revision', 'revise', 'exam prep'] },
];

/** The row of a kind named in code: a misspelt name does not compile. */
export function kindNamed(name: KindName): Kind {
  return KINDS.find((k) => k.kind === name)!;
}

/** The kind a key belongs to, by its own key, a synonym, or a several-value kind's prefix. */
export function kindOfKey(key: string): Kind | undefined {
  return KIND_OF_KEY.get(key) ?? KINDS.find((k) => !k.one_value && key.startsWith(`${k.key}.`));
}

const KIND_OF_KEY = new Map<string, Kind>(KINDS.flatMap((k) => sameSubjectKeys(k).map((key) => [key, k] as const)));

/** Every key that names the same subject as a one-value kind's key (itself first). */
export function sameSubjectKeys(kind: Kind): string[] {
  return [kind.key, ...(kind.synonyms ?? []).map((s) => `user.${s}`)];
}
