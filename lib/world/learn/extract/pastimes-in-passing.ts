import { saysHabit } from './habit.ts';
import { someoneElsesAt } from './someone-else.ts';
import { tag } from './voice.ts';
import { SPOKEN } from './vocabulary/languages.ts';
import { INSTRUMENT } from './vocabulary/music.ts';
import { doesPastime, pastimeNamed } from './vocabulary/pastimes.ts';

/**
 * The sports and pastimes a sentence says the user does as a habit, on the way to something else:
 * "Netball's Tuesday nights", "up to Noosa for a surf most long weekends", said again as the clause the
 * phrase table reads ("I play netball"). Only a pastime the vocabulary knows by name, or one named by its
 * sessions ("salsa classes"), in a sentence that tells a habit (habit.ts), never in someone else's words.
 */
export function pastimesInPassing(clause: string, sentence: string): string[] {
  if (SAID_OUTRIGHT.test(clause) || WISHED.test(clause) || GONE.test(sentence)) return [];
  const said = ownSessions(clause);
  if (!saysHabit(sentence)) return said;
  for (const m of clause.matchAll(/[\p{L}-]+/gu)) {
    const how = pastimeNamed(m[0]);
    if (!how || someoneElsesAt(clause, m.index)) continue;
    // "a surf" is going surfing; "netball" is played.
    const verb = doesPastime(m[0].toLowerCase())
      ?.replace(/^(go|do)es /, '$1 ')
      .replace(/^plays /, 'play ');
    said.push(verb ? `I ${verb}` : `I ${how} ${m[0].toLowerCase()}`);
  }
  // "Salsa classes every Wednesday", "roller derby practice": a pastime named by its sessions, whatever the vocabulary knows of it.
  for (const m of clause.matchAll(SESSIONS)) {
    const what = m[1]!.toLowerCase().replace(/^(?:(?:my|our|the|a|an|some|weekly|evening|morning|night|kids'?|his|her|their)\s+)+/, '');
    const terms = tag(what);
    if (!what || terms.some((t) => !t.tags.has('Noun') || t.tags.has('Pronoun') || t.tags.has('Date')) || NOT_A_PASTIME.test(what)) continue;
    if (!someoneElsesAt(clause, m.index) && !said.some((s) => s.endsWith(what))) said.push(`my hobby is ${what}`);
  }
  return said;
}

/**
 * "destroyed at my kickboxing class last night", "our pub quiz team came second", "my book club": a pastime
 * the user has a class, a club or a team of is theirs, whatever the sentence says of one evening of it.
 */
function ownSessions(clause: string): string[] {
  const said: string[] = [];
  for (const m of [...clause.matchAll(OWN_SESSIONS), ...clause.matchAll(LEAGUE_NIGHT), ...clause.matchAll(LEAGUE_FIRST)]) {
    const [what, group] = [m.groups!.what!.toLowerCase(), m.groups!.group!.toLowerCase()];
    const last = what.split(' ').at(-1)!;
    const known = pastimeNamed(what) ?? pastimeNamed(last);
    // "my son's football team": someone else's.
    if (/['’]/.test(what) || (!known && !GROUP_PASTIMES.has(what) && !GROUP_PASTIMES.has(last)) || someoneElsesAt(clause, m.index)) continue;
    const verb = doesPastime(what)
      ?.replace(/^(go|do)es /, '$1 ')
      .replace(/^plays /, 'play ');
    // "our book club": a club named by what its members read or watch is the pastime.
    said.push(verb ? `I ${verb}` : known ? `I ${known} ${what}` : `my hobby is ${what}${group === 'club' && CLUB_NAMED.has(what) ? ' club' : ''}`);
  }
  return said;
}
const OWN_SESSIONS =
  /\b(?:my|our) (?<what>(?:[\p{L}'-]+ )?[\p{L}-]+) (?<group>class|classes|club|team|lessons?|sessions?|practice|rehearsals?|league|squad|group|crew)\b/giu;
const CLUB_NAMED = new Set(['book', 'film']);
/** "bowling league tonight", "salsa social tonight", "beer league hockey", "carp fishing session this weekend": a league or a meet of a pastime, whoever's it is not said, is the user's. */
const LEAGUE_NIGHT =
  /(?:^|[,;—–]\s*|\b(?:and|but|so)\s+|\b(?:for|at|to) (?:a|the|this) )(?<what>(?:[\p{L}-]+ )?[\p{L}-]+) (?<group>league|social|opener|session|tournament|meet|comp|practice|training)(?= (?:tonight|tomorrow|this|on|later|again|today|went|was|is)\b|[,.!]|$)/gu;
const LEAGUE_FIRST = /\b(?:[Bb]eer|[Rr]ec|[Ss]unday|[Pp]ub|[Oo]ffice) (?<group>league) (?<what>[\p{Ll}-]+)\b/gu;
/** What people meet in a group to do, and the vocabulary has no verb for. */
const GROUP_PASTIMES = new Set([
  'quiz',
  'pub quiz',
  'book',
  'choir',
  'darts',
  'bridge',
  'bowls',
  'chess',
  'film',
  'board game',
  'running',
  'walking',
  'hiking',
]);

/** A pastime named before its sessions: "salsa classes", "roller derby practice". */
const SESSIONS = /\b((?:[\p{L}'-]+ )?[\p{L}-]+) (?:classes|class|lessons|practice|training|sessions|league)\b/giu;
/** Sessions that are no pastime of the user's: a language or an instrument (the readers of learning read those), school, work. */
const NOT_A_PASTIME = new RegExp(
  String.raw`^(?:${SPOKEN}|${INSTRUMENT}|(?:\w+ )?(?:school|work|team|staff|safety|fire|first aid|driving|antenatal|parenting|online|zoom|evening|night|morning))$`,
  'i',
);

/** "I've always wanted to try surfing": a pastime wished for, planned or never tried is none the user does. */
/** "Sold my boat, so no more sailing weekends for me": a pastime the sentence says is over is no habit of the user's now. */
const GONE = /\b(?:no more|no longer|not any ?more|gave up|given up|quit|sold|stopped|used to|miss(?:es|ing)? (?:my|the|our)|back when|these days i don'?t)\b/i;
const WISHED =
  /\b(?:want(?:s|ed)? to|wish(?:es|ed)? (?:I|to)|hop(?:e|es|ing) to|(?:would|'d) (?:love|like) to|dream(?:s|ed)? of|thinking (?:about|of)|plan(?:s|ning)? to|never (?:tried|done))\b/i;

/** A clause the phrase table reads the pastime of itself ("I play…", "I go…", "I do…", "I'm into…"). */
const SAID_OUTRIGHT = /\b(?:I|we)\s+(?:\w+\s+)?(?:play|plays|go|do|does|love|like|enjoy|practise|practice|train)\b|\binto\b|\b(?:I'm|I am|we're) (?:a|an)\b/i;
