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
