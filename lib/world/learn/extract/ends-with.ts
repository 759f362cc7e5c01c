import type { Candidate, Retraction } from '../../../ports/beliefs.ts';
import { kindOfKey } from '../../kinds.ts';
import type { Held } from './resolve.ts';

/** Words of a turn about the user's work: a job, leaving or starting one. */
const WORK_TALK =
  /\b(?:work\w*|jobs?|compan\w*|employ\w*|firm|boss|manager|supervisor|quit\w*|resign\w*|notice|left|leav\w*|hired?|join\w*|start\w*|redundan\w*|laid off|lay\w* off|fired|sacked|let go|freelanc\w*|contract\w*|position|role|offer|chuck\w*|finish\w*|done at|shift|office|colleagues?|career|promot\w*)\b/i;

const kindOf = (key: string | null | undefined) => (key ? kindOfKey(key)?.kind : undefined);

/**
 * What a turn ended, with what belonged to it (kinds.ts `ends_with`): "chucked it at McAllister's"
 * ends the employer, and the manager and the team the user had there, unless the turn says who or
 * which they are now ("…, took a job wi Scottish Power, team leader's Morag").
 */
export function withWhatBelonged(found: (Candidate | Retraction)[], held: Held[], content: string): (Candidate | Retraction)[] {
  const ended = new Set(found.flatMap((f) => ('id' in f && f.id !== undefined ? [f.id] : [])));
  const said = found.filter((f): f is Candidate => 'statement' in f);
  const saidKinds = new Set(said.map((c) => kindOf(c.key)));
  // "I started at Siemens on Monday": a new value of a one-value kind ends the held one as surely as a retraction.
  const replaced = held.filter(
    (h) => h.active && h.key && said.some((c) => c.key === h.key && kindOfKey(h.key!)?.one_value && !namesAlike(c.statement, h.statement)),
  );
  const endedKinds = new Set([...held.filter((h) => ended.has(h.id)), ...replaced].map((h) => kindOf(h.key)));
  // A value put in another's place belongs to the job only in a turn that speaks of work: "back on the XXXX" read as a
  // workplace must cost no manager. One ended with nothing in its place ("pulled the pin on Redgum") always does.
  const inItsPlace = [...endedKinds].some((kind) => saidKinds.has(kind));
  if (endedKinds.size === 0 || (inItsPlace && !WORK_TALK.test(content))) return found;
  const belonged = held.filter((h) => {
    const kind = h.key ? kindOfKey(h.key) : undefined;
    return h.active && !ended.has(h.id) && kind?.ends_with !== undefined && endedKinds.has(kind.ends_with) && !saidKinds.has(kind.kind);
  });
  return belonged.length ? [...found, ...belonged.map((h) => ({ key: h.key!, mention: '', id: h.id }))] : found;
}

/** The capitalised words of a statement, without an owner's "'s" ("McAllister's" is McAllister). */
const namesOf = (statement: string) => new Set((statement.match(/(?<=\s)\p{Lu}[\p{L}\d&'’-]*/gu) ?? []).map((w) => w.replace(/['’]s$/, '').toLowerCase()));
/** Whether two statements of a kind name the same thing ("works at McAllister's", "works at McAllister Electrical"). */
function namesAlike(a: string, b: string): boolean {
  const theirs = namesOf(b);
  const ours = [...namesOf(a)];
  return ours.length === 0 || theirs.size === 0 || ours.some((w) => theirs.has(w));
}
