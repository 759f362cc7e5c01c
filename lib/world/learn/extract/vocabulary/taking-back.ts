/**
 * How people take back what they just wrote, as regex fragments over the turn's words (taken-back.ts
 * reads them). `DROPS` take back the clause before them ("scratch that", "jk"); `CORRECTS` take it
 * back too, and a bare value after them replaces the old one ("sorry, typo, I meant Leicester");
 * `IF_VALUE` correct only when a bare value follows ("err, Korean", "— no, Windows"): before a whole
 * sentence they are fillers ("hmm no, I don't need a recipe").
 */
export const DROPS = [
  '(?:scratch|scrap|strike|disregard|ignore|forget) (?:that|this|the (?:bit|part) about [^,.;!?—–()]+|what i (?:just )?(?:said|wrote|typed))',
  'just kidding|jk|not really(?= lol| haha|[,.!])',
  "wait,? i'?m (?:thinking of|confusing|mixing)|i'?m confusing (?:myself|things)|i keep mixing (?:them|it|those) up",
  "that'?s (?:not (?:quite )?right|wrong)|thats (?:not (?:quite )?right|wrong)",
  'sorry,? (?:that|it) was (?:autocorrect|a typo)',
];

export const CORRECTS = [
  '(?:wait|hang on|hold on|oh wait)[,.!… ]+(?:no|nope|sorry)',
  '(?:no|nope)[,.!… ]+(?:wait|sorry|hang on)',
  'sorry[,.!… ]+no',
  'correction\\s*[:—–-]',
  '\\[\\s*edit\\s*:',
  '(?:sorry|oops|typo|my bad|mistake|whoops)[,.!… ]+(?:(?:typo|mistake|autocorrect)[,.!… ]+)?(?:i )?(?:meant|mean)',
  'sorry[,.!… ]+(?:typo|mistake|autocorrect|wrong (?:one|word|city|name|person))',
  'sorry[,.!… ]+not',
  'my bad',
  'i (?:said|typed|wrote|got) (?:that|it) (?:wrong|backwards)|i typed the wrong \\w+|why did i (?:type|write|say)',
];

export const IF_VALUE = ['(?:hmm+|err?m?|erm|actually|oops|ugh)[,.!… ]+(?:no[,.!…]+ )?', 'no[,.!…]+ ', 'i mean[,.!… —–-]+', '\\*(?=\\p{L})'];
