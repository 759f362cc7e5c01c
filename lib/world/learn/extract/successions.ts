import type { Change, Stream } from './changes.ts';
import { stream } from './changes.ts';
import { AUX, LEAD, nameAt, TAIL, titleAt } from './departures.ts';
import { UNIT } from './vocabulary/leaving.ts';
import { BOSS } from './vocabulary/work.ts';

/**
 * Successions: who runs the user's work now, said of them rather than as "my manager is…" — a new
 * holder of a manager's title ("the new head chef is Aurelio", "charge nurse is Mpho now", "a new
 * foreman started Monday — Gemma"), someone who took over ("Jonas took over the team from Ines"),
 * was made the user's lead, or whom the user now answers to. The new manager takes the held one's
 * place (resolve.ts, role `boss`); the one they took over from has left (departures.ts).
 */

/** A cheap look before tagging: a clause naming no one new at work says no succession. */
const CUE = new RegExp(
  `\\b(?:${BOSS}|t(?:ook|ake|akes|aken|aking) (?:over|charge)|hand(?:s|ed)?\\b.*\\bover|answer(?:s|ing)? to|(?:runs|leads|heads|manages|running|leading|heading) (?:the|our|my)|managed by|in (?:his|her|their) place|chief of|head of|in charge of)\\b`,
  'i',
);
/** Where a title is held ("on nights", "on our ward", "at work"), never someone else's ("at my brother's"). */
const WHERE = "(?:here |there |(?:on|at|in|for) (?:the |our |my )?(?![^| ]+'s\\b)[^| ]+ )?";
/** Saying the name: "is Aurelio", "is called Bartek", "is a bloke called Stuart", "'s now Mpho". */
const IS_NAMED = /^(?:be )?(?:now )?(?:(?:an? (?:[^| ]+ ){0,2})?(?:call|called|name|named) )?/;
/** Someone introduced by name after a break: "…, Mpho", "…: Kristof", "…, name's Declan", "…, his name is Aurelio". */
const NAME_GIVEN = /^(?:\| )?(?:(?:her|his|their) )?(?:name be |name |(?:an? )?(?:[^| ]+ ){0,2}(?:call|called|name|named) )?/;
/** "started today", "joins Monday": a new holder's arrival, whose name follows. */
const ARRIVES = new RegExp(`^${AUX}(?:start|started|begin|began|arrive|arrived|join|joined|be start|be here|be in)\\b[^|]*`);
/** What is taken over: the team, the kitchen… or the title ("as my manager", "stepped in as my line manager"). */
const TAKES_OVER = new RegExp(
  `^${AUX}(?:take over|take charge|step (?:in|up)|fill in)(?<what> (?:the |our |my |his |her |their |both |all )?(?:whole )?(?:[^| ]+ ){0,2}(?:${UNIT}|ops|operations|branches|sites|stores|portfolio)| as (?:my|our|the) (?:new )?(?<title>[^|]+?))?(?: from (?<from>[^|]+?))?${TAIL}`,
  'du',
);
const HANDS_OVER = new RegExp(`^${AUX}hand (?:(?:the|our|my) [^| ]+ )?over (?:(?:the|our|my) [^| ]+ )?to (?<to>[^|]+?)${TAIL}`, 'du');
const MADE = new RegExp(`^(?:they|management|the company|the boss|[^| ]+) ${AUX}make (?<who>[^|]+?) (?:my|our|the) (?:new )?(?<title>[^|]+?)${TAIL}`, 'du');
const ANSWERS = new RegExp(`^(?:i|we) ${AUX}(?:(?:answer|report) (?:directly |straight )?to|(?:be )?(?:line )?manage by) (?<who>[^|]+?)${TAIL}`, 'du');
/** "Selma runs the unit from Monday", "Paweł runs our team now": who leads the user's unit, said as it is now. */
const RUNS = new RegExp(
  `^${AUX}(?:run|lead|head|manage) (?<whose>the|our|my) (?:whole )?(?:[^| ]+ )?(?:${UNIT}|show)(?<when> now| from [^|]+| since [^|]+| as of [^|]+| starting [^|]+)?${TAIL}`,
  'du',
);
/** "Mr Danjuma resumed on Monday as our branch manager": a name arriving in a manager's title. */
const ARRIVES_AS = new RegExp(
  `^${AUX}(?:resume|start|join|arrive|come in|begin)(?: (?:on|last|this) [^| ]+)? as (?:my|our|the) (?:new )?(?<title>[^|]+?)${TAIL}`,
  'du',
);
/** "Now Joris is chief of our hall": who heads the user's part of the work. */
const CHIEF_OF = new RegExp(`^${AUX}be (?:now )?(?:the )?(?:chief|head|boss|in charge) of (?:my|our|the) [^|]+`, 'du');
/** "Deka madam has joined in his place", "Selma came in her place": the one who left is replaced. */
const IN_PLACE = new RegExp(
  `^${AUX}(?:join|come|arrive|be appoint|be bring in|be put in|step in|take over)?(?: [^| ]+){0,3} in (?:his|her|their) place${TAIL}`,
  'du',
);
/** A lead said in the past tense is history ("Selma ran the unit for years"). */
const LED_THEN = /\b(?:ran|led|headed|managed|used to)\b/i;

