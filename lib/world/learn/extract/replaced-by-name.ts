import { kindOfKey, type Kind, type KindName } from '../../kinds.ts';
import { categoryOf } from './vocabulary/categories.ts';
import { inKind } from './kind-of.ts';
import { saidKind } from './one-value.ts';
import type { Held } from './resolve.ts';
import type { Candidate, Retraction } from '../../../ports/beliefs.ts';

/**
 * A new value of a several-value kind said as what is done now ("we're on github actions now", "filter
 * coffee every morning now", "drinking coors banquet these days") ends the held value of the same kind
 * that the same turn names beside it ("bitrise was flaky", "chai has become rare", "cant even find
 * yuengling"): the user told what they left with what they took up. A value the turn keeps ("still",
 * "as well", "both") stays, and so does one the new value names.
 */

/** Kinds whose values take one another's place, each with those it replaces. */
const REPLACES: Partial<Record<KindName, readonly KindName[]>> = {
  tool: ['tool'],
  programming_language: ['programming_language'],
  drink: ['drink', 'favorite', 'likes'],
  hobby: ['hobby', 'instrument'],
  instrument: ['instrument', 'hobby'],
};
/** What says the new value is the one now. */
const NOW = /\b(?:now|these days|nowadays|instead|from now on|lately|switched|swapped|migrated|moved (?:over )?to)\b/i;
/** A favourite or a liking that is of a drink ("The user's favorite beer is yuengling"). */
const DRINK_WORD = /\b(?:drink|drinks|beer|lager|ale|stout|cider|wine|whisky|whiskey|dram|pint|coffee|tea|gin|rum|vodka|tipple)\b/i;
/** What says the old value is kept beside the new. */
const KEPT = /\b(?:still|as well|too|also|both|alongside|in addition|as well as|and also)\b/i;

/** Whether a turn's findings may end a held value this way: a value of such a kind, said as the one now. */
export function mayReplaceByName(found: (Candidate | Retraction)[], turn: string): boolean {
  return NOW.test(turn) && found.some((f) => 'statement' in f && f.key && REPLACES[kindOfKey(f.key)?.kind as KindName] !== undefined);
}

export function replacedByName(found: (Candidate | Retraction)[], held: Held[], turn: string): Retraction[] {
  if (!NOW.test(turn)) return [];
  const fresh = found.filter((f): f is Candidate => 'statement' in f && f.key !== null && f.key !== undefined);
  const out: Retraction[] = [];
  const gone = new Set(found.flatMap((f) => ('id' in f && f.id !== undefined ? [f.id] : [])));
  for (const c of fresh) {
    const kind = kindOfKey(c.key!);
    const replaces = kind && !kind.one_value ? REPLACES[kind.kind as KindName] : undefined;
    if (!kind || !replaces) continue;
    const now = valueNamed(c.key!, c.statement, kind);
    for (const h of held) {
      if (!h.active || gone.has(h.id)) continue;
      const keyed = inKind({ statement: h.statement, key: h.key, confidence: 0 } as Candidate).key ?? '';
      const hKind = kindOfKey(keyed);
      if (!hKind || !replaces.includes(hKind.kind as KindName)) continue;
      const old = valueNamed(keyed, h.statement, hKind);
      // "Irani chai" and "chai" are one drink; "cold coffee" and "filter coffee" two.
      if (!old || !now || old.whole.endsWith(now.whole) || now.whole.endsWith(old.whole) || c.statement.toLowerCase().includes(old.whole)) continue;
      if (!sameThing(kind, now.whole, hKind, old.whole, h.statement)) continue;
      const said = clauseNaming(turn, old.word);
      if (!said || KEPT.test(said)) continue;
      gone.add(h.id);
      out.push({ key: h.key ?? '', id: h.id });
    }
  }
  return out;
}

/** A belief's value, and the word it is named by in talk: its last ("Irani chai" → "chai"), lower case. */
function valueNamed(key: string, statement: string, kind: Kind): { whole: string; word: string } | undefined {
  const favourite = kind.kind === 'favorite' || kind.kind === 'likes' ? saidKind(statement)?.value : undefined;
  const whole = (favourite ?? key.slice(kind.key.length + 1).replace(/_/g, ' ')).toLowerCase();
  const word = whole.match(/[\p{L}\d]+/gu)?.at(-1);
  return word && word.length >= 3 ? { whole, word } : undefined;
}

/** Whether two values are one kind of thing: tools of one category (a CI for a CI), drinks, pastimes. */
function sameThing(kind: Kind, now: string, heldKind: Kind, old: string, heldStatement: string): boolean {
  if (kind.kind === 'drink') return heldKind.kind === 'drink' || categoryOf(old) === 'drink' || DRINK_WORD.test(heldStatement);
  if (kind.kind !== 'tool') return true;
  const category = categoryOf(now);
  return category !== undefined && (categoryOf(old) === category || new RegExp(`\\b${category}\\b`, 'i').test(heldStatement));
}

/** The clause of the turn that names a value by its word, or undefined. */
function clauseNaming(turn: string, word: string): string | undefined {
  const named = new RegExp(`(?<![\\p{L}\\d])${word}(?![\\p{L}\\d])`, 'iu');
  return turn.split(/[.!?;,—–]+|\s-\s|\b(?:but|and|so)\b/i).find((clause) => named.test(clause));
}
