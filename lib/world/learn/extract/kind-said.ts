import { kindNamed } from '../../kinds.ts';
import { slug } from '../../text.ts';
import { alternation } from './vocabulary/alternation.ts';
import { DIET } from './vocabulary/diet.ts';
import { pastimeNamed } from './vocabulary/pastimes.ts';
import { onePet, PET } from './vocabulary/pets.ts';
import { A_JOB_TITLE } from './vocabulary/work.ts';
import { DWELLING } from './vocabulary/holdings.ts';
import { TITLE } from './vocabulary/titles.ts';

/**
 * The catalogue key of a statement whose own words say its kind, for the ways of saying it the phrase
 * table does not know: what the user took up ("does a bit of fly fishing", "is all about hot yoga"), the team they
 * are on ("sits in the fraud team", "moving over to the billing squad") and an animal they took in
 * ("picked up a second staffy pup, Ruby"). Statements about someone else ("The user's brother…") and
 * denials never reach this (inKind).
 */
export function keySaid(statement: string): { key: string; statement?: string } | undefined {
  // A team said by how the user got there is said as where they are now ("moved across to the fraud team" → "is on the fraud team").
  const team = ON_A_TEAM.exec(statement)?.groups?.x;
  if (team) return { key: kindNamed('team').key, statement: `The user is on the ${team}` };
  const pet = (TOOK_IN.exec(statement) ?? HAS_NAMED.exec(statement) ?? FROM_A_SHELTER.exec(statement))?.groups;
  if (pet) return { key: `${kindNamed('pet').key}.${slug(pet.name ?? onePet(pet.animal!))}` };
  if (SEEING.test(statement)) return { key: kindNamed('partner').key };
  const place = (LIVES_IN.exec(statement) ?? IN_A_DWELLING.exec(statement))?.groups?.place;
  if (place) return { key: kindNamed('home').key, statement: `The user lives in ${place}` };
  const trip = A_TRIP.exec(statement)?.groups?.place;
  if (trip) return { key: `${kindNamed('plan').key}.${slug(trip)}` };
  const pastime = TAKES_PART.exec(statement)?.groups?.x;
  if (pastime && pastimeNamed(pastime)) return { key: `${kindNamed('hobby').key}.${slug(pastime)}` };
  return undefined;
}

/** Whether a statement says the diet the user keeps or left: "has been plant-based for a month", "is eating meat again". */
export function dietSaid(statement: string): boolean {
  return KEEPS_A_DIET.test(statement) || EATS_AGAIN.test(statement) || ON_A_DIET.test(statement);
}

/**
 * The job title a statement says the user came to hold, by how they came to it: "The user is stepping up as acting deputy
 * head from next term", "The user has taken over as farm manager since…", "The user got made permanent as a Year 2
 * teacher", "The user is a confirmed Assistant Professor in the department". Only a title the words of jobs name.
 */
export function titleSaid(statement: string): string | undefined {
  const title = CAME_TO_HOLD.exec(statement)?.groups?.title;
  return title && A_JOB_TITLE.test(title.replace(/^(?:acting|interim) /i, '')) ? title : undefined;
}
const CAME_TO_HOLD =
  /^The user (?:(?:has|have|is|was|got|had|has been|will be|just|now|finally|officially) )*(?:(?:step|steps|stepping|stepped) up (?:as|to)|(?:take|takes|taking|taken|took) over as|(?:come|came|coming) out of (?:it|the [\p{L}-]+) as|(?:made|make) permanent as|(?:confirmed|appointed|promoted|upgraded|regraded|elevated|bumped up|moved up|kept on|taken on|hired|qualified|signed off)(?: from [\p{L} -]+?)? (?:as|to)(?: the position of| the role of)?|(?:an? |the )?(?:confirmed|fully qualified|newly qualified|qualified|permanent|fully registered|registered))(?: an?| the)? (?<title>[\p{L}\d-]+(?: [\p{L}\d-]+){0,4}?)(?=$|,| (?:from|since|after|at|in|for|on|with|effective|until|till|while|when|so|and|but|now|this|next|as of)\b)/u;

/**
 * Whom a statement says the user answers to, by how it is said: "The user answers to Declan these days", "The user escalates
 * to Rohan", "The user has been put under Bronwyn for the next project", "The user is in Siew Ling's pod after the
 * restructure". A name only: "The user answers to nobody" names no one.
 */
