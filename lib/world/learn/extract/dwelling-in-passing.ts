import { DWELLING } from './vocabulary/holdings.ts';
import { OTHER_DWELLING, STAY } from './vocabulary/home.ts';
import { alternation } from './vocabulary/alternation.ts';
import { someoneElseBefore } from './someone-else.ts';
import { isPlace } from './segment.ts';
import { inLexicon } from './tagger.ts';

/**
 * Where the user lives, said in passing through their dwelling ("we've had no hot water in our flat in
 * Headingley"), said again as "I live in …". In a turn about moving (keys handed over or picked up, a
 * first night, a lease, boxes, a move), the dwelling the story arrives at is the new home whatever its
 * article: "first night in the little cottage in Stoneybatter", "the semi in Chorlton", "our first night
 * in the Walthamstow flat". Nothing of a dwelling left, sold or someone else's ("moved out of the WG",
 * "my old place in Austin", "my sister's flat in Leith"), nor, outside a move, of one the clause is about
 * leaving or its past: the readers of change read those.
 */
export function dwellingInPassing(clause: string, moving: boolean, sentence = clause): string[] {
  if (!moving) {
    // "Born in Hartlepool, never left": what is around the home may lie past the clause, in its sentence.
    const around = homeSaidAround(sentence.startsWith(clause) ? sentence : clause);
    if (around) return [`I live in ${around}`];
    if (CHANGED.test(clause)) return [];
    const place = OURS_IN.exec(clause)?.groups?.place ?? DWELLING_IS_IN.exec(lowerFirst(clause))?.groups?.place ?? hereIn(clause);
    return place ? [`I live in ${place}`] : [];
  }
  // "First night in the apartment in Lisbon on our honeymoon": a stay is no home.
  if (AWAY.test(clause)) return [];
  for (const re of ARRIVED_AT)
    for (const m of clause.matchAll(re)) {
      const place = CAPITALISED.exec(m.groups!.place!)?.[0];
      const before = clause.slice(0, m.index);
      if (!place || LEFT_BEHIND.test(before.slice(-30)) || someoneElseBefore(before)) continue;
      // "the new place in Tórshavn": a word for any home says nothing of it.
      if (/^(?:place|home)$/i.test(m.groups!.kind!)) return [`I live in ${place}`];
      // "a four-bed detached": what the dwelling is, without how new or whose it is.
      const kind = `${m.groups!.how!.replace(/\b(?:new|own|whole)\b/gi, '')} ${m.groups!.kind}`.trim().replace(/\s+/g, ' ').toLowerCase();
      return [`I live in ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} in ${place}`];
    }
  return [];
}

const NOT_MINE = alternation([...OTHER_DWELLING]);
const AWAY = new RegExp(`\\b(?:${alternation([...STAY])}|honeymoon|hotel|hostel|airbnb|retreat)\\b`, 'i');
/** "Partick", "Bridge of Allan", "Freiburg im Breisgau", "Kelowna, BC": a town's name, with the small words some names hold. */
const JOINED = String.raw`(?:,? | (?:of|upon|de|del|da|do|la|le|im|am|sur|op|aan) )`;
const PLACE = String.raw`\p{Lu}[\p{L}'-]*(?:${JOINED}\p{Lu}[\p{L}'-]*){0,2}`;
/** "our street in Fremantle", "my HDB flat in Tampines", "we house in Oistins", "we have a flat in Partick with…": the user's dwelling, or the street or estate it is on, and where. */
const OURS_IN = new RegExp(
  String.raw`\b(?:[Mm]y|[Oo]ur|[Ww]e(?= house\b)|(?:[Ww]e|I)(?: have| 've got| have got|'ve got| rent| own) an?) (?!${NOT_MINE}\b)(?:[\p{Ll}\p{Lu}\d-]+ ){0,2}?(?:${DWELLING}|street|road|estate|block|neighbou?rhood) (?:in|near|just off|off) (?<place>${PLACE})`,
  'u',
);
/** "our house is right by the harbour in Newlyn", "Cottage is up top of the hill in Kinsale": the user's dwelling said to be somewhere. */
const DWELLING_IS_IN = new RegExp(
  String.raw`(?:\b(?:my|our) (?!${NOT_MINE}\b)(?:[\p{Ll}\d-]+ ){0,2}?|^)(?:${DWELLING})(?: is|'s) (?!(?:[\p{Ll}'-]+ ){0,8}?(?:than|like|not|never|for sale|being|going)\b)(?:[\p{Ll}'-]+ ){0,8}?in (?<place>${PLACE})`,
  'u',
);
const lowerFirst = (clause: string) => `${clause.charAt(0).toLowerCase()}${clause.slice(1)}`;
const CHANGED =
  /\b(?:sold|selling|sell|left|leaving|leave|moved|moving|move|used to|was|were|had been|until|before|after|vacat\w*|renovat\w*|buy(?:ing)?|bought|view(?:ing)?|looking at|offer|mortgage|visit\w*|staying at|airbnb|rent(?:ing)? out|let(?:ting)? out)\b/i;

