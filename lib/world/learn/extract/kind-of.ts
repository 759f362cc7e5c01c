import { KINDS, kindNamed, kindOfKey, type Kind } from '../../kinds.ts';
import { PASTIMES } from './vocabulary/pastimes.ts';
import { slug } from '../../text.ts';
import { categoryOf, namedOf } from './vocabulary/categories.ts';
import type { Term } from './voice.ts';
import type { Candidate } from '../../../ports/beliefs.ts';

/**
 * A statement learned under a key of its own words (`user.do.editing`, `user.start.bouldering`)
 * put in its kind of the catalogue (kinds.ts), so a question naming the kind finds it and a new
 * value of the kind replaces it: a thing of one of the kind's categories ("all my editing in
 * Emacs": an editor, a tool), a noun phrase headed by one of the kind's words ("the payments
 * project"), or one of the kind's verbs before an -ing activity ("started bouldering": a hobby).
 * Its key becomes the kind's, with the value (`user.tool.emacs`, `user.project.payments`).
 */

const CATALOGUE: readonly Kind[] = KINDS;
const BY_CATEGORY = new Map<string, Kind>(CATALOGUE.flatMap((k) => (k.things ?? []).map((c) => [c, k] as const)));
/** Kinds whose words name people, animals or tastes, not a thing of the user's a modifier names ("the football kids" are no child). */
const NOT_HEADED = new Set(['child', 'relative', 'pet', 'likes', 'favorite', 'preference']);
/** Each several-value kind by its one-word words (the first kind that lists a word keeps it). */
const BY_HEAD = new Map<string, Kind>();
for (const k of CATALOGUE) {
  if (k.one_value || NOT_HEADED.has(k.kind)) continue;
  for (const w of k.words) if (!w.includes(' ') && !k.things?.includes(w) && !BY_HEAD.has(w)) BY_HEAD.set(w, k);
}
const BY_VERB = new Map<string, Kind>(CATALOGUE.flatMap((k) => (k.takes ?? []).map((v) => [v, k] as const)));
/** Past verbs whose object the user has since: "developed a nut allergy", "joined the payments project". */
const BECAME = new Set(['develop', 'start', 'begin', 'join', 'adopt', 'take', 'pick', 'get']);
/** Activities that are no pastime ("started working", "going shopping" is not a hobby either way). */
const NO_ACTIVITY = /^(?:work|liv|us|do|go|gett|try|tak|mak|look|think|feel|plan|learn|study|see|hav|com|shopp|wonder)ing$/;

/** Kinds whose things are names: one word counts only as written with a capital ("Teams", not "switched teams"). */
const NAMES = new Set(['tool', 'programming_language']);
/** A past statement that says what the user has now: "switched over to VS Code", "moved to Postgres". */
const SWITCHED = /^The user (?:has )?(?:switched|moved|changed|migrated|converted|gone|went|started using|began using)\b/;

