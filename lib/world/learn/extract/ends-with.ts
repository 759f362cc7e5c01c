import type { Candidate, Retraction } from '../../../ports/beliefs.ts';
import { kindOfKey } from '../../kinds.ts';
import type { Held } from './resolve.ts';

/**
 * Words of a turn that tells the user left a job: only then did the manager and the team go with it.
 * A new employer said alone ("I work for Globex now") leaves them held: people name a new workplace
 * long before they say who they report to there.
 */
const LEFT_A_JOB =
  /\b(?:quit\w*|resign\w*|notice|left|leaving|laid off|lay(?:ing)? off|let go|redundan\w*|fired|sacked|chuck\w*|jack\w* it|pull\w* the pin|finish\w* up|done at|walk\w* out|last (?:day|shift|swing)|lost (?:my|the) job|jumped ship|self[- ]employed|freelanc\w*)\b/i;

const kindOf = (key: string | null | undefined) => (key ? kindOfKey(key)?.kind : undefined);

/**
 * What a turn ended, with what belonged to it (kinds.ts `ends_with`): "chucked it at McAllister's"
 * ends the employer, and the manager and the team the user had there, unless the turn says who or
 * which they are now ("…, took a job wi Scottish Power, team leader's Morag").
 */
export function withWhatBelonged(found: (Candidate | Retraction)[], held: Held[], content: string): (Candidate | Retraction)[] {
  if (!LEFT_A_JOB.test(content)) return found;
  // Ended outright, or replaced by a new value of a one-value kind ("jumped ship! At Glenmorven now").
  const replacing = new Set(found.flatMap((f) => ('statement' in f && f.key && kindOfKey(f.key)?.one_value ? [kindOf(f.key)] : [])));
  const ended = new Set([
    ...found.flatMap((f) => ('id' in f && f.id !== undefined ? [f.id] : [])),
    ...held.filter((h) => h.active && replacing.has(kindOf(h.key)) && !found.some((f) => 'statement' in f && f.statement === h.statement)).map((h) => h.id),
  ]);
  if (ended.size === 0) return found;
  const endedKinds = new Set(held.filter((h) => ended.has(h.id)).map((h) => kindOf(h.key)));
  const saidKinds = new Set(found.map((f) => ('statement' in f ? kindOf(f.key) : undefined)));
  const belonged = held.filter((h) => {
    const kind = h.key ? kindOfKey(h.key) : undefined;
    return h.active && !ended.has(h.id) && kind?.ends_with !== undefined && endedKinds.has(kind.ends_with) && !saidKinds.has(kind.kind);
  });
  return belonged.length ? [...found, ...belonged.map((h) => ({ key: h.key!, mention: '', id: h.id }))] : found;
}
