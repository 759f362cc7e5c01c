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
  ['climb', 'climbing'],
  ['boulder', 'bouldering'],
  ['surf', 'surfing'],
  ['ski', 'skiing'],
  ['snowboard', 'snowboarding'],
  ['skate', 'skating'],
  ['hike', 'hiking'],
  ['cycle', 'cycling'],
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
  ['box', 'boxing'],
  ['fence', 'fencing'],
  ['meditate', 'meditation'],
  ['journal', 'journaling'],
]);

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
  'dance',
  'row',
  'sail',
  'kayak',
  'fish',
]);

/** How the user's pastime is said by its activity, from its verb: "climb" → "goes climbing", "golf" → "plays golf". */
export function doesPastime(verb: string): string | undefined {
  const activity = PASTIMES.get(verb);
  if (!activity) return undefined;
  return `${GONE_TO.has(verb) ? 'goes' : verb === 'golf' ? 'plays' : 'does'} ${activity}`;
}