/**
 * "It's lashing down here in Galway again", "winter's set in here in Dunedin", "Retired to Torquay five years back": where the
 * user is, said of the weather or the season, or where they retired to, is home; never a stay ("here in Paris for a conference")
 * nor a time ("here in April").
 */
function hereIn(clause: string): string | undefined {
  const m = HERE_IN.exec(clause);
  // "Winter's set in", "Summer has arrived": a season or the weather is no one else.
  const before = clause.slice(0, m?.index).replace(SEASON, (_, season: string, is?: string) => `${season.toLowerCase()}${is ? ' is' : ''}`);
  if (!m || AWAY.test(clause) || THEN_OR_LATER.test(clause) || someoneElseBefore(before)) return undefined;
  const place = m.groups!.place!;
  // A town the tagger does not know is still a name there ("up here in Aberdeen"); a word it knows must be a place's ("here in Accounts").
  return isPlace(place) || !inLexicon(place.toLowerCase()) ? place : undefined;
}
/**
 * Home said by what is around it: "rent in Curitiba where I live", "my neighbours in Bologna", "Abuja has been
 * home since 2015", "born in Hartlepool, never left", "Chicago born and raised, still live here", "we're out Erdington way", "currently in Bukit Merah",
 * "ma wee place in Leith".
 */
