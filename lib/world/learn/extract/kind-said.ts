import { kindNamed } from '../../kinds.ts';
import { slug } from '../../text.ts';
import { alternation } from './vocabulary/alternation.ts';
import { DIET } from './vocabulary/diet.ts';
import { pastimeNamed } from './vocabulary/pastimes.ts';
import { onePet, PET } from './vocabulary/pets.ts';

/**
 * The catalogue key of a statement whose own words say its kind, for the ways of saying it the phrase
 * table does not know: what the user took up ("does a bit of fly fishing", "is all about hot yoga"), the team they
 * are on ("sits in the fraud team", "moving over to the billing squad") and an animal they took in
 * ("picked up a second staffy pup, Ruby"). Statements about someone else ("The user's brother…") and
 * denials never reach this (inKind).
 */
export function keySaid(statement: string): string | undefined {
  const team = ON_A_TEAM.exec(statement)?.groups;
  if (team) return kindNamed('team').key;
  const pet = TOOK_IN.exec(statement)?.groups;
  if (pet) return `${kindNamed('pet').key}.${slug(pet.name ?? onePet(pet.animal!))}`;
  const pastime = TAKES_PART.exec(statement)?.groups?.x;
  if (pastime && pastimeNamed(pastime)) return `${kindNamed('hobby').key}.${slug(pastime)}`;
  return undefined;
}

/** Whether a statement says the diet the user keeps or left: "has been plant-based for a month", "is eating meat again". */
export function dietSaid(statement: string): boolean {
  return KEEPS_A_DIET.test(statement) || EATS_AGAIN.test(statement) || ON_A_DIET.test(statement);
}

const NOW = '(?:(?:now|fully|mostly|strictly|properly|basically|pretty much|officially|also) )*';
/** "The user has been plant-based for about a month", "The user went fully vegetarian". */
const KEEPS_A_DIET = new RegExp(
  `^The user (?:is|has been|was|went|has gone|is going|became|has become|turned|has turned) ${NOW}(?:a )?${DIET}(?=$| (?:for|since|now|again|these days|lately|recently|and|at|in)\\b)`,
  'i',
);
/** "The user is eating meat again", "The user has started eating fish": what the user eats now ends the diet that kept it out. */
const EATS_AGAIN =
  /^The user (?:is|has started|started|is back to|went back to|has gone back to) (?:eating|having) (?:meat|fish|chicken|seafood|dairy|red meat)\b/i;

/** "The user is on a whole food plant based diet", "The user started the carnivore diet", "The user switched to a mediterranean diet". */
const ON_A_DIET =
  /^The user (?:is on|has been on|went on|has gone on|started|has started|is doing|switched to|has switched to|is trying) (?:a|an|the) (?:[\p{L}-]+ ){1,4}diet\b/iu;

const TEAM_WORDS = alternation(kindNamed('team').words);
/** "The user sits in the payments team", "The user is on the commercial crew", "The user is moving over to the billing squad". */
const ON_A_TEAM = new RegExp(
  `^The user (?:is|sits|works|is moving|is going|is heading|is working|started|has started)(?: (?:over|across|back|now))? (?:on|in|into|onto|to|with) (?:the )?(?<x>(?:[\\p{L}&-]+ ){0,3}${TEAM_WORDS})(?=$| now\\b| these days\\b| at\\b)`,
  'iu',
);

/** "The user picked up a second staffy pup, Ruby", "The user has taken in two ex-battery hens…, Dot and Bunty". */
const TOOK_IN = new RegExp(
  `^The user (?:has )?(?:got|adopted|picked up|took in|taken in|rescued|brought home|welcomed)\\b[^,]*?\\b(?<animal>${PET})\\b[^,]*(?:, (?<name>\\p{Lu}[\\p{L}'-]*))?`,
  'u',
);

/** "The user does a bit of woodturning in the shed", "The user is all about hot yoga", "The user has taken up sea kayaking". */
const TAKES_PART =
  /^The user (?:(?:has )?(?:also |just |recently )?(?:does|do|did|is doing|has been doing|started|has started|took up|has taken up|is into|is really into|is all about|got into|has got into)) (?:a bit of |some |a lot of |loads of |the odd bit of )?(?<x>[\p{Ll}-]+(?: [\p{Ll}-]+)?)(?=$|,| (?:in|at|on|with|when|most|every|before|after|now|again|these|this|twice|once|\d)\b)/u;