const boss = (to: string): Change => ({ ends: [], to, role: 'boss' });
const words = (s: Stream) => s.text.split(' ');
const at = (s: Stream, offset: number) => s.starts.indexOf(offset);

/** The name a span of the stream holds and nothing else, as written. */
function nameIn(s: Stream, from: number, to: number): string | undefined {
  const first = at(s, from);
  const end = s.starts.findIndex((x) => x >= to);
  const last = end < 0 ? s.terms.length : end;
  const named = first < 0 ? undefined : nameAt(s, first, last);
  // "Dr Osei now", "Mpho again": the name and nothing else but when.
  const rest = named ? s.terms.slice(named.end, last) : [];
  return named && rest.every((t) => /^(?:now|again|too|lol|haha)$/i.test(t.text)) ? named.name : undefined;
}

/** A manager's title at word `i`, after "my", "our", "the", "a" and "new" (and one word of what they lead: "the new site foreman"). */
function titled(all: string[], i: number): { end: number; fresh: boolean } | undefined {
  let j = i;
  if (/^(?:the|our|my|a|an)$/.test(all[j] ?? '')) j++;
  const fresh = all[j] === 'new';
  if (fresh) j++;
  const title = titleAt(all, j, true);
  return title?.kind === 'manager' ? { end: title.end, fresh } : undefined;
}

const READ = new Map<string, Change | null>();
const MAX_READ = 5_000;
/** The user's new manager, said of them, or null; remembered, as readChange's readings are. */
export function readSuccession(clause: string, before?: string): Change | null {
  const key = `${before ?? ''}\n${clause}`;
  let found = READ.get(key);
  if (found === undefined) {
    found = read(clause, before);
    if (READ.size >= MAX_READ) READ.clear();
    READ.set(key, found);
  }
  return found && { ...found, ends: [...found.ends] };
}