function homeSaidAround(clause: string): string | undefined {
  for (const [re, always] of HOME_AROUND) {
    const m = re.exec(clause);
    // "…cut three times this week in Trois-Rivières where I live": where the user lives is said as so whatever else is dated.
    if (!m || AWAY.test(clause) || (!always && THEN_OR_LATER.test(clause))) continue;
    // "My youngest started at the school round the corner from us in Penrith": said of the user ("us", "where I live"), it is theirs whoever the clause is about.
    if (!NAMES_THE_USER.test(m[0]) && someoneElseBefore(clause.slice(0, m.index))) continue;
    const place = (m.groups!.place ?? m.groups!.from ?? m.groups!.town)!;
    if (isPlace(place) || !inLexicon(place.toLowerCase())) return place;
  }
  return undefined;
}
const NAMES_THE_USER = /\b(?:us|me|I|we)\b/i;
/** Words for how near something is in a town: "near", "round the corner from", "five minutes from". */
const NEAR = String.raw`near|nearby|close to|not far from|(?:a|five|ten|\d+)[- ]minutes? (?:walk )?from|(?:round|around) the corner from|(?:down|up|across) the (?:road|street) from`;
/** Words for where something stands beside a home ("next to our house"), which of a person say where they stood ("the man next to me in Tesco"). */
const BESIDE = String.raw`by|beside|behind|opposite|next to|next door to`;
const HOME_AROUND: [RegExp, boolean][] = (
  [
    [String.raw`\b(?:in|at) (?<place>${PLACE}),? where (?:I|we) (?:live|stay|are based|'re based|am based|'m based)\b`, true],
    [String.raw`\b(?:[Mm]y|[Oo]ur) (?:next-door )?neighbou?rs (?:in|here in|up in|down in) (?<place>${PLACE})`, false],
    [String.raw`(?:^|[,;]\s*|\b(?:but|and)\s+)(?<place>${PLACE}) (?:has been|'s been|is|'s) (?:my |our )?home (?:since|for|now)\b`, true],
    [
      String.raw`(?:\b[Bb]orn (?:and (?:raised|bred) )?in (?<place>${PLACE})|\b(?:from|[Ii]'m an?) (?<from>${PLACE})|(?<=^|[.!?]\s+)(?<town>${PLACE}),? born and (?:raised|bred)),? (?:and )?(?:(?:I|we) )?(?:never left|still here|still (?:live|living) (?:here|there))\b`,
      true,
    ],
    [String.raw`\b(?:[Ww]e're|I'm|[Ww]e are|I am|[Ww]e live|I live) (?:out|over|up|down) (?<place>${PLACE}) way\b`, false],
    // "running my own electrical business out of Hamilton": where the user's own business is based.
    [
      String.raw`\b(?:[Mm]y|[Oo]ur) own (?:[\p{Ll}-]+ ){0,2}(?:business|company|firm|shop|practice|outfit|workshop|studio|salon|garage|bakery|café|cafe) (?:out of|based in|based out of) (?<place>${PLACE})`,
      false,
    ],
    [String.raw`(?:^|[.!?]\s+)(?:[Cc]urrently|[Pp]resently) (?:in|living in|based in) (?<place>${PLACE})`, false],
    [String.raw`\b[Mm]a (?:wee |little )?(?:${DWELLING}) in (?<place>${PLACE})`, false],
    // "the primary round the corner from us in Penrith", "the park near me in Hackney": what is near the user is where they are.
    [
      String.raw`\b(?:(?:${NEAR}) (?:us|me)|(?:${NEAR}|${BESIDE}) (?:our|my) (?:house|place|flat|home|door)) (?:here |up |down |out |over )?in (?<place>${PLACE})`,
      false,
    ],
    // "40 degrees at ours in Mildura": "ours" is the user's home.
    [String.raw`\b(?:at|to|round|over|back at|back to) ours (?:here |up |down |out |over )?in (?<place>${PLACE})`, false],
    // "the ZR from Speightstown, right by where we live": a place said to be by the user's home.
    [String.raw`\b(?:in|at|from|to|on) (?<place>${PLACE}),? (?:right |just |which is |that's )?(?:${NEAR}|${BESIDE}) where (?:I|we) (?:live|stay)\b`, true],
  ] as const
).map(([source, always]) => [new RegExp(source, 'u'), always]);
const SEASON = /\b(winter|summer|spring|autumn|fall|weather|rain|wind|snow|heat|frost)(['’]s)?\b/giu;
const HERE_IN = new RegExp(
  String.raw`\b(?:(?:(?:[Uu]p|[Dd]own|[Oo]ut|[Oo]ver|[Rr]ight) )?[Hh]ere in|[Rr]etired (?:down |out |over |up )?to) (?<place>${PLACE})(?! ?\d)`,
  'u',
);
/** A clause of then or of later: "it was freezing here in Oslo", "I'll be here in Rome till Friday". */
const THEN_OR_LATER =
  /\b(?:will|'ll|going to|gonna|next|till|until|for (?:a|the|two|three|\d+) (?:days?|nights?|weeks?)|this (?:week|weekend)|tonight|yesterday|last (?:week|year|month)|years ago)\b/i;

/** A turn that tells a move: keys, a first night, a lease, boxes, removals, moving in or out. */
export const MOVING =
  /\b(?:keys?|(?:bought|buying|closed on|completed on|got) (?:a|our|my|the) (?:first |new |own |little )?(?:house|home|flat|place|apartment|condo|bungalow|cottage)|first (?:night|sleep|week|morning)|mov(?:ed|ing) (?:in|into|out|over|to|from|again|house|home)|lease|unpack\w*|boxes|removals?|packers|movers|u-?haul|settl(?:ed|ing) in|new (?:place|flat|house|home|apartment|address|digs)|address is registered|relocat\w*)\b/i;
/** "the little cottage in Stoneybatter", "a 2BHK in HSR Layout", "the Walthamstow flat": a dwelling and where it is. */
const BEFORE = String.raw`\b(?:the|a|an|our|my)(?<how>(?: (?!${NOT_MINE}\b)(?:new|little|tiny|small|whole|own|lovely|proper|shared|rented|serviced|\w+-bed|[\p{Ll}-]+ed))*)`;
const ARRIVED_AT = [
  String.raw`${BEFORE}(?<year>(?: \d{4}s)?) (?<kind>${DWELLING}|room|wg(?: room)?) (?:in|near) (?<place>${PLACE})`,
  String.raw`${BEFORE} (?<place>${PLACE}) (?<kind>${DWELLING})\b`,
].map((source) => new RegExp(source, 'giu'));
/** The capitalised words a case-blind match began with: the place's name. */
const CAPITALISED = new RegExp(String.raw`^\p{Lu}[\p{L}'-]*(?:${JOINED}\p{Lu}[\p{L}'-]*)*`, 'u');
/** What a dwelling named just after it is left by, or whose it is besides the user's. */
const LEFT_BEHIND = /\b(?:out of|left|leaving|from|sold|selling|his|her|their|(?!(?:it|that|this|there|here|what|who|he|she|which)'s)\p{L}+'s)\s+$/iu;