export function bossSaid(statement: string): string | undefined {
  return ANSWERS_TO.exec(statement)?.groups?.name ?? IN_SOMEONES_UNIT.exec(statement)?.groups?.name;
}
const NAME = String.raw`(?<name>(?:(?:${TITLE})\.? )?\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?)`;
const ANSWERS_TO = new RegExp(
  String.raw`^The user (?:now |directly )?(?:answers|reports|escalates|is answerable|has been put under|was put under|got put under|is under|works under|is working under|has been placed under|was placed under)(?: directly)?(?: to)? ${NAME}(?=$| (?:now|these days|for|from|since|after|directly|at|on|in)\b)`,
  'u',
);
const IN_SOMEONES_UNIT = new RegExp(
  String.raw`^The user (?:is|has been|was|got|has got|is now)(?: now)? (?:put |moved |posted |placed |transferred )?(?:in|into|to|part of) ${NAME}'s (?:pod|team|squad|section|org|organisation|organization|group|unit|crew|department|dept|shift|ward|lab)\b`,
  'u',
);

/** The organisation a statement says the user works for now: "The user is a Barclays employee", "The user caved and took the job at Amazon". */
export function employerSaid(statement: string): string | undefined {
  return (STAFF_OF.exec(statement) ?? TOOK_A_JOB.exec(statement))?.groups?.org;
}
const ORG = String.raw`(?<org>\p{Lu}[\p{L}\d&'.-]*(?: (?:of |and |& )?\p{Lu}[\p{L}\d&'.-]*){0,4})`;
const STAFF_OF = new RegExp(String.raw`^The user is (?:now )?(?:an? )?${ORG} (?:employee|staffer|hire|recruit|team member)$`, 'u');
const TOOK_A_JOB = new RegExp(
  String.raw`^The user (?:[a-z]+ and )?(?:took|accepted|has taken|has accepted|started|has started|landed|got) (?:the|a|a new|their new) (?:job|role|position|post|offer)(?: [a-z]+){0,2} (?:at|with|from) ${ORG}(?=$| (?:as|in|on|from|since|after|for)\b)`,
  'u',
);

const NOW = '(?:(?:now|fully|mostly|strictly|properly|basically|pretty much|officially|also) )*';
/** "The user has been plant-based for about a month", "The user went fully vegetarian". */
const KEEPS_A_DIET = new RegExp(
  `^The user (?:is|has been|was|went|has gone|is going|became|has become|turned|has turned) ${NOW}(?:a )?${DIET}(?=$| (?:for|since|now|again|these days|lately|recently|and|at|in)\\b)`,
  'i',
);
/**
 * "The user is eating meat again", "The user has started eating fish", "The user has been eating meat all week": what the user
 * eats now ends the diet that kept it out.
 */
const EATS_AGAIN =
  /^The user (?:is|has started|started|is back to|went back to|has gone back to|has been|is now) (?:eating|having) (?:meat|fish|chicken|seafood|dairy|red meat)\b/i;

/** "The user is on a whole food plant based diet", "The user started the carnivore diet", "The user is on low sodium for their blood pressure". */
const ON_A_DIET =
  /^The user (?:is on|has been on|went on|has gone on|started|has started|is doing|switched to|has switched to|is trying) (?:(?:a|an|the) (?:[\p{L}-]+ ){1,4}diet\b|(?:a )?low[- ](?:sodium|salt|fat|carb|sugar|fodmap|residue|protein|cholesterol|gi)\b)/iu;

const TEAM_WORDS = alternation(kindNamed('team').words);
/** "The user sits in the payments team", "The user is on the commercial crew", "The user is moving over to the billing squad". */
const ON_A_TEAM = new RegExp(
  `^The user (?:(?:is|sits|works|is moving|is going|is heading|is working|started|has started|(?:has |have )?(?:been |got |gotten |was |were )?(?:moved|transferred|switched|shifted|put|placed|reassigned|seconded|rotated))(?: (?:over|across|back|now))? (?:on|in|into|onto|to|with)|(?:has )?joined) (?:the )?(?<x>(?:[\\p{L}&-]+ ){0,3}${TEAM_WORDS})(?=$| now\\b| these days\\b| at\\b)`,
  'iu',
);