/** The user's own statement under its kind's key, or as it was when no kind fits or it is said of someone else. */
export function inKind(c: Candidate): Candidate {
  if (c.key ? kindOfKey(c.key) : !SWITCHED.test(c.statement)) return c;
  const said = /^The user(?:'s (?<owner>[^.]+?))? (?:is|are|was|were|has|have|does|do|[a-z]+s|[a-z]+ed)\b(?<predicate>.*)$/.exec(c.statement);
  if (!said) return c;
  const { owner, predicate } = said.groups!;
  const category = categoryOf(predicate!);
  const kind = category ? BY_CATEGORY.get(category) : undefined;
  if (!kind || (owner && !owner.split(' ').some((w) => kind.words.includes(w.toLowerCase())))) return c;
  const switched = SWITCHED.test(c.statement) || /\b(?:from|off)\b.*\b(?:to|onto)\b/.test(predicate!);
  // What the user switched to comes last ("from Python to Go"); else the first thing named.
  const named = namedOf(predicate!, category!)
    .map((w) => ({ w, at: predicate!.toLowerCase().indexOf(w) }))
    .sort((a, b) => (switched ? b.at - a.at : a.at - b.at));
  const value = named.find(({ w, at }) => !NAMES.has(kind.kind) || /\s|[^\p{L}]|\p{Lu}/u.test(predicate!.slice(at, at + w.length)))?.w;
  return value ? { ...c, key: `${kind.key}.${slug(value)}` } : c;
}

/**
 * The kind key of a clause the generic rule read, by its terms after the verb (`lemma`): one of a
 * kind's verbs (with its particle) before an -ing activity (`thing`, the predicate's first thing),
 * or a noun phrase headed by a kind's word. A `past` event is no state, unless it began one
 * ("developed a tree nut allergy").
 */
export function kindKeyOf(lemma: string, predicate: Term[], thing: string, past = false): string | undefined {
  // "I swim in the sea every morning": a pastime verb with no object of its own is the hobby.
  const pastime = PASTIMES.get(lemma);
  if (pastime && !past && !objectOf(predicate)) return `${kindNamed('hobby').key}.${pastime}`;
  const next = predicate[0]?.text.toLowerCase() ?? '';
  const byVerb = BY_VERB.get(`${lemma} ${next}`) ?? BY_VERB.get(lemma);
  const last = thing.split(' ').at(-1)?.toLowerCase() ?? '';
  if (byVerb && /ing$/.test(last) && !NO_ACTIVITY.test(last)) return `${byVerb.key}.${slug(thing)}`;
  if (past && !BECAME.has(lemma)) return undefined;
  for (let i = 1; i < predicate.length; i++) {
    const t = predicate[i]!;
    // "the payments project": after a determiner and a noun, a kind's word heads the phrase whatever its tag.
    const head = t.tags.has('Noun') || (predicate[i - 1]!.tags.has('Noun') && predicate[i - 2]?.tags.has('Determiner'));
    const kind = head ? BY_HEAD.get(t.text.toLowerCase()) : undefined;
    if (!kind || predicate[i + 1]?.tags.has('Noun')) continue;
    const modifiers: string[] = [];
    for (let j = i - 1; j > 0; j--) {
      const m = predicate[j]!;
      if (!m.tags.has('Noun') || m.tags.has('Pronoun') || m.tags.has('Possessive') || m.post.trim()) break;
      modifiers.unshift(m.text);
    }
    // Keyed on its subject: "a peanut allergy" is the peanut allergy, "a road trip" the road trip.
    const named = kind.key.endsWith(`.${t.text.toLowerCase()}`) ? modifiers : [...modifiers, t.text];
    if (modifiers.length) return `${kind.key}.${slug(named.join(' '))}`;
  }
  return undefined;
}

/** Whether the verb takes an object ("run a bakery", "paint landscapes"), not a time, a place or a manner ("run every morning", "swim in the sea", "knit like it's my job"). */
function objectOf(predicate: Term[]): boolean {
  const first = predicate[0];
  if (!first || /^(?:like|every|each|most|some|all|daily|weekly|twice|once)$/i.test(first.text)) return false;
  // "I cycle to work": a way of getting somewhere, not a pastime.
  if (/^to$/i.test(first.text) && /^(?:work|school|uni|college|the)$/i.test(predicate[1]?.text ?? '')) return true;
  return (
    first.tags.has('Determiner') ||
    first.tags.has('Possessive') ||
    (first.tags.has('Noun') && !['Date', 'Duration', 'Pronoun', 'Value'].some((n) => first.tags.has(n)))
  );
}

/** The several-value kind a word names (kinds.ts `words` and `things`: "editor" is a tool, "hobby" a hobby). */
const BY_WORD = new Map<string, Kind>();
for (const k of CATALOGUE) if (!k.one_value) for (const w of [...k.words, ...(k.things ?? [])]) if (!BY_WORD.has(w)) BY_WORD.set(w, k);

/**
 * "Vim is my editor" → `user.tool.vim`: the key of the several-value kind `what` names, with
 * `value`. A one-value kind is never chosen so ("Painting is my work" ends no employer).
 */
export function keyNamedBy(what: string, value: string): string | undefined {
  const kind = BY_WORD.get(what.toLowerCase());
  return kind && `${kind.key}.${slug(value)}`;
}
