import { CHILD, RELATIVE } from './vocabulary/family.ts';
import { PET } from './vocabulary/pets.ts';
import { BOSS, ROLE } from './vocabulary/work.ts';

/**
 * Sentences in the English of people who learned it, said as the rules read them: a possessive
 * left out ("my husband name is Ahmed"), a subject said twice ("my wife she is a teacher"), a
 * preposition of another language ("allergic for penicillin", "work like nurse"), and an age
 * had rather than been ("she have 6 years").
 */

const WHO = String.raw`(?:${RELATIVE}|${CHILD}|${PET}|${BOSS})`;

const REWRITES: [RegExp, string | ((...m: string[]) => string)][] = [
  [new RegExp(String.raw`\b((?:my|our) ${WHO}) (name (?:is|was)\b)`, 'giu'), "$1's $2"],
  [new RegExp(String.raw`^((?:my|our) ${WHO}(?: \p{Lu}[\p{L}'-]*)?),? (?:she|he|they|it) (?=(?:is|was|has|works|lives|loves|likes)\b)`, 'iu'), '$1 '],
  [/\ballergic (?:for|of|on|with|against) /gi, 'allergic to '],
  // "i have allergy for kiwi", "I have an allergy from cats": an allergy said as a thing had, with another language's preposition.
  [/\b(I|i) (?:have|got|has) (?:an? )?allergy (?:for|of|on|with|against|from) /g, "$1'm allergic to "],
  // "I am 27 years and working as…": an age said without "old".
  [/\b(I am|I'm) (\d{1,2}) (?:years|yrs)(?! old\b)(?= and\b|[,.!]|$)/giu, '$1 $2 years old'],
  // "I also allergic to latex", "we vegetarian now": what the user is, said without "am" or "are".
  [
    /\b(I|[Ww]e)((?: also| now| still| really| very| so)*) (?=(?:allergic|intolerant|lactose intolerant|vegetarian|vegan|pescatarian|diabetic|coeliac|celiac|married|engaged|retired|pregnant)\b)/gu,
    (_, who: string, how: string) => `${who} ${who === 'I' ? 'am' : 'are'}${how} `,
  ],
  // "Hi, myself Rahul Menon": the user's name, as Indian English introduces it.
  [
    /^((?:(?:hi|hello|hey|namaste|good (?:morning|evening))[,!.]*\s+)?)myself (\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?)(?=[,.!]|\s+(?:here|and|but)\b|$)/iu,
    "$1I'm $2",
  ],
  // "Myself and Cian are renting…": the user and whom, as Irish English says it.
  [/(?<=^|[,;.!]\s*)[Mm]yself and (\p{Lu}[\p{L}'-]*)(?=[ ,(])/gu, '$1 and I'],
  // "married with Rosa": a preposition of another language before whom the user married.
  [/\b(married|engaged) with (?=\p{Lu})/gu, '$1 to '],
  // "I am pure veg": vegetarian, as Indian English says it.
  [/\b(I am|I'm|we are|we're) (?:pure |strict |full )?veg\b(?!-)/giu, '$1 vegetarian'],
  // "I am having dust allergy", "Husband is having his own shop": a state said in the progressive.
  [
    /\b(I am|I'm|we are|we're|(?:he|she) is) having (?=(?:a |an |one |two |three |\d+ |my |his |her |our |own )?(?:[\p{L}-]+ ){0,2}(?:allerg(?:y|ies)|intolerance|diabetes|asthma|sugar|pressure|shop|business|car|bike|scooter|dog|cat|son|sons|daughter|daughters|kids|children|brother|sister)\b)/giu,
    (_, who: string) => (/^(?:he|she)/i.test(who) ? `${who.split(' ')[0]} has ` : `${who.split(/\s|'/)[0]} have `),
  ],
  // "from childhood itself", "in Pune only": a word of emphasis after what it stresses.
  [/(?<=\p{L}) (?:itself|only)(?=[,.!?;]|$)/gu, ''],
  // "my wee boy Callum": a child named by the word for a boy or a girl.
  [
    /\b([Mm]y|[Oo]ur) (?:wee |little |lil |baby )?(boy|girl|lad|lass)(?=,? \p{Lu})/gu,
    (_, my: string, w: string) => `${my} ${/boy|lad/.test(w) ? 'son' : 'daughter'}`,
  ],
  // "coffee I cannot": what the user does without, said first.
  [
    /^(\p{Ll}[\p{L} ]{0,30}?) I (cannot|can't|can not|don't|do not)(?: (drink|eat|have|take))?[.!]?$/u,
    (_, what: string, not: string, verb?: string) => `I ${not} ${verb ?? 'have'} ${what}`,
  ],
  // "I drink only black tea": "only" before what the user has.
  [/\b(drink|eat|use|speak|play) only (?=\p{L})/giu, '$1 '],
  // "Husband Gurpreet is having…", "Son Jasraj is in 7th", "Son Eoin's in Galway": someone of the user's, named without "my".
  [
    new RegExp(
      String.raw`^(?:(?:and|also) )?(?:one |my )?(${WHO}) (\p{L}[\p{L}-]*)(?:(?=,? (?:is|has|works|lives|he|she)\b)|'s(?= (?:in|at|a|an|the|doing|working|studying|now|still|off|away|home|back)\b))`,
      'iu',
    ),
    (m: string, who: string, name: string) => (/^\p{Lu}/u.test(name) ? `My ${who.toLowerCase()} ${name}${m.endsWith("'s") ? ' is' : ''}` : m),
  ],
  // "Myself and my husband Raghavan are vegetarian": the user said first, as "myself".
  [
    /^(?:[Mm]yself|[Mm]e) and (?:(m)y|(o)ur) ([^,]{1,40}?) (?=(?:are|have|were|live|work|love|like|go|eat|both)\b)/u,
    (_, m: string | undefined, _o: string | undefined, who: string) => `${m ? 'My' : 'Our'} ${who} and I `,
  ],
  // "me I drink strong coffee", "…, me I'm in the kitchen": the subject said twice.
  [/(?<=^|,\s)me,? (?=I\b|I'm\b)/g, ''],
  // "…because of allergy, is very serious": a clause about what was just said, its "it" dropped.
  [/(?<=, )(?=(?:is|was) (?:very |really |so |quite |too |super |not )?\p{Ll}+[.!]*$)/u, 'it '],
  // "I am working by Brenner Hydraulik", "I work by Siemens": an employer said with the German "bei".
  [/\b([Ww]ork(?:s|ed|ing)?) by (?=\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)*(?:[.,!;]|$| (?:as|since|for|in|and|now)\b))/gu, '$1 at '],
  // "my house in Tema", "our flat near the port": a home said without its "is".
  [/^((?:my|our) (?:house|home|flat|apartment|place)) (?=(?:in|near) \p{Lu})/u, '$1 is '],
  // "I stay Kasarani", "living Gdańsk": a verb of living before a place's name without its "in".
  [
    /\b((?:[Ii]|[Ww]e) (?:live|stay)|\b[Ll]iving|(?:^|(?<=, ))(?:[Ll]ive|[Ss]tay(?:ing)?)) (?=\p{Lu}[\p{L}'-]*(?:\s*$|,| side\b| district\b| area\b| with\b| near\b| since\b| for\b| now\b))(?!(?:In|At|With|For|Home)\b)/gu,
    '$1 in ',
  ],
  // "we're in Rosemont, in Montréal": a district, then the city it is in, said as one place.
  [/\b(in \p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?), in (?=\p{Lu}[\p{L}'-]*(?:[.!;]|$))/gu, '$1, '],
  // "Mom of two, Léa and Thomas": how many children the user has, said as what the user is.
  [
    /^(?:(?:I'm|I am|Im) )?(?:an? )?(?:[Pp]roud |[Bb]usy |[Ss]ingle )?(?:[Mm]om|[Mm]um|[Mm]other|[Dd]ad|[Ff]ather|[Pp]arent|[Mm]ama|[Pp]apa) of (two|three|four|five|six|\d)(?=[,.!;]|$| (kids|children|boys|girls|daughters|sons)\b)(?: (kids|children|boys|girls|daughters|sons))?/u,
    (_, n: string, which?: string) => `I have ${n} ${which ?? 'kids'}`,
  ],
  // "There's also my collie, Bracken": a pet of the user's, introduced.
  [new RegExp(String.raw`^(?:(?:and|then|oh|also|plus),? )*there(?:'s| is) (also )?(?:my|our) (?=${PET}\b)`, 'iu'), 'I $1have a '],
  // "Barney is our springer spaniel", "and Wilf's my ancient tabby": a pet of the user's, named first.
  [
    new RegExp(
      String.raw`^(?:(?:and|then|oh|also|plus),? )*(?!(?:He|She|It|They|This|That|There|Who|Which)\b)(\p{Lu}[\p{L}-]*)(?: is|'s) (?:our|my) ((?:[\p{L}-]+ ){0,2}${PET})\b(?: and (?:an?|the) [^,.;!?]*)?`,
      'u',
    ),
    (_, name: string, pet: string) => `I have a ${pet} called ${name}`,
  ],
  // "At home is our old sheepdog Kópur": a pet of the user's, said where it is first.
  [
    new RegExp(String.raw`^(?:(?:and|also),? )?at home (?:is|are|there is|there's) (?:our|my) ((?:[\p{L}-]+ ){0,2}${PET}),? (\p{Lu}[\p{L}'-]*)`, 'iu'),
    (_, pet: string, name: string) => `I have ${/^[aeiou]/i.test(pet) ? 'an' : 'a'} ${pet} called ${name}`,
  ],
  // "we share the sweetest cat, Mochi": a pet two people share is each one's.
  [new RegExp(String.raw`\b(we|I) share (?:the|a|an|our) (?=(?:[\p{L}-]+ ){0,2}${PET}\b)`, 'giu'), '$1 have a '],
  // "This is Bolacha, our new puppy", "a rescue whippet called Tattie came home with me": a pet of the user's, introduced.
  [
    new RegExp(
      String.raw`^(?:[Mm]eet|[Ss]ay (?:hi|hello) to|[Tt]his is|[Ii]ntroducing|[Hh]ere's) (\p{Lu}[\p{L}'-]*)[,!.]*\s+(?:our|my) (?:new )?((?:[\w-]+ ){0,2}${PET})\b`,
      'u',
    ),
    (_, name: string, pet: string) => `I have a ${pet} called ${name}`,
  ],
  [
    new RegExp(
      String.raw`^(?:an? |our |my )?(?:new )?((?:[\w-]+ ){0,2}${PET}) (?:called|named) (\p{Lu}[\p{L}'-]*) (?:came|has come|is coming) home with (?:me|us)\b`,
      'iu',
    ),
    'I have a $1 called $2',
  ],
  // "Two dogs, Banjo the kelpie and Tilly the spaniel": each pet by name, then what it is.
  [
    new RegExp(String.raw`(?<=^|, |,? and )(\p{Lu}[\p{L}'-]*) the ((?:[\p{Ll}-]+ )?${PET})(?=$|[,.!;]| and )`, 'gu'),
    (_, name: string, pet: string) => `a ${pet} called ${name}`,
  ],
  // "Live out in Lisburn with the wife": the wife or husband said with "the" is the user's own.
  // "Her sister and the husband": after someone else's "and", the husband is theirs.
  [/\b(?<=with |and |me and )(?<!\b(?:his|her|their) (?:\w+ )?\w+ and )the (wife|husband|missus|missis|hubby|other half)\b(?! of\b)/gi, 'my $1'],
  // "I report to a woman called Itzel", "Gaffer's a fella called Davy Boyd": the person is the name.
  [
    /\b(?:an?|this|some) (?:[\p{Ll}-]+ )?(?:woman|man|guy|girl|lady|fella|fellow|bloke|chap|lad|lass|dude|gal|person)(?: called| named| by the name of) (?=\p{Lu})/gu,
    '',
  ],
  // "my husband's a nurse", "my gaffer's Davy Boyd": the 's is "is", not whose.
  // (Case-sensitive: "my brother's manager" is whose.)
  [new RegExp(String.raw`\b((?:[Mm]y|[Oo]ur) ${WHO})(?<!s)'s (?=an? |\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*)?(?:[,.!;]|$| and\b| who\b| now\b))`, 'gu'), '$1 is '],
  [new RegExp(String.raw`\b(work(?:s|ing)?) like (?=(?:an? )?${ROLE}\b)`, 'giu'), '$1 as '],
  [
    /\b(I|she|he|they) (?:have|has) (\d{1,2}) years?(?=\s*(?:$|[,.!;]|and\b))/gi,
    (_, who: string, n: string) => `${who} ${/^i$/i.test(who) ? 'am' : /^they$/i.test(who) ? 'are' : 'is'} ${n} years old`,
  ],
];

/** A cheap test first: most sentences hold none of the constructions. */
const CUE =
  /\b(?:work(?:s|ed|ing)? by|mom|mum|mother|dad|father|parent|mama|papa|there's|there|meet|say (?:hi|hello)|this is|introducing|here's|name|she|he|they|it|allergic|married|engaged|like|have|has|live|living|stay|staying|me|house|home|flat|apartment|place|called|named|wife|husband|missus|missis|hubby|half|myself|share|at home|is our|veg|having|itself|only|son|daughter|boy|girl|cannot|can't|don't|is my|'s our|'s my|intolerant|vegetarian|vegan|pescatarian|diabetic|coeliac|celiac|retired|pregnant|years|yrs)\b|, in /i;
/** The same for constructions a capital marks: "my husband's a nurse", "Banjo the kelpie". */
const CASED_CUE = /'s (?:an? |\p{Lu})|\p{Lu}[\p{L}'-]* the /u;

export function learnerEnglish(sentence: string): string {
  if (!CUE.test(sentence) && !CASED_CUE.test(sentence)) return sentence;
  return REWRITES.reduce((s, [re, to]) => s.replace(re, to as string), sentence);
}
