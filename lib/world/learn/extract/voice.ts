import { inLexicon, phrased, tagger } from './tagger.ts';

/**
 * The user's words turned from the first person into a statement about the user, with compromise's
 * part-of-speech tags: "I mostly write Go" → "The user mostly writes Go", "My kids love the beach" →
 * "The user's kids love the beach", "we adopted a puppy" → "The user adopted a puppy"; later
 * pronouns follow ("with my sister" → "with their sister").
 */

export interface Term {
  text: string;
  pre: string;
  post: string;
  tags: Set<string>;
}

export interface Voiced {
  statement: string;
  /** The clause's terms, tagged. */
  terms: Term[];
  /** Where the predicate starts: the subject's first verb. */
  verb: number;
  /** The verb that carries the meaning, after auxiliaries and modals. */
  main: number;
  /** The verb's infinitive ("write"; "be" for the copula). */
  lemma: string;
  tense: 'past' | 'present' | 'future';
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\b(i|we|they|you)'re\b/gi, '$1 are'],
  [/\bi'm\b/gi, 'I am'],
  [/^im\b/i, 'I am'],
  [/\b(i|we)'ve\b/gi, '$1 have'],
  [/^ive\b/i, 'I have'],
  [/\b(i|we)'ll\b/gi, '$1 will'],
  [/\b(i|we)'d\b/gi, '$1 would'],
  [/\bcan't\b/gi, 'cannot'],
  [/\b(\w+)n't\b/gi, '$1 not'],
];

export function expandContractions(text: string): string {
  return CONTRACTIONS.reduce((t, [re, to]) => t.replace(re, to), text.replace(/[\u2018\u2019]/g, "'"));
}

const AGREE: Record<string, string> = { am: 'is', are: 'is', were: 'was', have: 'has', do: 'does' };
const LATER: Record<string, string> = {
  i: 'they',
  me: 'them',
  my: 'their',
  mine: 'theirs',
  myself: 'themselves',
  we: 'they',
  us: 'them',
  our: 'their',
  ours: 'theirs',
  ourselves: 'themselves',
};
/** A later pronoun of the user's, never the subject ("I", "we"): what a value's pronouns may hold. */
const SAID_LATER = new RegExp(
  `\\b(?:${Object.keys(LATER)
    .filter((w) => w !== 'i' && w !== 'we')
    .join('|')})\\b`,
  'i',
);
/** The word at i said of the user in the third person; "mine" after an article, or beside a noun, is no pronoun ("a mine site", "at a mine"). */
function later(terms: Term[], i: number): string | undefined {
  const word = terms[i]!.text.toLowerCase();
  if (word === 'mine' && /^(?:a|an|the|this|that)$/i.test(terms[i - 1]?.text ?? '')) return undefined;
  if (word === 'mine' && !terms[i]!.post.trim() && terms[i + 1]?.tags.has('Noun') && !terms[i + 1]?.tags.has('Pronoun')) return undefined;
  // "their gold mine", "the old coal mine": a noun or an adjective right before it makes it the noun.
  const before = terms[i - 1];
  if (word === 'mine' && before && !before.post.trim() && (before.tags.has('Noun') || before.tags.has('Adjective')) && !before.tags.has('Pronoun'))
    return undefined;
  return LATER[word];
}
/** A value the user said, in a statement about them: "visit my parents" → "visit their parents"; a subject ("I", "we") stays. */
export function theirs(value: string): string {
  if (!SAID_LATER.test(value)) return value;
  const terms = tag(value);
  const said = (t: Term, i: number) => (t.text === t.text.toUpperCase() || /^(?:i|we)$/i.test(t.text) ? undefined : later(terms, i));
  return terms.map((t, i) => `${t.pre}${said(t, i) ?? t.text}${t.post}`).join('');
}
interface Forms {
  Infinitive?: string;
  PresentTense?: string;
  PastTense?: string;
}
const FORMS = new Map<string, Forms>();
const MAX_CACHED = 5_000;

/** A verb's forms as compromise conjugates it, remembered. */
function forms(verb: string, asVerb = false): Forms {
  const lower = verb.toLowerCase();
  const cached = asVerb ? `we ${lower} it` : lower;
  let found = FORMS.get(cached);
  if (found === undefined) {
    found = (phrased(cached).verbs().conjugate()[0] as Forms | undefined) ?? {};
    if (FORMS.size >= MAX_CACHED) FORMS.clear();
    FORMS.set(cached, found);
  }
  return found;
}

/** "write" → "writes"; a verb already past or not in its base form ("got", "was") stays. */
function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  const agreed = AGREE[lower];
  if (agreed) return agreed;
  const f = forms(lower);
  if (f.Infinitive === undefined) {
    // "lost", "left": compromise reads a past form alone as an adjective; said with a subject, it is the past of a verb it knows.
    const past = forms(lower, true);
    if (past.PastTense === lower && past.Infinitive !== undefined && inLexicon(past.Infinitive)) return verb;
    return /ed$/.test(lower) ? verb : /(?:s|sh|ch|x|z|o)$/.test(lower) ? `${verb}es` : `${verb}s`;
  }
  if (f.Infinitive !== lower || !f.PresentTense || f.PresentTense.includes(' ')) return verb;
  return f.PresentTense;
}

export function lemmaOf(verb: string): string {
  const lower = verb.toLowerCase();
  if (/^(?:am|are|is|was|were|be|been|being)$/.test(lower)) return 'be';
  const found = forms(lower).Infinitive?.split(' ')[0];
  if (found && found !== lower) return found;
  // A past form compromise does not conjugate alone ("escaped"): the base it names, if it knows one.
  const past = /^(.+?)(e?)d$/.exec(lower);
  if (past) for (const base of [`${past[1]}${past[2]}`, past[1]!]) if (forms(base).Infinitive === base) return base;
  return found ?? lower;
}

const FIRST_PERSON = /^(?:i|we|my|our|me and (?:my|our|the))\b/i;

/**
 * Texts tagged for the turn being read: one turn hands the same name or clause to several readers
 * ("Hamburg" is checked as a city, as a country and as a place said in lower case). Tagging is a
 * pure function of the text, so the memo only saves time; it is emptied when a turn starts
 * (forgetTagged) and bounded in size.
 */
const TAGGED = new Map<string, Term[]>();
const MAX_TAGGED = 256;

/** Empties the turn's memo of tagged texts. */
export function forgetTagged(): void {
  TAGGED.clear();
}

/** The text's terms as compromise tags them; each call gets its own copy, which callers may retag. */
export function tag(text: string): Term[] {
  let terms = TAGGED.get(text);
  if (!terms) {
    terms = (tagger()(text).docs as Term[][]).flat().map(copied);
    if (TAGGED.size >= MAX_TAGGED) TAGGED.clear();
    TAGGED.set(text, terms);
  }
  return terms.map(copied);
}
const copied = (t: Term): Term => ({ text: t.text, pre: t.pre, post: t.post, tags: new Set(t.tags) });

/**
 * The clause tagged, with the word after "I" or "we" a verb when the tagger took it for a noun
 * before a time or a place: "I row on weekends", "we garden at the allotment", "I coach hockey".
 */
function subjectThenVerb(clause: string): Term[] {
  const terms = tag(clause);
  const at = terms[1]?.tags.has('Adverb') ? 2 : 1;
  // "I free-dive on weekends", "we road-trip every summer": a hyphenated pair after "I" is one word.
  const [half, rest] = [terms[at], terms[at + 1]];
  if (half?.post === '-' && half.tags.has('Hyphenated') && rest?.tags.has('Hyphenated'))
    terms.splice(at, 2, { text: `${half.text}-${rest.text}`, pre: half.pre, post: rest.post, tags: new Set(['Singular']) });
  const [word, next] = [terms[at], terms[at + 1]];
  // "I coach the U15s", "I coach hockey": a word for whoever does a thing ("coach") is the doing after "I".
  const actor = word?.tags.has('Actor') === true;
  const noun = (word?.tags.has('Singular') || actor) && !['Pronoun', 'ProperNoun', 'Possessive', 'Verb'].some((n) => word!.tags.has(n));
  const user = /^(?:i|we)$/i.test(terms[0]?.text ?? '');
  const object =
    ['Preposition', 'Date', 'Determiner', 'Value'].some((n) => next?.tags.has(n)) || (actor && next?.tags.has('Noun') && !next.tags.has('Pronoun'));
  if (user && noun && object) {
    for (const t of ['Verb', 'PresentTense', 'Infinitive']) word.tags.add(t);
  }
  // "I quilt with…": a noun used as a verb, which the tagger guessed past from its ending ("built", "felt", "put" stay past).
  if (user && word?.tags.has('PastTense') && presentGuessedPast(word.text)) {
    word.tags.delete('PastTense');
    for (const t of ['PresentTense', 'Infinitive']) word.tags.add(t);
  }
  return terms;
}

/** A word compromise does not conjugate alone (no verb of its lexicon) and that has no past ending. */
function presentGuessedPast(verb: string): boolean {
  const lower = verb.toLowerCase();
  return forms(lower).Infinitive === undefined && !/ed$/.test(lower);
}

/**
 * The clause (contractions expanded, first-person subject first) as a statement about the user,
 * or null when it does not start with the user (I, we, my…, our…, me and my…).
 */
export function voice(clause: string): Voiced | null {
  if (!FIRST_PERSON.test(clause)) return null;
  const terms = subjectThenVerb(clause);
  if (terms.length < 2) return null;
  const first = terms[0]!.text.toLowerCase();
  let verb = -1;
  let agree = false;
  let subject: string;
  if (first === 'i' || first === 'we') {
    subject = 'The user';
    agree = true;
    verb = 1;
  } else if (first === 'my' || first === 'our') {
    // What follows "my" is a noun, whatever a tagger makes of it ("our backend runs…").
    let i = 2;
    while (i < terms.length && !terms[i]!.tags.has('Verb')) i++;
    if (i >= terms.length) return null;
    const together = /^(.+) and (?:i|me)$/i.exec(join(terms.slice(1, i), false));
    subject = together ? `The user and their ${together[1]}` : `The user's ${join(terms.slice(1, i), true)}`;
    verb = i;
  } else if (first === 'me' && /^and (?:my|our|the)$/i.test(`${terms[1]?.text} ${terms[2]?.text}`)) {
    let i = 3;
    while (i < terms.length && !terms[i]!.tags.has('Verb')) i++;
    if (i >= terms.length) return null;
    subject = `The user and ${terms[2]!.text.toLowerCase() === 'the' ? 'the' : 'their'} ${join(terms.slice(3, i), true)}`;
    verb = i;
  } else {
    return null;
  }
  while (verb < terms.length && terms[verb]!.tags.has('Adverb') && !terms[verb]!.tags.has('Verb')) verb++;
  const head = terms[verb];
  if (!head?.tags.has('Verb')) return null;

  const words = terms.map((t, i) => {
    if (i < verb) return t.tags.has('Adverb') ? t.text : '';
    if (i === verb && agree && !t.tags.has('PastTense') && !t.tags.has('Modal')) return thirdPerson(t.text);
    return (t.text !== t.text.toUpperCase() || t.text === 'I' ? later(terms, i) : undefined) ?? t.text;
  });
  const adverbs = agree ? words.slice(1, verb).filter(Boolean) : [];
  const predicate = terms
    .slice(verb, clauseEnd(terms, verb))
    .map((t, j) => `${j === 0 ? '' : t.pre}${words[verb + j]}${t.post}`)
    .join('')
    .replace(/(?<![\s.!,;:])[\s.!,;:]+$/, '');
  const statement = [subject, ...adverbs, predicate]
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/\bthey was\b/g, 'they were')
    .replace(/\bthey am\b/g, 'they are');
  const main = mainVerb(terms, verb);
  return { statement, terms, verb, main, lemma: lemmaOf(terms[main]!.text), tense: tenseOf(terms, verb) };
}

/** Where the clause ends: before ", red gives me headaches", a new subject and its verb after a comma. */
function clauseEnd(terms: Term[], verb: number): number {
  for (let i = verb + 1; i < terms.length - 1; i++) {
    if (!terms[i]!.post.includes(',')) continue;
    const from = /^(?:so|and|but)$/i.test(terms[i + 1]!.text) ? i + 2 : i + 1;
    let j = from;
    while (
      j < terms.length &&
      j <= from + 2 &&
      !terms[j]!.tags.has('Verb') &&
      (terms[j]!.tags.has('Noun') || terms[j]!.tags.has('Determiner') || terms[j]!.tags.has('Adjective'))
    )
      j++;
    if (j > from && terms[j]?.tags.has('Verb')) return i + 1;
  }
  return terms.length;
}

/** The verb that carries the meaning: past auxiliaries ("have been", "am going to", "will"). */
function mainVerb(terms: Term[], verb: number): number {
  let i = verb;
  while (i + 1 < terms.length && terms[i]!.tags.has('Auxiliary') && terms[i + 1]!.tags.has('Verb')) i++;
  while (i + 1 < terms.length && terms[i]!.tags.has('Modal') && terms[i + 1]!.tags.has('Verb')) i++;
  return i;
}

function tenseOf(terms: Term[], verb: number): Voiced['tense'] {
  const t = terms[verb]!;
  const next = terms
    .slice(verb, verb + 3)
    .map((x) => x.text.toLowerCase())
    .join(' ');
  if (/^(?:will|shall)\b|^(?:am|are) (?:going|planning|about|hoping) to\b/.test(next)) return 'future';
  if (/^used to\b/.test(next)) return 'past';
  if (/^(?:have|has)\b/.test(next)) return 'present';
  if (t.tags.has('PastTense') || forms(t.text).PastTense === t.text.toLowerCase()) return 'past';
  return 'present';
}

function join(terms: Term[], lower: boolean): string {
  return terms
    .map((t, i) => `${i === 0 ? '' : t.pre}${lower ? (later(terms, i) ?? t.text) : t.text}${i === terms.length - 1 ? '' : t.post}`)
    .join('')
    .trim();
}
