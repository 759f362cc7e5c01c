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

/** Crafts that read better by their verb than by "does …ing" ("The user quilts with their neighbours"). */
const SAYS_ITSELF = new Set(['quilt', 'sew', 'embroider']);

/** How the user's pastime is said by its activity, from its verb: "climb" → "goes climbing", "golf" → "plays golf". */
export function doesPastime(verb: string): string | undefined {
  const activity = PASTIMES.get(verb);
  if (!activity || SAYS_ITSELF.has(verb)) return undefined;
  return `${GONE_TO.has(verb) ? 'goes' : verb === 'golf' ? 'plays' : 'does'} ${activity}`;
}