/** "The user has a collie called Bracken", "The user has two rescue greyhounds named Dot and Bunty". */
const HAS_NAMED = new RegExp(
  String.raw`^The user has (?:an?|one|two|three|\d+) (?:[\p{L}-]+ ){0,3}?(?<animal>${PET}) (?:called|named) (?<name>\p{Lu}[\p{L}'-]*)`,
  'u',
);
/** "The user has been seeing Euan since the summer", "The user is going out with Tom": whom the user is with. */
const SEEING =
  /^The user (?:is|has been|was) (?:now )?(?:seeing|dating|going out with|courting) \p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?(?=$|,| (?:since|for|now|these days|who)\b)/u;
/** "The user lives in the village of Haxby with their husband", "The user is living in Tatuanui now": the user's home, whatever key another reading gave it. */
const LIVES_IN =
  /^The user (?:now )?(?:lives|is living|is now living|stays|is staying|is based|is settled|has settled) (?:now )?(?:in|at) (?:the (?:village|town|city|suburb|hamlet|parish) of )?(?<place>\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*){0,3})(?=$|,| (?:with|now|near|for|since|and)\b)/u;

/** "The user is in a wee cottage at Struy…", "The user has a shoebox of a flat in Rathmines…", "The user is on their brother's couch in Zaandam until…": where the user's dwelling is. */
const IN_A_DWELLING = new RegExp(
  `^The user (?:now )?(?:is|is now|has|has got|rents|is renting|owns|lives|(?:has |have |just )*moved (?:in)?to) (?:in |on )?(?:an? |their |the )?(?![^,]*\\b(?:holiday|summer|second|weekend|country|beach|investment|rental|buy-to-let|rent(?:ing|ed)? (?:it )?out|let(?:ting)? out|airbnb)\\b)(?:[\\p{L}'’-]+ ){0,3}?(?:${DWELLING}|villa|couch|sofa|spare room)(?: (?:at|in) (?:an? |the )?[\\p{Ll} -]{3,30}?)? (?:in|at|on) (?<place>\\p{Lu}[\\p{L}'-]*(?: \\p{Lu}[\\p{L}'-]*){0,2})(?=$|,| (?:with|now|near|for|since|and|that|which|until|till)\\b)`,
  'u',
);

/** "The user is doing a long weekend in San Antonio over Christmas", "The user has got two weeks in Maui booked": a trip ahead. */
const A_TRIP =
  /^The user (?:is doing|will do|is taking|will take|has got|has|has booked|is going on|is planning) (?:an? |two |three |four |a couple of |a few |\d+ )?(?:long |short |quick |big )?(?:weekend|weeks?|days?|nights?|fortnight|trip|holiday|vacation|getaway|break|road trip|cruise|safari|city break|honeymoon) (?:away )?(?:in|to|on|at) (?<place>\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*){0,2})(?=$|,| (?:booked|planned|lined up|over|in|on|for|this|next|with|and)\b)/u;

/** "The user adopted Biscuit from the shelter": whoever comes home from a rescue is a pet. */
const FROM_A_SHELTER =
  /^The user (?:has |have |just )*(?:adopted|rescued|got|took in|brought home) (?<name>\p{Lu}[\p{L}'-]*) from (?:the |a |an |our local )?(?:shelter|rescue|rescue centre|rescue center|pound|rspca|spca|humane society|dogs trust|cats protection|battersea)\b/u;

/** "The user picked up a second staffy pup, Ruby", "The user has taken in two ex-battery hens…, Dot and Bunty". */
const TOOK_IN = new RegExp(
  `^The user (?:has )?(?:got|adopted|picked up|took in|taken in|rescued|brought home|welcomed)\\b[^,]*?\\b(?<animal>${PET})\\b[^,]*(?:, (?<name>\\p{Lu}[\\p{L}'-]*))?`,
  'u',
);

/** "The user does a bit of woodturning in the shed", "The user is all about hot yoga", "The user has taken up sea kayaking". */
const TAKES_PART =
  /^The user (?:(?:has )?(?:also |just |recently )?(?:does|do|did|is doing|has been doing|started|has started|took up|has taken up|is into|is really into|is all about|got into|has got into)) (?:a bit of |some |a lot of |loads of |the odd bit of )?(?<x>[\p{Ll}-]+(?: [\p{Ll}-]+)?)(?=$|,| (?:in|at|on|with|when|most|every|before|after|now|again|these|this|twice|once|\d)\b)/u;
