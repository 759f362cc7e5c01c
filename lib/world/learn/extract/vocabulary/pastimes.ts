/**
 * Verbs that are pastimes when the user does them without an object ("I swim in the sea every
 * morning", "I knit like it's my job"): each with the activity it names, the key of the hobby.
 */
export const PASTIMES: ReadonlyMap<string, string> = new Map([
  ['swim', 'swimming'],
  ['run', 'running'],
  ['jog', 'jogging'],
  ['knit', 'knitting'],
  ['crochet', 'crochet'],
  ['quilt', 'quilting'],
  ['sew', 'sewing'],
  ['embroider', 'embroidery'],
  ['climb', 'climbing'],
  ['boulder', 'bouldering'],
  ['surf', 'surfing'],
  ['ski', 'skiing'],
  ['snowboard', 'snowboarding'],
  ['skate', 'skating'],
  ['hike', 'hiking'],
  ['cycle', 'cycling'],
  ['bike', 'cycling'],
  ['skateboard', 'skateboarding'],
  ['paint', 'painting'],
  ['sketch', 'sketching'],
  ['bake', 'baking'],
  ['garden', 'gardening'],
  ['dance', 'dancing'],
  ['sing', 'singing'],
  ['row', 'rowing'],
  ['sail', 'sailing'],
  ['kayak', 'kayaking'],
  ['fish', 'fishing'],
  ['golf', 'golf'],
  ['bowl', 'bowling'],
  ['camp', 'camping'],
  ['box', 'boxing'],
  ['fence', 'fencing'],
  ['meditate', 'meditation'],
  ['journal', 'journaling'],
]);

/**
 * Pastime verbs whose object is what the pastime makes or covers, so the object keeps them a
 * pastime: "I crochet blankets for the church sale", "I swim laps", "I paint landscapes".
 * ("I run a bakery", "I fish for compliments": the other verbs need no object, or one of UNITS.)
 */
export const MAKES: ReadonlySet<string> = new Set([
  'knit',
  'crochet',
  'quilt',
  'sew',
  'embroider',
  'paint',
  'sketch',
  'bake',
  'swim',
  'hike',
  'climb',
  'boulder',
  'surf',
  'ski',
  'kayak',
  'sail',
]);

/** What a sport is counted in: "I run marathons", "I cycle a hundred miles a week" are pastimes whatever the verb. */
export const UNITS: ReadonlySet<string> = new Set([
  'lap',
  'laps',
  'length',
  'lengths',
  'marathon',
  'marathons',
  'ultra',
  'ultras',
  'race',
  'races',
  'trail',
  'trails',
  'route',
  'routes',
  'mile',
  'miles',
  'kilometre',
  'kilometres',
  'kilometer',
  'kilometers',
  'km',
  'k',
  '5k',
  '10k',
  '5ks',
  '10ks',
  'parkrun',
  'parkruns',
  'wave',
  'waves',
  'slope',
  'slopes',
]);

/** What says a pastime's verb is the user's work, not their pastime: "I paint houses for a living". */
export const FOR_WORK = ['for a living', 'professionally', 'for work', 'for money', 'for pay', 'for clients', 'for customers', 'as a job'] as const;

/** The pastimes a person "goes" to do ("goes climbing"); the others they "do" (golf they "play"). */
const GONE_TO = new Set([
  'swim',
  'run',
  'jog',
  'climb',
  'boulder',
  'surf',
  'ski',
  'snowboard',
  'skate',
  'hike',
  'cycle',
  'bike',
  'skateboard',
  'bowl',
  'camp',
  'dance',
  'row',
  'sail',
  'kayak',
  'fish',
]);

/** A pastime the user goes to, from its verb: "skate" → "skating"; none for the others. */
export const goneTo = (verb: string): string | undefined => (GONE_TO.has(verb) ? PASTIMES.get(verb) : undefined);

/** Crafts that read better by their verb than by "does …ing" ("The user quilts with their neighbours"). */
const SAYS_ITSELF = new Set(['quilt', 'sew', 'embroider']);

