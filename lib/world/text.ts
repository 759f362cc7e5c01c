/** Text helpers for de-duplication, keys and full-text queries. */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

/** Lower case, typographic quotes folded, punctuation dropped, whitespace collapsed. */
export function normalizeStatement(statement: string): string {
  return statement
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text as a regular expression matches it literally. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The word with its first letter in capitals ("janelle" → "Janelle"). */
export const capitalFirst = (word: string): string => word.replace(/^\p{Ll}/u, (c) => c.toUpperCase());

/** A key segment: lower case words joined by `_`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|(?<!_)_+$/g, '')
    .slice(0, 48);
}

/**
 * Conversational filler on top of the maintained English stopword list: words people put around
 * a request ("can you help me use…", "going back to what we said about…", "tell me the thing",
 * "good morning", "write me…", "plan my…") that say nothing about which belief is meant, and contracted forms
 * the list spells with an apostrophe. `user` is in every statement ("The user …"). Removed from
 * statements and queries alike.
 */
const FILLER = [
  'user',
  'users',
  'going',
  'back',
  'use',
  'using',
  'used',
  'help',
  'helps',
  'thing',
  'things',
  'stuff',
  'tell',
  'know',
  'want',
  'need',
  'please',
  'think',
  'let',
  'lets',
  'just',
  'really',
  'anything',
  'something',
  'everything',
  'way',
  'ways',
  'best',
  'better',
  'sure',
  'ok',
  'okay',
  'hi',
  'hello',
  'hey',
  'thanks',
  'thank',
  'maybe',
  'remind',
  'remember',
  'talked',
  'talk',
  'mentioned',
  'discussed',
  'say',
  'says',
  'earlier',
  'again',
  'right',
  'give',
  'show',
  'find',
  'look',
  'still',
  'actually',
  'yes',
  'no',
  'not',
  'able',
  'kind',
  'sort',
  'lot',
  'bit',
  'idea',
  'ideas',
  'suggest',
  'recommend',
  'im',
  'ive',
  'id',
  'ill',
  'dont',
  'doesnt',
  'didnt',
  'cant',
  'wont',
  'isnt',
  'arent',
  'whats',
  'thats',
  'theres',
  'youre',
  'hows',
  'wheres',
  'whos',
  'shall',
  'ought',
  'ever',
  'also',
  'then',
  'there',
  'here',
  'does',
  'did',
  'done',
  'doing',
  // where a thing stands in time or order relative to now, not what it is about ("the next step", "my last trip")
  'next',
  'last',
  'previous',
  'recent',
  'recently',
  'latest',
  'upcoming',
  'soon',
  'instead',
  'currently',
  // going somewhere says nothing about where ("go with the cheaper plan", "go over it")
  'go',
  'goes',
  'gone',
  'went',
  // greetings and the times of day they name
  'good',
  'morning',
  'afternoon',
  'evening',
  'tonight',
  'today',
  // verbs of the request itself ("write me…", "draft…", "explain…")
  'write',
  'writing',
  'make',
  'making',
  'create',
  'explain',
  'describe',
  'summarise',
  'summarize',
  'draft',
  'outline',
  'plan',
  'planning',
];
const STOPWORDS = new Set([...eng, ...FILLER]);

/** Content words of a text (no stopwords or filler, no duplicates), in order. */
export function contentWords(text: string): string[] {
  const seen = new Set<string>();
  for (const word of normalizeStatement(text).split(' ')) {
    const w = word.replace(/'s$/, '').replace(/'/g, '');
    if (w.length < 2 || STOPWORDS.has(word) || STOPWORDS.has(w)) continue;
    seen.add(w);
  }
  return [...seen];
}

/** A rough token count (4 characters a token) for the injection budget. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Stems of the words met last, kept: each chat's recall stems its turns' words again, and the Porter rules cost microseconds a word. */
const stems = new Map<string, string>();
const STEMS_KEPT = 20_000;
const STEM_KEPT_LENGTH = 40;

/**
 * A word's Porter stem, the same for a query's and a name's words and the algorithm the search
 * index stems with (FTS5's porter tokenizer, PostgreSQL's porter dictionary), so what the index
 * matches and what names match agree: "hierarchies"/"hierarchy", "handling"/"handle".
 */
export function stemWord(word: string): string {
  if (word.length > STEM_KEPT_LENGTH) return stemmer(word);
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemmer(word);
    if (stems.size >= STEMS_KEPT) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/**
 * The stemmed words of a name or a query as names are matched: content words, where a lone digit
 * counts ("room 4" is not "room").
 */
export function nameTerms(text: string): string[] {
  const out = new Set<string>();
  for (const word of normalizeStatement(text).split(' ')) {
    const w = word.replace(/'s$/, '').replace(/'/g, '');
    if (!w || (w.length < 2 && !/\d/.test(w)) || STOPWORDS.has(word) || STOPWORDS.has(w)) continue;
    out.add(stemWord(w));
  }
  return [...out];
}

/**
 * Ways of naming the people in someone's life that share no word with how a belief names them:
 * "who do I report to?" asks for the manager, "my wife" for the partner. Each pattern brings the
 * words a belief (its statement, key or aliases) uses for that role.
 */
const ROLE_WORDS: [RegExp, string[]][] = [
  [/\b(boss|supervisor|line manager|reports? to|reporting to)\b/i, ['manager', 'boss']],
  [/\b(wife|husband|spouse|girlfriend|boyfriend|fianc[eé]e?)\b/i, ['partner']],
  [/\b(mom|mum|mother|dad|father|parents?)\b/i, ['parents', 'family']],
  [/\b(kids?|sons?|daughters?|children|child)\b/i, ['children', 'kids']],
  [/\b(doctor|physician|gp)\b/i, ['doctor', 'physician']],
  [/\b(co-?workers?|colleagues?|teammates?)\b/i, ['colleague', 'team']],
];

/** The role words a text implies beyond its own (ROLE_WORDS), as content words. */
export function roleWords(text: string): string[] {
  return ROLE_WORDS.filter(([pattern]) => pattern.test(text)).flatMap(([, words]) => words);
}

/** "an engineer", "a UX researcher", "an SRE": the article by how the first word is said (an acronym letter by letter). */
export function withArticle(noun: string): string {
  if (/^(?:a|an|the)\s/i.test(noun)) return noun;
  const acronym = /^\p{Lu}{2,}\b/u.test(noun);
  return (acronym ? /^[AEFHILMNORSX]/ : /^[aeiou]/i).test(noun) ? `an ${noun}` : `a ${noun}`;
}
