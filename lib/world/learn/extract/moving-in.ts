import type { Change } from './changes.ts';
import { AHEAD, opensOwn } from './own-news.ts';
import { placeAt, saysStay } from './value-in.ts';
import { tag, type Term } from './voice.ts';
import { FROM_HOME, HELD_UP, MOVING_IN, MOVING_IN_VERBS, PLACE_BEFORE } from './vocabulary/home.ts';
import { DWELLINGS } from './vocabulary/holdings.ts';

/**
 * A move told by its logistics rather than by a verb of moving: "still unpacking boxes in Graz",
 * "we're all moved in to the new house in Ashford", "got the mortgage on a cottage in Kendal",
 * "the new commute from Delft into Rotterdam is brutal" (the commute starts at home). The place is
 * the user's home now. Only the user's own news: a clause that opens with anyone else ("my sister
 * is unpacking in Graz"), looks ahead, is dated to a year, or tells of a stay says none.
 */

const WORK = new Set<string>(MOVING_IN);
const VERBS = new Set<string>(MOVING_IN_VERBS);
const COMMUTE = new Set<string>(FROM_HOME);
const WHERE = new Set<string>([...PLACE_BEFORE, 'into', 'to']);
const CUE = new RegExp(`\\b(?:${[...MOVING_IN, ...FROM_HOME].join('|')}|moved in|moving in)\\b`, 'i');
/** "unpacking at the hotel in Rome": where the user is held on the way, no home. */
const AWAY = new RegExp(`\\b(?:${HELD_UP.join('|')})\\b`, 'i');
/** A past of years ago: where the user moved then says nothing of now. */
const LONG_AGO = /\b(?:19|20)\d\d\b|\byears ago\b|\bused to\b|\bback then\b/i;
const PAST = /\b(?:was|were|used to|had been)\b/i;
/** "new", "daily": words before a commute that leave it the user's. */
const COMMUTE_OPENING = /^(?:new|daily|morning|my|our|the)$/i;

/** Where a home is said without "new" when a place's name follows ("the flat in Tórshavn"); a cabin or a cottage may be a stay. */
const LIVED_IN = 'flat|apartment|house|home|condo|townhouse|bungalow';
/** A stay away from home, however the first night there is told. */
const A_STAY = new RegExp(`\\b(?:${HELD_UP.join('|')}|holiday|vacation|trip|honeymoon|airbnb|rental|hostel|camping)\\b`, 'i');
/**
 * "our first week in the new house in Kakamega", "first night at my new flat in Leith", "tonight we sleep for the
 * first time in the flat in Tórshavn": the first days in a new home, or in a home named by its place.
 */
const FIRST_DAYS = new RegExp(
  String.raw`(?:^|[,;] )(?:(?:and|so|but|now|finally) )?(?:(?:tonight|today|yesterday|last night|this week|this weekend),? )?(?:(?:we|i) )?(?:(?:have |'ve |just |finally )*(?:spent|spend|had|slept|sleep|survived|woke up|wake up) )?(?:(?:our|my|the) )?(?:first (?:night|nights|week|weekend|day|days|month)|(?:for )?the first time) (?=(?:in|at) (?:the|our|my) (?:new (?:${DWELLINGS.join('|')})\b|(?:${LIVED_IN}) in \p{Lu}))`,
  'iu',
);

/** The user's new home a clause tells of by the work of moving in, or null. */
export function movedInAt(clause: string): Change | null {
  const first = FIRST_DAYS.exec(clause);
  if (first && !AHEAD.test(clause) && !LONG_AGO.test(clause) && !A_STAY.test(clause)) {
    const place = placeFrom(tag(clause.slice(first.index + first[0].length)), 0);
    return place ? { ends: [], to: place, role: 'place' } : null;
  }
  if (!CUE.test(clause) || !/\s\p{Lu}/u.test(clause) || AHEAD.test(clause) || LONG_AGO.test(clause) || saysStay(clause) || AWAY.test(clause)) return null;
  const terms = tag(clause).filter((t) => t.text !== '');
  for (let i = 0; i < terms.length; i++) {
    const word = terms[i]!.text.toLowerCase();
    if (COMMUTE.has(word)) {
      // "The commute from Kericho was killing me": a commute that was is the old home's.
      if (PAST.test(clause)) return null;
      const place =
        terms[i + 1]?.text.toLowerCase() === 'from' && terms.slice(0, i).every((t) => COMMUTE_OPENING.test(t.text)) ? placeAt(terms, i + 2) : undefined;
      return place ? { ends: [], to: place, role: 'place' } : null;
    }
    const movedIn = /^(?:moved|moving)$/.test(word) && terms[i + 1]?.text.toLowerCase() === 'in';
    if (!WORK.has(word) && !movedIn) continue;
    if (!opensOwn(terms.slice(0, i), VERBS)) return null;
    const place = placeFrom(terms, i + 1);
    return place ? { ends: [], to: place, role: 'place' } : null;
  }
  return null;
}

/** The first place named from `from` on where something is ("in Graz", "to the new house in Ashford"), never where from. */
function placeFrom(terms: Term[], from: number): string | undefined {
  for (let i = from; i < terms.length - 1; i++) {
    const word = terms[i]!.text.toLowerCase();
    if (!WHERE.has(word) || terms[i - 1]?.text.toLowerCase() === 'from' || /[.;!?]/.test(terms[i - 1]?.post ?? '')) continue;
    const place = placeAt(terms, terms[i + 1]!.text.toLowerCase() === 'the' ? i + 2 : i + 1);
    if (place) return place;
  }
  return undefined;
}