/** How the user's pastime is said by its activity, from its verb: "climb" → "goes climbing", "golf" → "plays golf". */
export function doesPastime(verb: string): string | undefined {
  const activity = PASTIMES.get(verb);
  if (!activity || SAYS_ITSELF.has(verb)) return undefined;
  return `${GONE_TO.has(verb) ? 'goes' : verb === 'golf' ? 'plays' : 'does'} ${activity}`;
}

/**
 * What a pastime is done with or at, each with the words a belief names the pastime by: selling
 * the kayak, cancelling the bouldering gym's membership or binning the yoga mat ends the pastime.
 * A word may be several words; matched by stem, so plurals need no entry.
 */
const GEAR: [readonly string[], readonly string[]][] = [
  [['kayak'], ['kayaking', 'kayak']],
  [['canoe'], ['canoeing', 'canoe']],
  [
    ['surfboard', 'shortboard', 'longboard', 'wetsuit'],
    ['surfing', 'surf'],
  ],
  [
    ['paddleboard', 'sup board'],
    ['paddleboarding', 'paddleboard'],
  ],
  [
    ['hive', 'beehive', 'bee suit'],
    ['bees', 'beekeeping', 'beekeeper'],
  ],
  [
    ['pottery wheel', 'kiln', 'potter wheel'],
    ['pottery', 'ceramics'],
  ],
  [['fishing rod', 'rod', 'tackle', 'reel'], ['fishing']],
  [
    ['ski', 'ski pass'],
    ['skiing', 'ski'],
  ],
  [['snowboard'], ['snowboarding', 'snowboard']],
  [
    ['road bike', 'mountain bike', 'racing bike', 'bike', 'bicycle'],
    ['cycling', 'biking', 'cycle'],
  ],
  [
    ['skateboard', 'deck'],
    ['skateboarding', 'skateboard'],
  ],
  [
    ['sailboat', 'dinghy', 'yacht'],
    ['sailing', 'sail'],
  ],
  [['camera', 'lens', 'lenses'], ['photography']],
  [
    ['lathe', 'workbench', 'bandsaw'],
    ['woodworking', 'woodturning'],
  ],
  [['yoga mat'], ['yoga']],
  [['easel', 'canvases', 'paints'], ['painting']],
  [['sewing machine'], ['sewing']],
  [
    ['knitting needles', 'yarn', 'yarn stash', 'crochet hooks', 'hooks'],
    ['knitting', 'crochet'],
  ],
  [['loom'], ['weaving']],
  [['telescope'], ['astronomy', 'stargazing']],
  [
    ['dive gear', 'diving gear', 'scuba gear', 'regulator'],
    ['diving', 'scuba'],
  ],
  [
    ['climbing shoes', 'chalk bag', 'harness', 'crash pad'],
    ['climbing', 'bouldering'],
  ],
  [
    ['aquarium', 'fish tank'],
    ['aquarium', 'fishkeeping'],
  ],
  [
    ['allotment plot', 'greenhouse'],
    ['gardening', 'allotment'],
  ],
  [
    ['racket', 'racquet'],
    ['tennis', 'squash', 'badminton', 'padel'],
  ],
  [['shuttle', 'shuttlecock'], ['badminton']],
  [
    ['skates', 'ice skates'],
    ['skating', 'hockey'],
  ],
  [
    ['oar', 'scull'],
    ['rowing', 'row', 'rows'],
  ],
  [
    ['hurley', 'sliotar'],
    ['hurling', 'camogie'],
  ],
  [['golf clubs', 'golf bag'], ['golf']],
  [['dartboard', 'oche'], ['darts']],
];

/** Where a pastime is done: "the bouldering gym", "my squash club membership" name the pastime before them. */
const PLACES =
  /\s+(?:gym|club|wall|centre|center|pool|studio|court|courts|rink|dojo|range|course|lane|lanes|class|classes|league|team|group|pass|membership|subscription|sessions?)$/;
