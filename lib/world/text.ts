/** Text helpers for de-duplication, keys and full-text queries. */
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

/** A key segment: lower case words joined by `_`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
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
