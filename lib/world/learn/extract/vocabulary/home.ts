/**
 * Words that say where the user's home is, beside the home kind's own verbs (kinds.ts `said_by`):
 * "stuck in Bratislava", "here in Amman", "my commute from Leiden", and the words that make a
 * dwelling or a stay someone's other than the user's home now.
 */
import { DWELLINGS } from './holdings.ts';

/** What the user is, in a place, that makes it where they live: "based in", "stuck in", "settled in". */
export const KEPT_IN = ['based', 'stuck', 'settled', 'located', 'rooted', 'stationed'] as const;

/** Words between a home verb and where: "living out in Cork", "settled down in", "live right here in". */
export const WHERE_FILLER = ['out', 'over', 'down', 'up', 'here', 'there', 'right', 'still', 'now', 'currently', 'permanently', 'full-time', 'back'] as const;

/** A way the user goes from home, so that where it starts is the home: "my commute from Leiden". */
export const FROM_HOME = ['commute', 'commutes', 'commuting'] as const;

/** A dwelling said so is not the home the user lives in now: "their old flat in Leeds", "a summer house on Fanø". */
export const OTHER_DWELLING = [
  'old',
  'former',
  'previous',
  'last',
  'first',
  'summer',
  'holiday',
  'beach',
  'weekend',
  'second',
  'childhood',
  'future',
  'dream',
] as const;

/** A stay, not a home: "in Paris for a conference", "stuck in Doha on a layover". */
export const STAY = [
  'trip',
  'holiday',
  'holidays',
  'vacation',
  'visit',
  'visiting',
  'conference',
  'layover',
  'stopover',
  'tour',
  'honeymoon',
  'getaway',
  'workshop',
  'wedding',
  'funeral',
  'birthday',
  'christmas',
  'reunion',
  'festival',
  'graduation',
  'hotel',
  'hostel',
  'airbnb',
  'resort',
  'campsite',
] as const;

/** Where one is held up on the way, not where one lives: "stuck at the airport in Doha", "stuck in traffic in Houston". */
export const HELD_UP = ['hotel', 'airport', 'traffic', 'station', 'queue'] as const;

/** Verbs whose past still holds the home they name: "settled in Porto", "moved into a flat in Leith", "got my own place in Southaven". */
export const STILL_HOLDS = ['settle', 'move', 'get', 'buy', 'find'] as const;

/** What the user only wants, plans or imagines: no home they have. */
export const NOT_YET = ['want', 'hope', 'plan', 'wish', 'dream', 'consider', 'think', 'intend', 'need', 'miss', 'visit', 'leave'] as const;

/** Verbs that give the user the dwelling they name: "shares a flat in Glasgow", "has a house near Cork". */
export const HAS_DWELLING = ['share', 'have', 'own', 'rent', 'get', 'buy', 'find'] as const;

/** Holdings the user lives on, besides a dwelling: "our small mango farm in Guimaras", "their croft on Lewis". */
export const HOMESTEADS = ['farm', 'ranch', 'smallholding', 'croft', 'homestead', 'finca', 'estancia'] as const;

/** Verbs of moving home, whose where to may be said elsewhere in the turn ("just moved here"). */
export const MOVE_VERBS = ['move', 'relocate'] as const;

/** Words between a verb of moving and where to: "moved up here", "moved back over", "moved house last week". */
export const MOVE_PARTICLES = ['up', 'down', 'over', 'across', 'back', 'in', 'house', 'all', 'just', 'finally', 'permanently'] as const;

/** Words before a place that say something is there: "climbing gyms in Tromsø", "a gp near Cork". */
export const PLACE_BEFORE = ['in', 'near', 'around', 'outside', 'on'] as const;

/** The work of moving into a home, whose place is the user's home now: "still unpacking boxes in Graz", "all moved in to the house in Ashford". */
export const MOVING_IN = ['unpack', 'unpacking', 'unpacked', 'mortgage', 'housewarming', 'movers', 'removals', 'removal'] as const;

/** Verbs the user tells the work of moving in with: "finished unpacking in Antwerp", "got the mortgage on a cottage in Kendal". */
export const MOVING_IN_VERBS = ['finish', 'get', 'be', 'have', 'do', 'start', 'sign', 'close', 'throw', 'host', 'move'] as const;

/** Where the user is as they say something: "writing from Porto Alegre", "working from Lisbon these days". */
export const WRITING_FROM = ['writing', 'texting', 'messaging', 'typing', 'posting', 'calling', 'working'] as const;

/** Words that make a thing the user's from before a move: "selling the old sofa in Leeds", "our former flat in Hull". */
export const FROM_BEFORE = ['old', 'former', 'previous'] as const;

/** What the user held of the home itself, which a move takes along: the dwelling lived in, who shares it, the way to work from it. */
export const HOME_FACET = new RegExp(
  `\\b(?:(?:live|lives|living|stay|stays|staying|rent|rents|renting|share|shares|sharing)\\b[^,]*\\b(?:${[...DWELLINGS, 'res', 'residence', 'pg'].join('|')})|commute|commutes|commuting|housemates?|flatmates?|roommates?|(?:get|gets|take|takes|catch|catches|ride|rides|drive|drives|cycle|cycles|walk|walks|bike|bikes) (?:the [\\p{L}-]+ )?(?:in )?to (?:work|the office|uni|school|class|college))\\b`,
  'iu',
);