/** What is kept for any pastime: "my curling broom", "the cricket kit bag", "my allotment keys" name the pastime before them. */
const KEPT_FOR_IT =
  /\s+(?:kit|bag|gear|stuff|equipment|shoes|boots|cleats|skates|broom|stick|bat|racket|racquet|clubs|shirt|jersey|uniform|bib|keys?|locker|plot|folder|spot|place|seat)$/;
/** Whose or which the thing is: "the", "my old", "both". */
const OWNED_BY = /^(?:(?:the|my|our|both|all|all my|all our|old) )+/;

/** Pastimes that are one another's: who quits bouldering quits climbing. */
const SAME_PASTIME: readonly (readonly string[])[] = [
  ['climbing', 'bouldering'],
  ['running', 'jogging'],
  ['cycling', 'biking'],
  ['football', 'soccer', 'five-a-side'],
  ['diving', 'scuba'],
];

/** Sports and games a place may be for ("the squash club", "my padel league"), besides the pastimes above. */
export const SPORTS = [
  'five-a-side',
  '5-a-side',
  'tennis',
  'squash',
  'padel',
  'badminton',
  'golf',
  'yoga',
  'pilates',
  'chess',
  'football',
  'rugby',
  'hockey',
  'netball',
  'volleyball',
  'basketball',
  'cricket',
  'karate',
  'judo',
  'taekwondo',
  'jiu-jitsu',
  'kickboxing',
  'crossfit',
  'spin',
  'zumba',
  'darts',
  'archery',
  'polo',
  'handball',
  'lacrosse',
  'baseball',
  'softball',
  'floorball',
  'bandy',
  'bowls',
  'parkrun',
  'curling',
  'hurling',
  'camogie',
  'korfball',
  'rounders',
  'bridge',
];
/** Of SPORTS, the ones that are done rather than played ("does parkrun", "plays floorball"). */
const DONE = new Set(['yoga', 'pilates', 'karate', 'judo', 'taekwondo', 'jiu-jitsu', 'kickboxing', 'crossfit', 'spin', 'zumba', 'archery', 'parkrun']);
const NAMED_PASTIMES: ReadonlySet<string> = new Set([...PASTIMES.values(), ...GEAR.flatMap(([, p]) => p), ...SAME_PASTIME.flat(), ...SPORTS]);

/** How the user takes part in the pastime a noun names ("plays floorball", "does parkrun"), or undefined when it names none. */
export function pastimeNamed(noun: string): 'play' | 'do' | undefined {
  const head =
    noun
      .toLowerCase()
      .split(/[\s-]+/)
      .at(-1) ?? '';
  if (SPORTS.includes(head) && !DONE.has(head)) return 'play';
  return NAMED_PASTIMES.has(noun.toLowerCase()) || NAMED_PASTIMES.has(head) ? 'do' : undefined;
}

const stemOf = (words: string, stem: (w: string) => string) => words.toLowerCase().split(/\s+/).map(stem).join(' ');

/**
 * The words a belief names the pastime `thing` stands for by, when it is gear or a place of a
 * pastime ("both kayaks" → kayaking, "climbing wall membership" → climbing, bouldering), or none.
 */
export function pastimesOf(thing: string, stem: (w: string) => string): string[] {
  const whole = thing.toLowerCase().trim().replace(OWNED_BY, '');
  let said = whole;
  for (let held = PLACES.exec(said) ?? KEPT_FOR_IT.exec(said); held; held = PLACES.exec(said) ?? KEPT_FOR_IT.exec(said)) said = said.slice(0, held.index);
  // "bouldering gym", "curling broom": what the place or the kit is for, when it is a pastime; "running" is also jogging.
  const named = NAMED_PASTIMES.has(said) || (said !== whole && /^[a-z]{3,}ing$/.test(said));
  const stems = stemOf(said, stem);
  const found = named ? [said] : GEAR.filter(([gear]) => gear.some((g) => ` ${stems} `.includes(` ${stemOf(g, stem)} `))).flatMap(([, pastime]) => pastime);
  return [...new Set(found.flatMap((p) => SAME_PASTIME.find((same) => same.includes(p)) ?? [p]))];
}