function read(clause: string, before?: string): Change | null {
  const across = before === undefined ? null : namedAfter(clause, before);
  if (across) return across;
  if (!CUE.test(clause)) return null;
  const s = stream(clause);
  const all = words(s);
  let i = 0;
  while (i < all.length && LEAD.test(all[i]!)) i++;
  // "from this week I answer to Renata": when, before who.
  const when = /^(?:from|since|as of|starting) (?:this |next |last |on )?[^| ]+ (?:\| )?/.exec(s.text.slice(s.starts[i] ?? s.text.length))?.[0];
  if (when) i = at(s, (s.starts[i] ?? 0) + when.length);
  // "there's a new charge nurse…", "we got a new gaffer…": the title introduced.
  const opened = s.starts[i] ?? s.text.length;
  if (/^(?:there|we|i)$/.test(all[i] ?? '') && /^(?:be|have|get)$/.test(all[i + 1] ?? '')) i += all[i + 1] === 'have' && all[i + 2] === 'get' ? 3 : 2;
  const start = s.starts[i] ?? s.text.length;
  const rest = s.text.slice(start);
  const title = titled(all, i);
  if (title) {
    const after = s.text.slice(s.starts[title.end] ?? s.text.length);
    const where = new RegExp(`^${WHERE}`).exec(after)![0];
    const said = after.slice(where.length);
    const offset = s.text.length - said.length;
    // "the new head chef is Aurelio", "charge nurse is Mpho now": said new, or now.
    const is = /^be /.test(said) ? IS_NAMED.exec(said)![0] : '';
    const named = is ? nameIn(s, offset + is.length, spanEnd(s, offset + is.length)) : undefined;
    // "the new head chef is Aurelio", "charge nurse is Mpho now", "manager here is Marco": said new, now, or of the new workplace.
    if (named && (title.fresh || / now\b/.test(said) || /^(?:here|there) /.test(where))) return boss(named);
    // "a new charge nurse on our ward, Mpho", "new supervisor on nights Kristof", "new foreman started monday | his name is Aurelio".
    const arrives = title.fresh ? (ARRIVES.exec(said)?.[0] ?? '') : undefined;
    if (arrives !== undefined) {
      const next = said.slice(arrives.length).replace(/^ /, '');
      const given = NAME_GIVEN.exec(next)![0];
      const from = s.text.length - next.length + given.length;
      const name = next.startsWith('|') || !arrives ? nameIn(s, from, spanEnd(s, from)) : undefined;
      if (name) return boss(name);
    }
  }
  const person = nameAt(s, i);
  if (person) {
    // "Sandra from Trowbridge has taken over": where they came from, between the name and what they did.
    const after = s.text.slice(s.starts[person.end] ?? s.text.length).replace(/^(?:from|of) (?:the )?[^| ]+ (?=(?:have|be|just|now|take|run|step)\b)/, '');
    const offset = s.text.length - after.length;
    const took = TAKES_OVER.exec(after);
    const g = took?.groups;
    if (took && (g?.what || g?.from) && (g.title === undefined || titleAt(g.title.split(' '), 0)?.kind === 'manager')) {
      const from = took.indices?.groups?.from;
      const old = from ? nameIn(s, offset + from[0], offset + from[1]) : undefined;
      return old ? { ...boss(person.name), ends: [old], left: { who: old, ways: ['work'] } } : boss(person.name);
    }
    const runs = LED_THEN.test(clause) ? null : RUNS.exec(after);
    if (runs && (runs.groups?.whose !== 'the' || runs.groups?.when)) return boss(person.name);
    if (IN_PLACE.test(after) || CHIEF_OF.test(after)) return boss(person.name);
    const arrives = ARRIVES_AS.exec(after)?.groups?.title;
    if (arrives && titleAt(arrives.split(' '), 0, true)?.kind === 'manager') return boss(person.name);
    const to = HANDS_OVER.exec(after)?.indices?.groups?.to;
    const next = to && nameIn(s, offset + to[0], offset + to[1]);
    if (next) return { ...boss(next), ends: [person.name], left: { who: person.name, ways: ['work'] } };
  }
  const answers = ANSWERS.exec(s.text.slice(opened));
  const made = MADE.exec(rest) ?? answers;
  const who = made?.indices?.groups?.who;
  const offset = made === answers ? opened : start;
  const name = who && nameIn(s, offset + who[0], offset + who[1]);
  const named = made?.groups?.title === undefined || titleAt(made.groups.title.split(' '), 0)?.kind === 'manager';
  return name && named ? boss(name) : null;
}

/** Where the part holding `from` ends: the next break, or the clause's end. */
function spanEnd(s: Stream, from: number): number {
  const end = s.text.indexOf(' |', from);
  return end < 0 ? s.text.length : end;
}

/**
 * A name said after the clause that introduced a new holder of a manager's title: "new foreman
 * started monday — Gemma", "Halvard took over | as my manager".
 */
function namedAfter(clause: string, before: string): Change | null {
  const text = clause.replace(/[.!]+$/, '').trim();
  if (/^(?:as )?(?:my|our) (?:new )?/i.test(text)) {
    const took = read(`${before.replace(/[.,!;:—–-]+\s*$/, '')} as ${text.replace(/^as /i, '')}`);
    if (took) return took;
  }
  const name =
    /^(?:(?:her|his|their) name(?:'s| is) |name's |it's |its |(?:an? )?(?:[\p{Ll}-]+ )?(?:fella|fellow|guy|bloke|lady|woman|man|chap|gent|girl|lad) (?:named|called) )?(?<name>\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)$/u.exec(
      text,
    )?.groups?.name;
  if (!name || !/\bnew\b/i.test(before)) return null;
  const s = stream(before);
  const all = words(s);
  for (let i = 0; i < all.length; i++) {
    const title = all[i] === 'new' ? titled(all, i) : undefined;
    // The title named no one in its own clause ("the new head chef started today").
    if (title && !all.slice(title.end).some((_, j) => /^\p{Lu}/u.test(s.terms[title.end + j]?.text ?? ''))) return boss(name);
  }
  return null;
}
