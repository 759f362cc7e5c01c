/**
 * A user turn cut into the clauses the rules read: pasted material (code, quoted lines, lists,
 * long lines) dropped, sentences split, each sentence cut where a new subject starts,
 * discourse markers and lead-ins removed ("Big news:", "So anyway,", "These days"), and a fronted
 * time or place moved behind the clause ("On weekends I go bouldering" → "I go bouldering on weekends").
 */

import { capitalFirst } from '../../text.ts';
import { tag, type Term } from './voice.ts';
import { inLexicon } from './tagger.ts';
import { PET } from './vocabulary/pets.ts';
import { CHILD, PARTNER_DESCRIBED_AS, PARTNER_UNOWNED, RELATIVE } from './vocabulary/family.ts';
import { BOSS, ROLE, ROLE_NOUNS, TEAM_UNITS } from './vocabulary/work.ts';
import { alternation } from './vocabulary/alternation.ts';
import { TITLE } from './vocabulary/titles.ts';
import { DAY_OR_MONTH, MONTHS } from './dates.ts';
import { SURPRISED } from './noise.ts';
import { punctuated } from './run-on.ts';

const MAX_LINE = 1000;
const MAX_SENTENCE = 300;
/**
 * Characters of one turn extraction reads (API.md §6): a person states their facts in the first
 * few kilobytes; a longer message is pasted material. The cost of a turn is bounded by it.
 */
export const MAX_READ_CHARS = 8192;
/** Where the read part may end: after a sentence's end or a line, else after a space. */
const SENTENCE_BREAK = /[.!?\u2026]['")\]]?\s|\n/g;
const SPACE = /\s/g;

/**
 * A list item's marker ("- ", "* ", "• ", "2. "): the item is a line the user wrote, read as a
 * sentence of its own ("- 2 kids", "• vegan"); text the user pasted is cut before (pasted.ts).
 */
const LIST_ITEM = /^\s*(?:[-*•‣◦]|\d{1,2}[.)])\s+(?=\S)/u;
/** Lines that were pasted rather than said: code, quoted mail, logs, tables. */
const PASTED_LINE = /^\s*(?:[-*•>|#]|[{}[\]<]|(?:import|export|const|let|var|def|class|function|return|select|from)\b.*[;{}()=]|.*[;{}]\s*$|.*=>|.*<\/)/i;

/** A face typed in signs between blanks (":(", ";-)", ":D", "xD", "<3"), never a time ("10:30") or an address ("https://"). */
const EMOTICON = /(?<=\s)(?:[:;=][-']?[()DPpOo3/\\|[\]]+|[xX]D|<3)(?=\s|$)/g;
/** Two or more one-word sentences in a row, each word a sentence of its own: "Every. Single. Year." */
const ONE_WORD_RUN = /(?<=^|[.!?]\s)(?:\p{L}+\.\s){1,7}\p{L}+(?=[.!?](?:\s|$))/gu;
/** Words of the closed classes: a run holding one is a sentence spoken slowly, not a list of facts ("Vegan. Nurse. Leeds."). */
const CLOSED_CLASS = ['Determiner', 'Negative', 'Preposition', 'Conjunction', 'Pronoun', 'Possessive', 'Adverb'];

/** "Every. Single. Year.", "Not. Moving. To. Leeds.": full stops for emphasis, read as the one sentence they spell. */
function unstressed(line: string): string {
  if (!/\p{L}\.\s+\p{L}+\.\s/u.test(line)) return line;
  return line.replace(ONE_WORD_RUN, (run) => {
    const words = run.split(/\.\s/).map((w) => ({ w, tags: tag(w).flatMap((t) => [...t.tags]) }));
    if (!words.some(({ tags }) => CLOSED_CLASS.some((c) => tags.includes(c)))) return run;
    return words.map(({ w, tags }, i) => (i === 0 || tags.includes('ProperNoun') ? w : w.toLowerCase())).join(' ');
  });
}

/** "New boss as of Monday — Róisín Ward": a label given with a dash, its date after the value. */
const DASHED_LABEL =
  /^((?:new |my new )?(?:boss|manager|job|role|title|team|employer|company|home|address|partner|editor|diet))((?: (?:as of|from|starting|since) [^—–:,.]{1,30})?)(?:\s*[—–]\s*|\s+-{1,2}\s+)(?=\p{Lu})(.+)$/iu;
/** "Favourite food — biryani obviously": a favourite given with a dash, whatever case its value is in. */
const FAVOURITE_DASHED = /^((?:my )?(?:all-time |all time )?(?:favou?rite|fave|go-to) [\p{L}-]+)(?:\s*[—–]\s*|\s+-{1,2}\s+)(?=\p{L})/iu;
/** Where a run-on sentence too long to read whole is cut: before a clause of its own ("…, and I've been…", "…, which I share…"). */
const LONG_SENTENCE_CUT = /,\s+(?=(?:and|but|so|I|I'm|I've|we|we're|my|our)\s)/;
/** "I've been teaching myself ukulele, any easy songs?", "I'm coeliac, and I wondered if you could…?": a question after a statement is a sentence of its own. */
const ASKS_AFTER =
  /,\s+(?=(?:(?:so|and|but)\s+)?(?:any|what|which|how|where|is there|are there|can you|could you|would you|will you|do you|got any|should i|can i|could i|(?:i|we) (?:wondered|was wondering|were wondering|wonder) (?:if|whether) you)\b[^,.;!?]*\?$)/i;
/** ", which I suppose is fitting", ", which is a nuisance": a comment on what was said, not a statement. */
const COMMENT =
  /(?:,\s*|\s+(?=which (?:is|was) (?:fine|ok|okay|good|great|funny|ironic|handy|annoying|lucky|nice|weird|odd)\b))which (?:(?:I|we) (?:suppose|guess|think|reckon) )?(?:is|was|makes|means)\b(?! (?:that )?(?:I|we)\b)[^,.;!?]*?(?=[,.;!?]|\s+(?:given that|since|because|as)\s|$)/gi;

/** A sentence ends at . ! ? (or a run of them) before the next word, except after a title or a common abbreviation. */
const SENTENCE_END = new RegExp(
  String.raw`(?<!\b(?:${TITLE}|st|ing|lic|vs|etc|e\.g|i\.e|approx|mt|ft|inc|ltd|co)\.)(?<!(?:^|[\s.])[a-z]\.)(?<=[.!?…]['")\]]?)\s+(?=\S)`,
  'i',
);

/**
 * The part of a turn extraction reads: all of it up to MAX_READ_CHARS, else its first
 * MAX_READ_CHARS cut after the last sentence end (or line) in them, else after the last space.
 */
export function readPart(text: string): string {
  if (text.length <= MAX_READ_CHARS) return text;
  const head = text.slice(0, MAX_READ_CHARS);
  const cut = lastEnd(head, SENTENCE_BREAK) || lastEnd(head, SPACE) || MAX_READ_CHARS;
  // Never half a surrogate pair.
  return head.slice(0, /[\ud800-\udbff]/.test(head[cut - 1] ?? '') ? cut - 1 : cut);
}

/** Where the last match of a global pattern in `text` ends; 0 when there is none. */
function lastEnd(text: string, pattern: RegExp): number {
  let end = 0;
  for (const m of text.matchAll(pattern)) end = m.index + m[0].length;
  return end;
}

const DAY_DOTTED = new RegExp(`\\b([0-3]?\\d)\\.(?= (?:${MONTHS.join('|')})\\b)`, 'giu');

/** The turn's own sentences: code blocks and pasted lines gone, questions and quotations kept for the caller to judge. */
export function sentences(text: string): string[] {
  // "had to chase Vegemite, our blue heeler, round…": whose a pet named mid-sentence is, said after the sentence.
  const petsNamed: string[] = [];
  const said = text
    .replace(/```[\s\S]*?(?:```|$)/g, '\n')
    .split('\n')
    .map(punctuated)
    .join('\n')
    .replace(/[\u2018\u2019]/g, "'")
    // "Since 1. March", "ab 15. Mai": a day of the month written with a German or Nordic full stop ends no sentence.
    .replace(DAY_DOTTED, '$1')
    // 6'4" is a height, not a quotation.
    .replace(/(?<=\d)["\u201d](?=[\s,.!?]|$)/g, ' in')
    // One space for every run, so no pattern below meets a long run of blanks.
    .replace(/[^\S\n]+/g, ' ')
    // ":(", ";-)", ":D", "<3": a face typed in signs is an emoji.
    .replace(EMOTICON, ' \u{1F642} ')
    // "Tanaka Yuki desu 🙇 I teach English": an emoji before a capital ends a sentence, and before a question ("… breaks 😒 how I can ask him…?")
    // or another subject ("still unpacking in Graz 😩 the landlord swore…", "… tacos 😳 allergist says…"), or the next thing that happened ("… shrimp 😩 ended up in the ER"),
    // or a time that opens a clause ("… the company :( from next week I report to…", "… 🤢 these days it's asaana").
    .replace(
      /(?<=\p{L})\s*(?:\p{Extended_Pictographic}|\u200d|\ufe0f)+\s+(?=\p{Lu}|(?:can|could|should|would|is|are|do|does) (?=[^.!?\n]*\?)|(?:how|what|where|when|why|who|which|any|the|my|our|we|i|im|i'm|ive|i've|he|she|they|so (?:[Ii]|[Ii]'m|im|we|now|that's|thats|it's|its|the|my|our|these days|nowadays|from now on|only|just)|then|now|just|ended|got|went|had|turned|first|last|new|next|still|back|at least|anyway|btw|fyi|ps|oh|but|honestly|it's|its|that's|thats|from|since|these days|nowadays|today|tonight|yesterday|tomorrow|more|plus|also|she's|he's|they're|we're|i'm) |[\p{Ll}-]+ (?:says|said|told|thinks|reckons)\b)/gu,
      '. ',
    )
    // "… the bootcamp paid off 😭 moved up to Auckland", "… home to Welly 🙌 same flat": what happened next, or more of what was said;
    // "quit paperbark 😬 starting at saltwater next month": what the user is doing next, as after a comma.
    .replace(/(?<=\p{L})\s*(?:\p{Extended_Pictographic}|\u200d|\ufe0f)+\s+(?=(\p{Ll}+) )/gu, (emoji: string, next: string) => {
      if (next === 'same') return '. ';
      if (/^(?:called|named|nicknamed)$/.test(next)) return emoji;
      const tags = tag(next)[0]?.tags;
      return tags?.has('PastTense') ? '. ' : tags?.has('Gerund') ? ', ' : emoji;
    })
    .replace(/(?:\p{Extended_Pictographic}|\u200d|\ufe0f)+/gu, ' ')
    .replace(/[^\S\n]{2,}/g, ' ')
    .replace(/ (?=[,.!?;])/g, '')
    // "two cats (Sausage and Mrs Doyle)": names in brackets after what they name are in apposition.
    .replace(NAMES_IN_BRACKETS, (m, who: string, names: string) =>
      /^(?:and|or|the|a|an|me|him|her|them|aged|age)$/i.test(names)
        ? m
        : /[,&+]| and | n /.test(names)
          ? `${who}, ${bracketNames(names)},`
          : `${who} ${bracketNames(names)}`,
    )
    .replace(KIND_IN_BRACKETS, (_, verb: string, name: string, pet: string) => `${verb} a ${pet.toLowerCase()} called ${bracketNames(name)}`)
    // "her husband, Rógvi, moved to…": a name between commas after whom it names is who did it.
    .replace(NAME_BETWEEN_COMMAS, '$1 $2 ')
    .replace(NAME_THEN_PET, (m, said: string, pet: string) => {
      // "Took Bella, our spaniel, to the vet": the sentence's verb is no part of the name.
      const name = said.replace(/^\p{Lu}\p{Ll}+ (?=\p{Lu})/u, (verb) => (tag(verb.trim())[0]?.tags.has('PastTense') ? '' : verb));
      return /^\p{Ll}/u.test(name) && !personNamed(name) ? m : `${pet} is called ${capitalFirst(name)}${/,\s*$/.test(m) ? '. ' : ''}`;
    })
    .replace(PET_THEN_NAME, '$1 called $2')
    .replace(PET_DASH_NAME, '$1 called $2')
    .replace(WITH_NAMED_PET, (m, lead: string, name: string, pet: string) => {
      if (/^(?:with|and) $/.test(lead)) return `${lead}${name}. ${pet} is called ${name}.`;
      // "my partner Jess, our kelpie Dusty": a name after whom it names is theirs, not the pet's.
      if (SOMEONE_WORD.test(lead.trim())) return m;
      petsNamed.push(`${pet} is called ${name}.`);
      return `${lead}${name} `;
    })
    .replace(WITH_A_PET, '$1$2. our $3 is called $2.')
    .replace(COUNTED_THEN_NAMED, '$1. we have $2')
    .replace(PARTNER_DESCRIBED, 'and my $1 $2')
    .replace(NAME_THE_PET, (_, lead: string, name: string, pet: string) => `${/^and/i.test(lead) ? '' : `${lead}${name}`}. our ${pet} is called ${name}.`)
    .replace(COMMENT, '')
    // "UX researcher (ex data analyst)": what the user was, in brackets, is no part of what they are.
    .replace(/\s*\((?:ex|ex-|former|formerly|previously|used to be)\b[^()\n]{1,40}\)/giu, '')
    // "Kasia (nurse)", "Bori (jindo, very old) and Kongi": what a name's bracket says is about who it names, not the user.
    .replace(/(?<![\p{L}'-])(\p{Lu}[\p{L}'-]*)\s+\((?![^()]*\b(?:is|are|was|were|has|have|'s)\b)[^()\n]{1,40}\)(?=\s*(?:$|[,.;!]|and\b))/gu, '$1')
    .split(/\n+/)
    .concat(petsNamed)
    .map((line) => unstressed(line.replace(LIST_ITEM, '')))
    .filter((line) => line.trim() && line.length <= MAX_LINE && !PASTED_LINE.test(line))
    .map(asidesAfter);
  return said.flatMap((line) =>
    line
      .replace(DASHED_LABEL, '$1: $3$2')
      .split(SENTENCE_END)
      .map((s) => s.trimStart().replace(FAVOURITE_DASHED, '$1: '))
      .flatMap((s) => s.split(/(?<=;)\s+|(?<!\s)\s+-{1,2}\s+|(?<!\s)\s*[—–]\s*/))
      .flatMap((s) => (s.length > MAX_SENTENCE ? s.split(LONG_SENTENCE_CUT) : [s]))
      .flatMap((s) => (s.endsWith('?') ? s.split(ASKS_AFTER) : [s]))
      .map((s) => oneByte(s.trim()))
      .filter((s) => s && s.length <= MAX_SENTENCE),
  );
}

/**
 * The same text, stored one byte a character where every character fits in one. A turn with one
 * typographic quote or emoji arrives two bytes a character, and so does every string cut or
 * rewritten from it, though the quotes and emoji are gone by now; V8 reads such strings several
 * times slower (about 3× for this extractor's rules).
 */
const LATIN1 = /^[\0-\xff]*$/;
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();
const oneByte = (text: string) => (LATIN1.test(text) ? fromUtf8.decode(utf8.encode(text)) : text);

/** A bracket, a sentence's end, or a dash pair around an aside before a preposition ("a lawyer — droit social — at Vérac"). */
const ASIDE_OR_END = /\(([^()\n]{0,300})\)|(?<!\s)\s+[—–]\s+([^—–\n]{1,80}?)\s+[—–]\s+(?=(?:at|in|for|with|from|on|of)\s)|[.!?\u2026]+(?=\s|$)/gu;
/** "(a)", "(2)", "(iii)": a list item's mark, which opens a sentence of its own. */
const ITEM_MARK = /^(?:[a-z]|\d{1,2}|[ivx]{1,4})$/i;

/**
 * An aside in brackets (or between two dashes, before a preposition) is a sentence of its own,
 * said after the sentence it interrupts, which reads whole: "I climb (escalade) twice a week at
 * the gym." → "I climb twice a week at the gym. escalade."
 */
function asidesAfter(line: string): string {
  if (!line.includes('(') && !/[—–]/.test(line)) return line;
  let out = '';
  let from = 0;
  let pending: string[] = [];
  const said = () => pending.map((a) => ` ${a.trim().replace(/[.!?\u2026]*$/, '.')}`).join('');
  for (const m of line.matchAll(ASIDE_OR_END)) {
    out += line.slice(from, m.index);
    from = m.index + m[0].length;
    const aside = m[1] ?? m[2];
    if (aside === undefined) {
      out += `${m[0]}${said()}`;
      pending = [];
    } else if (m[1] !== undefined && ITEM_MARK.test(aside.trim())) out += `. ${aside}. `;
    else {
      if (aside.trim()) pending.push(aside);
      // "I climb (escalade) twice", "Banco Meridiano (SP).": the words either side of the aside meet.
      if (m[2] !== undefined) out += ' ';
      else if (/^(?:\s|[,.;:!?]|$)/.test(line.slice(from))) out = out.replace(/\s+$/, '');
    }
  }
  out += line.slice(from);
  return pending.length ? `${out.replace(/\s+$/, '')}.${said()}` : out;
}

/** "…, a cat who thinks she owns the place": what a relative clause says of the pet is the pet's, and no clause of the user's. */
const OF_THE_PET = String.raw`(?:,? (?:who|which|that) [^,.!?;]*)?`;
/**
 * "Bruno, our old beagle, …", "theres Tui, our huntaway": a pet named before it is said to be the
 * user's, as "our old beagle is called Bruno"; a name in lower case ("and bruno, our old boxer")
 * only when the tagger knows it as a person's.
 */
const NAME_THEN_PET = new RegExp(
  String.raw`(?:^|(?<=[.!?]\s))(?:[Aa]t (?:home|ours|our place|my place),? )?(?:(?:[Aa]nd|[Aa]lso|[Pp]lus|[Tt]hen|[Tt]here's|[Tt]heres|[Tt]here is|there's|there is) )*(\p{L}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?), ((?:my|our) (?:[\p{Ll}-]+ ){0,3}(?:${PET}))\b${OF_THE_PET}(?:,\s*|(?=[.!]|$))`,
  'gu',
);
const SOMEONE_WORD = new RegExp(String.raw`^(?:${RELATIVE}|${PARTNER_UNOWNED}|${CHILD}|${BOSS}|friend|mate|neighbou?r|colleague|flatmate|housemate)$`, 'i');
/** "…, along with Bramble, our springer spaniel", "had to chase Vegemite, our blue heeler, round…": a pet named mid-sentence, then said to be the user's. */
/** "…the pair of us and Bran, a daft old border collie", "…with Bess, a rescue greyhound", "the household consists of Byron, a retired racing greyhound": a pet the user lives with, described with "a". */
const WITH_A_PET = new RegExp(
  String.raw`(?=(?:with|us and|me and|[Aa]nd|is|of|includes) \p{Lu})(?:\b|^)((?:with|(?:us|me) and|(?<=^|[.!?]\s)[Aa]nd|(?<=\b(?:household|house|home|family|pets|animals|menagerie)\b[^.!?]{0,40})(?:is|of|includes)) )(\p{Lu}[\p{L}'-]*), an? ((?:[\p{L}-]+ ){0,3}(?:${PET}))\b${OF_THE_PET},?`,
  'gu',
);
/** "…, and a very patient husband, Luis": the last of the household listed, the user's partner described, then named. */
const PARTNER_DESCRIBED = new RegExp(String.raw`(?<=,\s)and an? ${PARTNER_DESCRIBED_AS}(${PARTNER_UNOWNED}),?\s+(\p{Lu}[\p{L}'-]*)(?=[,.!]|$)`, 'gu');
/** "we have two dogs, an elderly spaniel called Rufus and…": the animals counted, then each named with "a". */
const COUNTED_THEN_NAMED = new RegExp(
  String.raw`\b((?:two|three|four|five|\d) (?:[\p{Ll}-]+ )?(?:${PET})s?), (an? (?:[\p{Ll}-]+ ){0,3}(?:${PET}) (?:called|named) \p{Lu})`,
  'gu',
);
/** "…and Winston the budgie who sings along to the news": a pet named before "the" and its kind, and what is said of it after. */
const NAME_THE_PET = new RegExp(
  String.raw`(?:\b|^)((?:with|and|[Tt]here's|[Tt]here is) )(\p{Lu}[\p{L}-]*)(?:'s| is)? the ((?:[\p{Ll}-]+ ){0,2}(?:${PET}))\b${OF_THE_PET},?`,
  'gu',
);
const WITH_NAMED_PET = new RegExp(
  String.raw`\b((?:with|and|\p{Ll}{3,}) )(\p{Lu}[\p{L}'-]*), ((?:my|our) (?:[\p{Ll}-]+ ){0,2}(?:${PET}))\b${OF_THE_PET},?`,
  'gu',
);
const personNamed = (word: string) => tag(word).every((t) => t.tags.has('FirstName') || t.tags.has('Person'));
/** "I have a cat, name is Pierogi", "a rabbit, his name is Herr Lampe": the name given to the animal just said, as "a cat called Pierogi". */
const PET_THEN_NAME = new RegExp(
  String.raw`\b(${PET})(?: also| too| as well)?,\s+(?:(?:his|her|its|their|the) )?name(?:'s| is) ((?:${TITLE}\.? )?\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)`,
  'gu',
);

/** "a tabby kitten as well — Mielie": the name given after a dash to the animal just said. */
const PET_DASH_NAME = new RegExp(String.raw`\b(${PET})(?: as well| too)?\s*[—–]\s*(\p{Lu}[\p{L}'-]*)(?=[.!,]|$)`, 'gu');

const NAME_BETWEEN_COMMAS = new RegExp(
  String.raw`\b((?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Tt]he) (?:[\p{Ll}-]+ )?(?:${RELATIVE}|${BOSS}|friend|mate|colleague|coworker|co-worker|neighbour|neighbor|flatmate|roommate|housemate|landlord|landlady|client)),\s+(\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?),\s+(?=\p{Ll})(?!(?:is|was|are) (?:my|our)\b)`,
  'gu',
);
const NAMES_IN_BRACKETS = new RegExp(
  String.raw`\b(${PET}|${CHILD}s?|kids|children|${RELATIVE}) ?\((\p{L}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?(?:(?:,| and|, and| n| \+| &) \p{L}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)*)\)`,
  'giu',
);
/** "we have ziggy (pug)": what an animal is, in brackets after its name, says the user has one of that kind so named. */
const KIND_IN_BRACKETS = new RegExp(String.raw`\b(have|got|adopted) (\p{L}[\p{L}'-]*) ?\((?:an? )?(${PET})\)`, 'giu');
/** Names in brackets, each with its capital: "(jude n nova)" → "Jude and Nova". */
const bracketNames = (names: string) => names.replace(/ n /g, ' and ').replace(/(?<=^|[\s,&+])(?!and\b)\p{Ll}/gu, (c) => c.toUpperCase());

/** "…, and nothing happens before my chai": "nothing", "everyone" open a clause of their own, whose "no" denies nothing before it. */
/** Where the user lives or works, said without "I" ("…, work at Merlion Bank"): a clause of its own. */
export const LIVES_OR_WORKS = String.raw`(?:live|stay) (?:(?:out|over|up|down) )?(?:with (?:my|our) [a-z -]{1,30}? )?(?:in|near|on (?:a|an|the) )|work (?:at|for|as|in)`;
const WEEKDAYS = String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)days?`;
/** A time said between "and" and a new subject: "…, and every Thursday night I go curling". */
/** How many, in words or digits, before a span of time ("twenty years"). */
const COUNT = String.raw`(?:four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|two|three|\d+)`;
const NOW_OR_WHEN = String.raw`(?:(?:(?:right |for )?now|these days|nowadays|currently|at the moment|originally|(?:already )?${COUNT} (?:years?|yrs|months?)|(?:as of|from|starting|every|each|most|on|at|in|during|over|after|before|the whole|last|this|next) [\w'-]+(?: [\w'-]+){0,2}|yesterday|today|tonight|all (?:day|week|year|morning|evening|night)|${WEEKDAYS}(?: (?:and|&) ${WEEKDAYS})?(?: (?:nights?|evenings?|mornings?|afternoons?))?|weekends|weeknights|evenings|mornings),? )`;

const SUBJECT = String.raw`(?:(?:all|most|some|both) (?:of )?(?:my|our)|i|i'm|i've|i'll|im|ive|my|we|we're|we've|our|she|he|they|it|her|his|their|you|nothing|nobody|no one|everything|everyone|everybody)\b`;
/** "…a retriever named Sunny and a hamster named Nugget", "…, and one parrot, Pepito": another pet the user has. */
const AND_A_PET = new RegExp(
  String.raw`,?(?<!\s)\s+(?:and|plus)\s+(?=(?:an?|one|two|three|four|\d) (?:[\w-]+ ){0,3}${PET}\b(?:,? \p{Lu}| (?:named|called)\b))`,
  'giu',
);
/** What a couple says of itself as a couple ("Tom and I split up", "me and Ana are engaged"): read as said, by the couple's readers; not where the couple goes for it ("off to Rome for our anniversary"). */
const OF_THE_COUPLE = String.raw`(?![^.!?,;]*\b(?:split|broke|break|breaking|done|over|through|finished|(?:back|got|get|getting|are|were|been|be) together|engaged|(?<!getting )married|hitched|wed|knot|eloped|proposed|(?<!\bfor (?:our|the|my) (?:\w+ )?)(?:honeymoon|wedding|anniversary)|divorced|separat\w*|ended|ending|quits|ways|a thing|an item|dating|seeing each other|no longer)\b)`;
/**
 * "Margaret and I live in Holt", "my boyfriend Dan and I have a rabbit", "me and Priya play badminton", "me n 2 friends got a place" (a group, only of a home): what
 * the user says of the two of them is the user's too, said as "we"; who the other one is to the user stays.
 */
const WE_TWO = new RegExp(
  String.raw`^((?:(?:[Ss]o|[Aa]nd|[Bb]ut|[Ww]ell|[Aa]nyway|[Oo]h|[Oo]k|[Nn]ow),?\s+)?)(?:((?:[Mm]y|[Oo]ur) (?:${RELATIVE}|${CHILD}|${PARTNER_UNOWNED}))(?: (\p{L}[\p{L}'-]*))? and I|(\p{Lu}[\p{L}'-]*) and I|(?:[Mm]e|I) (?:and|n|&) (\p{Lu}[\p{L}'-]*)|(?:[Mm]e|I) (?:and|n|&) (?:the|my|our|\d+|two|three|a couple of|some) (?:[\p{Ll}-]+ )?(?:friends?|mates?|kids|boys|girls|lads|family|flatmates?|roommates?|housemates?)(?=\s+(?:(?:just|finally|have|'ve) )?(?:moved|got|found|rented|bought|live|share|shared)\b))\s+${OF_THE_COUPLE}(?=\p{Ll})`,
  'u',
);
/** Words a capital opening a sentence does not make a name ("Today and I…"). */
const NOT_A_NAME = ['Pronoun', 'Determiner', 'Preposition', 'Conjunction', 'Adverb', 'Verb', 'Date'];
/** "the villa that my late husband Ron and I bought": the pair is the subject of a relative clause, which says no clause of the user's own ("a cat who is orange and evil and I…" names no pair). */
const NOT_OF_A_NAME = String.raw`(?!(?:is|are|was|were|and|has|have|had|be|been)\b)`;
const PAIR_IN_RELATIVE = new RegExp(
  String.raw`\b(that|which|where|who|whom) (?!(?:I|we|you|they|he|she) )(?:(?:my|our) )?(?:${NOT_OF_A_NAME}[\p{L}'-]+ ){0,3}?${NOT_OF_A_NAME}[\p{L}'-]+ and I\b`,
  'giu',
);
/** The noun a relative clause follows, read back over at most a few words (never a lookbehind over a run of blanks). */
const NOUN_BEFORE = /\b(?:the|a|an|my|our|this) (?:(?!(?:is|are|was|were|be|been)\b)[\p{L}'-]+ ){1,5}$/iu;
const NOUN_SEEN = 80;

/** "…, and the dogs and I are getting used to the house": the household and the user, anywhere in the sentence. */
const HOUSEHOLD_AND_I = /\b(?:[Tt]he|[Mm]y|[Oo]ur) (?:dogs|cats|kids|boys|girls|lads|family) and I\b/g;

function weTwo(sentence: string): string {
  return sentence
    .replace(PAIR_IN_RELATIVE, (m, which: string, at: number, all: string) =>
      NOUN_BEFORE.test(all.slice(Math.max(0, at - NOUN_SEEN), at)) ? `${which} we` : m,
    )
    .replace(HOUSEHOLD_AND_I, 'we')
    .replace(WE_TWO, (m, lead: string, mine?: string, name?: string, first?: string, other?: string) => {
      const who = first ?? other;
      if (who && tag(who).some((t) => NOT_A_NAME.some((n) => t.tags.has(n)))) return m;
      return mine && name ? `${lead}${mine} is ${name}\u0000we ` : `${lead}we `;
    });
}
/** "I'm vegetarian and allergic to shellfish": a second thing the user is, said after "and". */
const AND_IM =
  /,?(?<!\s)\s+and\s+(?=(?:allergic|intolerant|lactose[- ]intolerant|coeliac|celiac|vegan|vegetarian|pescatarian|diabetic|married|engaged|based|originally)\b)/gi;
/**
 * "I live in Oslo and work at Acme", "finally caved and switched to Zed": the second verb keeps the
 * first-person subject; a verb of changing after "and" is the news, whatever the first verb said.
 */
const SECOND_VERB = String.raw`(?:work|live|play|speak|prefer|like|love|enjoy|hate|report|moved|study|have|run|teach|write|go|do|own|use|practi[sc]e|switched|swapped|changed|migrated)\b`;
const AND_I = new RegExp(String.raw`,?(?<!\s)\s+(?:and|but)\s+(?:also\s+|now\s+)?(?=${SECOND_VERB})`, 'gi');
/** "I play piano by ear but can't read music": what the user cannot do is a clause of its own, and takes nothing from the first. */
const BUT_NOT = /,?(?<!\s)\s+but\s+(?=(?:can't|cannot|can not|don't|do not|never|won't|wouldn't|couldn't)\s)/gi;
/** "I'm 34 and just got told…", "accepted an offer and started there Monday": news after "and just", or a change after "and", keeps the user as its subject. */
const AND_JUST =
  /,?(?<!\s)\s+and\s+(?:then\s+)?(?=(?:just|recently)\s+\p{L}+ed\b|(?:just|recently)\s+(?:got|began|found|bought|took|made|became)\b|(?:started|began|joined|moved|switched|resigned|got (?:promoted|engaged|married))\b)/giu;
/** "I live in Kits with 2 roomies, play bass in a band": a verb after a comma goes on with the user's list. */
const COMMA_I = /,\s+(?=(?:play|work|study|teach|speak|run|write|own|practi[sc]e)\b)/gi;
/** "I live in Coburg, been vegan six years", "…, got two dogs": a clause that dropped its "I have" goes on with the user's list. */
const COMMA_HAVE = /,\s+(?:and\s+)?(?=(?:been (?!(?:there|here|ages|a while|forever|years)\b)|got (?:an?|two|three|four|\d+|my|our|the) )\p{L})/giu;
/** Days or parts of the week said bare before a clause: "weekends I go bouldering", "and saturdays we…". */
const WEEKLY = String.raw`(?:weekends|weeknights|weekdays|(?:mon|tues|wednes|thurs|fri|satur|sun)days)`;
const WEEKLY_START = new RegExp(String.raw`^${WEEKLY}\b`, 'i');
/** "Tuesday evenings", "Saturday mornings": one day of the week, said before when in it. */
const ONE_DAY = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day(?= (?:evenings?|mornings?|nights?|afternoons?)\b)/i;
const SPLIT = new RegExp(
  String.raw`(?=[\u0000,:\s])(?:\u0000|,\s*(?=(?:last|this|next) time\b)|,\s*(?=without (?:it|that|this|them|which)\b)|:\s+(?=(?:i'm|i am|i've|i have|we're|we've)\s)(?<=\b(?:left|quit|taken|took|started|joined|moved|got|accepted)\b[^:]{3,80}:\s+)|(?:,\s*|(?<!\s)\s+)(?:(?:and|plus|&)\s+)?(?=(?:an?|another|one) )(?<=\b(?:called|named) [A-ZÀ-Ý][\w'-]*(?:,\s*|\s+)(?:(?:and|plus|&)\s+)?)(?=(?:an?|another|one) (?:[\w-]+ ){0,2}?(?:${PET}) (?:called|named)\b)|(?<=\b(?:was|were)\b[^,.;]{0,60})(?<!\s)\s+before\s+(?=(?:i|we)\s)|(?<=\b(?:have|got|adopted|welcomed|met)\b[^:]{0,40}):\s+(?=(?:a|an)\s)|,?(?<!\s)\s+so\s+(?=(?:if|when|whenever)\s)|(?<!\s)\s+(?:and|but) (?:no|yes|yeah|nope)(?=,\s*${SUBJECT})|(?<!\s)\s+(?:and|but) (?:yes|yeah)\s+(?=(?:i|i'm|im|we|we're)\b)|(?:,\s*|(?<!\s)\s+)(?:and|plus)\s+(?=(?:(?:\d{1,2}|one|two|three|four|five) )?[a-z]+\s*:\s)|(?:,\s*|(?<!\s)\s+)(?:and|but)\s+(?=(?:on |every |most )?${WEEKLY}\s+(?:i|we)\b)|(?<!^(?:(?:so|and|but|ok|okay|well|oh|anyway|update:?|btw|also),? )?(?:me|my \w{1,40}|my \w{1,40} [a-z'-]{1,40}|[a-z'-]{1,40}))(?:,\s*|(?<!\s)\s+)(?:and|but|so|because|since(?!\s+(?:i|we) (?:was|were)\b)|although|though|while|as|plus|and then|and also|given that|seeing as|now that|which means(?: that)?|meaning(?: that)?)\s+(?=${NOW_OR_WHEN}?${SUBJECT})|,\s*(?=${NOW_OR_WHEN}?${SUBJECT})|,\s*(?=[a-z][a-z ]{0,30} I (?:cannot|can't|can not|don't|do not|couldn't|could not|could never|can never|never|won't|will never)\b)|,\s*(?=(?:been\s+)?(?:renting|living|working|staying|doing|starting|joining|${LIVES_OR_WORKS})\b)|(?<=\byears old)\s+and\s+(?=(?:working|living|studying|based)\s+(?:as|at|in|for)\b)|,\s*(?=(?:now|currently|rn|atm) (?:watching|bingeing|binging|obsessed with|hooked on|into|reading|playing|learning)\b)|,\s*(?=(?:took|got|landed|accepted|found) (?:a |an |the )?(?:new )?(?:job|position|role|post|gig)\b)|(?<!\s)\s+but\s+(?=(?:renting|living|working|staying|based|been (?:in|living in))\b)|,\s*(?=(?:(?:tech )?stack|ci|infra|editor|ide|database|db|warehouse|cloud|favou?rite [a-z-]+|fave [a-z-]+)(?:'s| is) )|,\s*(?=[a-z' ]{1,30} = )|,\s*(?=(?:originally|born|raised|formerly) (?:from|in)\b)|,\s*(?=(?:in|on) the [\w -]{1,30}? ${alternation(TEAM_UNITS)}$)|,\s*(?=(?:and )?(?:it )?turn(?:s|ed) out (?:that )?(?:i|i'm|i've|we|we're|my|our)\b)|,\s*(?=(?:no|not|never) (?!(?:sure|yet|really|anymore|any|longer|again|quite|that|so|too|always|even|exactly|much|certain|idea|way|kidding|joking|more|for)\b)(?:[a-z'-]+ ?){1,3}[.!?]*$)|,\s*(?:and\s+)?that\s+(?=${SUBJECT})|(?<!\s)\s+and that\s+(?=${SUBJECT})|,\s*so\s+|(?<!\s)\s+so\s+(?=[\w'-]+(?: [\w'-]+)? (?:is|are|was|were)\s|no (?:more|longer)\s)|,\s*(?:and|but)\s+(?=[\w'-]+(?: [\w'-]+)? (?:is|are|was|were)\s+(?:my|for)\b)|(?<!\s)\s+and\s+(?=the [a-z'-]+ (?:is|are|was|were|has|have)\s)|(?<!\s)\s+(?:so|because|cos|coz|cause)\s+(?=the [a-z'-]+ (?:is|are|was|were|has|have|does|doesn't|don't|isn't|won't|can't|never|always|really|just)\b)|,\s*(?=[a-z'-]+(?: [a-z'-]+)?(?: is|'s) (?:my|our) (?:new )?[a-z-]+(?: now| these days)?$))`,
  'i',
);

/** Subjects a clause may start with: the user, or someone else ("my sister Rhiannon has moved…", "neighbour Mr. Ko sold…"). */
const SUBJECTS = new RegExp(
  String.raw`\b(?:I|I'm|I've|I'd|we|we're|we've|me|he|she|they|he's|she's|they're)\b|(?<=^|[,;]\s{0,8}|\b(?:and|but|so|because)\s)(?:my|our) [\p{L}-]+|^(?:the |a )?(?:${RELATIVE}|${CHILD}|neighbou?r|friend|colleague)\b`,
  'giu',
);

/** Whether the last subject before a second verb is the user: "my sister has moved and works…" says nothing of the user. */
function userSubject(before: string): boolean {
  const last = [...before.matchAll(SUBJECTS)].at(-1)?.[0].toLowerCase();
  // "Kasia took her stuff and moved out": with no subject said, "her" says whose the first verb was;
  // "Tom sold the house and moved to Spain": a name opening the clause is whose it was.
  if (last === undefined) return !/\b(?:her|his|their)\b/i.test(before) && !opensOnAName(before);
  return /^(?:i|i'm|i've|i'd|we|we're|we've|me)$/.test(last);
}

/** Whether a clause opens on someone's name before their verb ("Tom sold…", "Priya packed…"), not on the user's own verb ("Sold the house…") or a thing ("Qantas baggage handler, …"). */
function opensOnAName(clause: string): boolean {
  const lead = /^\s*(?:(?:so|and|but|then|well|anyway|oh),?\s+)?/i.exec(clause)![0].length;
  const [who, verb] = tag(clause.slice(lead).split(/\s+/).slice(0, 2).join(' '));
  if (!who || !verb || !/^\p{Lu}/u.test(who.text) || who.text === 'I' || !verb.tags.has('Verb')) return false;
  if (['Verb', 'Pronoun', 'Determiner'].some((n) => who.tags.has(n))) return false;
  return ['Person', 'FirstName', 'ProperNoun'].some((n) => who.tags.has(n)) || (who.tags.has('Noun') && !inLexicon(who.text.toLowerCase()));
}

/** What the user only wants, plans or imagines: the verbs listed after it are no more the user's doing. */
const NOT_DONE = /\b(?:want|wants|wanted|would|'d|hope|hoping|plan|planning|going to|gonna|might|may|could|should|wish|dream|if|when|once)\b/i;
const LIST_JOIN = /,\s+(?:and\s+)?|(?<!\s)\s+and\s+/g;
/** Longer than this, a "sentence" is no list of the user's doings (and tagging it costs more than it tells). */
const LIST_MAX = 400;

/**
 * "I paddle for the dragon boat team, take guzheng lessons on Saturdays and bake sourdough": a verb
 * the tagger reads after a comma or "and" goes on with the user's list, one clause each.
 */
function verbItems(sentence: string): string {
  // A list starts at a comma: without one, no join below can split, and the sentence needs no tagging.
  if (sentence.length > LIST_MAX || !/^(?:i|we) \S/i.test(sentence) || !/,\s/.test(sentence)) return sentence;
  const terms = tag(sentence);
  // The list's first item is the user's own verb, and each item after it a verb of the same tense.
  const first = terms[0] && /^(?:i|we)$/i.test(terms[0].text) ? terms[1] : undefined;
  // "I coach the under-nines": after "I", a word the tagger took for a noun is the verb.
  if (!first || !(plainVerb(first) || (first.tags.has('Noun') && !['Pronoun', 'ProperNoun', 'Plural'].some((n) => first.tags.has(n))))) return sentence;
  const past = first.tags.has('PastTense');
  const starts = new Map<number, Term>();
  let at = 0;
  for (const t of terms) {
    at += t.pre.length;
    starts.set(at, t);
    at += t.text.length + t.post.length;
  }
  // "pulled out the apple trees and planted pears": two verbs joined by "and" alone are one change, no list.
  let listed = false;
  return sentence.replace(LIST_JOIN, (m, offset: number, all: string) => {
    const t = starts.get(offset + m.length);
    const verb = t && plainVerb(t) && t.tags.has('PastTense') === past && (past || !/[^s]s$/i.test(t.text));
    if (!verb || NOT_DONE.test(all.slice(0, offset)) || (!m.includes(',') && !listed)) return m;
    listed = true;
    return '\u0000I ';
  });
}
const plainVerb = (t: Term) => t.tags.has('Verb') && !['Gerund', 'Auxiliary', 'Modal', 'Copula', 'Participle'].some((n) => t.tags.has(n));

/** A sentence with a break before each clause "and" starts with the user's own verb or another pet. */
function secondVerbs(sentence: string): string {
  return (
    verbItems(sentence)
      // "…and I live together in Graz": the user lives in Graz.
      .replace(/\b(live|lived|living) together (?=in\b)/gi, '$1 ')
      .replace(AND_I, (m, at: number, all: string) => (userSubject(all.slice(0, at)) ? '\u0000I ' : m))
      .replace(COMMA_I, (m, at: number, all: string) => (userSubject(all.slice(0, at)) ? '\u0000I ' : m))
      .replace(COMMA_HAVE, (m, at: number, all: string) => (userSubject(all.slice(0, at)) ? "\u0000I've " : m))
      .replace(AND_IM, (m, at: number, all: string) => (userSubject(all.slice(0, at)) ? "\u0000I'm " : m))
      .replace(BUT_NOT, (m, at: number, all: string) => (userSubject(all.slice(0, at)) ? '\u0000I ' : m))
      .replace(AND_JUST, (m, at: number, all: string) => (userSubject(all.slice(0, at)) ? '\u0000I ' : m))
      .replace(AND_A_PET, '\u0000I have ')
  );
}

/** ", girlfriend Maya thinks…", "… and Dolly's the little Jack Russell", "…, and there's a budgie called…": someone of the user's, named after how they are related or said to be, opens a clause of their own. */
const SOMEONE_NAMED = new RegExp(
  String.raw`,\s*(?=(?:${RELATIVE}|${CHILD}|${BOSS}) \p{Lu})|(?<!\s)\s+and\s+(?=\p{Lu}[\p{L}'-]+(?:'s| is) (?:my|our|the) )|,?(?<!\s)\s+and\s+(?=there(?:'s| is) (?:also )?an? )`,
  'u',
);

/** "a flat white is my fuel, pavlova is my favourite thing to eat, …": after a comma, a thing said to be the user's opens a clause of its own. */
const SAID_TO_BE_MINE =
  /,\s+(?=(?:an? )?(?!(?:it|this|that|he|she|they|which|who|there|here|the|what|where|home)\b)[\p{L}'-]+(?: [\p{L}'-]+){0,3}(?: is|'s|’s| are) (?:my|our) )/u;

/** A word, then a new subject written straight after it with no comma or joining word between them, and the two words after it: where run-on clauses may meet. */
const RUN_ON = /(?= )(?<=(?:^|\s)([\p{L}\d'-]{1,40})) +(?=((?:i|we|my|our|i'm|im|we're|i've|we've) [\p{L}'-]+(?: [\p{L}'-]+)?))/giu;
/** Words after which a subject goes on the clause (a relative clause, a complement), never opens one. */
const GOES_ON =
  /^(?:and|but|or|so|because|cos|cause|that|if|when|as|than|then|the|a|an|to|of|with|for|in|at|on|by|from|where|which|who|what|how|since|while|until|after|before|is|are|was|were|am|be|do|does|did|i|we|me|my|our)$/i;

/**
 * "wife is Renée we got three kids", "in galway my partner is tomas we have 2 cats": a sentence
 * written without its commas. A clause ends where a name or a number is followed by a new subject
 * (I, we, my …) with a verb of its own; after a common noun the subject opens a relative clause
 * ("the house we bought").
 */
function runOn(sentence: string): string {
  if (!NAME_THEN_SUBJECT.test(sentence)) return sentence;
  let tagged = 0;
  return sentence.replace(RUN_ON, (space, word: string, subject: string, at: number) => {
    // A name or a number ends a clause (register.ts has capitalised the names of a lower-case sentence by now).
    if (!named(word) || GOES_ON.test(word)) return space;
    const clause = clauseBefore(sentence, at);
    // "the Airbnb we stayed at": a name after a determiner is a thing a relative clause goes on;
    // "Tuesdays I quilt", "From Monday I'm at…": a time or place said first is the clause's own.
    // "Back when I was at uni in Edinburgh I kept snakes": a subordinate clause said first goes on into its main clause.
    if (DETERMINED.test(clause) || !clause.includes(' ') || FRONTED.test(`${clause} ${subject}`) || SUBORDINATE.test(clause) || WHEN_WORD.test(word))
      return space;
    // "I'm", "we've": the subject brings its verb; else the word after it must be one (tagged a few times a sentence at most).
    if (/^(?:i'm|im|we're|i've|we've) /i.test(subject)) return '\u0000';
    return tagged++ < MAX_RUN_ON_TAGS && subjectVerb(tag(subject)) ? '\u0000' : space;
  });
}
/** The cheap test a sentence passes before its run-on subjects are read: a name or a number, then a subject. */
const NAME_THEN_SUBJECT = /(?:^|\s)[\p{Lu}\d][\p{L}\d'-]* +(?:[Ii]|[Ww]e|[Mm]y|[Oo]ur|[Ii]'m|[Ii]m|[Ww]e're|[Ii]'ve|[Ww]e've) /u;
/** Subjects whose verb is tagged, at most, in one sentence: a run-on sentence holds a few clauses, and tagging is dear. */
const MAX_RUN_ON_TAGS = 4;
const WHEN_WORD = new RegExp(`^(?:${DAY_OR_MONTH})s?$`, 'i');

/** The clause a run-on subject at `at` would end: from the last mark before it, at most MAX_CLAUSE_SEEN characters back. */
function clauseBefore(sentence: string, at: number): string {
  const seen = sentence.slice(Math.max(0, at - MAX_CLAUSE_SEEN), at);
  let from = seen.length;
  while (from > 0 && !CLAUSE_MARK.test(seen[from - 1]!)) from--;
  return seen.slice(from).trim();
}
const CLAUSE_MARK = /[,;:.!?—–]/;
const SUBORDINATE = /^(?:back |way back )?(?:when|while|whilst|if|because|once|until|till|since|after|before|though|although|whenever|unless)\b/i;
const MAX_CLAUSE_SEEN = 80;
const DETERMINED = /\b(?:the|a|an|this|that|these|those|every|each|any|some|which|what)\s+\S+$/i;

/** A word written as a name or a number ("Renée", "UCD", "34"), not "I". */
const named = (word: string) => /^(?:\p{Lu}|\d)/u.test(word) && word !== 'I';

/** Whether a subject has a verb of its own: "we have", "my partner is". */
function subjectVerb(terms: Term[]): boolean {
  const next = /^(?:my|our)$/i.test(terms[0]?.text ?? '') ? terms[2] : terms[1];
  return !!next?.tags.has('Verb') && !next.tags.has('Gerund');
}

/** A title's full stop before the name ("Engr. Danjuma" → "Engr Danjuma"): the name is both words, read as one. */
const TITLE_STOP = new RegExp(String.raw`\b(${TITLE})\.(?= \p{Lu})`, 'giu');

/** A sentence's clauses, split at a new subject ("…, and she thinks…") or a second verb of the user's. */
export function clauses(sentence: string): string[] {
  const said = runOn(weTwo(sentence.replace(TITLE_STOP, '$1')));
  return (
    workplaces(
      (/\b(?:and|but)\b|,\s/i.test(said) ? secondVerbs(said) : said)
        .split(SPLIT)
        .flatMap((s) => s.split(SOMEONE_NAMED))
        .flatMap((s) => s.split(SAID_TO_BE_MINE))
        .flatMap(terseItems),
    )
      .map((s) => tidy(s.replace(SURPRISED, '').replace(/(?<![.!;,])[.!;,]+$/, '')))
      // "…every weekend, last time dapat nothing": what happened one time is an anecdote, no fact of the user's.
      .filter((s) => s && !ONE_TIME.test(s))
  );
}
const ONE_TIME = /^(?:last|that|one) time\b/i;

/** How long, said with "my": "my whole life", "all my life". */
const HOW_LONG_MINE = /\b(?:(?:all|for) )?my (?:whole |entire )?(?:life|adult life|career)\b/gi;

/** A word that says who the clause is about: a clause without one is a fragment. */
const ANY_SUBJECT = /\b(?:i|i'm|im|i've|me|my|we|we're|we've|our|us|he|she|they|it|his|her|their)\b/i;

/** "Brother got offer from Emirates NBD, Dubai": a clause about someone of the user's, said without "my", is no list of the user's items. */
const SOMEONE_FIRST = new RegExp(String.raw`^(?:${RELATIVE}|${CHILD}|friend|mate|colleague|neighbou?r|boss)\s+(?=\p{Ll})`, 'u');
/** "Aoife's after landing a job in the Mercy, in the cardiac unit": a name and its verb open a clause of someone else's. */
const NAME_FIRST = /^\p{Lu}\p{Ll}+(?:'s| has| is| was) /u;
const someoneFirst = (clause: string) => NAME_FIRST.test(clause) || SOMEONE_FIRST.test(clause.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()));

/** An item that ends in pets or children counted: names may follow it. */
const NAMED_BEFORE = new RegExp(String.raw`\b(?:${PET}|${CHILD})s?$`, 'iu');

/** A name of at most three words, each tagged as one of `tags`. */
function namedAs(item: string, tags: readonly string[]): boolean {
  const terms = tag(item);
  return terms.length > 0 && terms.length <= 3 && terms.every((t) => tags.some((name) => t.tags.has(name)));
}

/** A city or a country named alone ("Berlin"). */
export const isPlace = (item: string) => /^\p{Lu}/u.test(item) && namedAs(item, ['City', 'Country', 'Place']);

/** "electrician": the word for a job alone. */
const isJob = (item: string) => JOBS.has(item.toLowerCase());
const JOBS: ReadonlySet<string> = new Set(ROLE_NOUNS);

/** "Argentina", "New Zealand": a country's name and nothing else. */
export const isCountry = (item: string) => namedAs(item, ['Country']);

/** "Priya here, junior designer at Lumen, on the onboarding team": an introduction the phrase table reads whole. */
const NAME_HERE = /^\p{Lu}[\p{L}'-]* here,/u;

/** "into bouldering, design everything in Figma, girlfriend is Tegan": a clause with no subject is a list of the user's fragments, one item of two words or more each. */
function terseItems(clause: string): string[] {
  // "Kita pickup, dentist, and finally the allergist result: birch pollen allergy": a list before a colon heads what follows.
  const colon = clause.indexOf(': ');
  if (colon > 0 && clause.lastIndexOf(',', colon) > 0) return [clause.slice(colon + 2)];
  // "Household: wife Mette, two cats, Loki and Freya": the items after a label that names who the user lives with.
  const household = HOUSEHOLD.exec(clause);
  if (household) return terseItems(clause.slice(household[0].length));
  // "vegetarian my whole life, allergic to penicillin": how long is said with "my", no subject of its own.
  if (ANY_SUBJECT.test(clause.replace(HOW_LONG_MINE, '')) || !clause.includes(',') || NAME_HERE.test(clause) || LABEL.test(clause) || someoneFirst(clause))
    return [clause];
  // "Coeliac, proper": how much, said as an item of its own, is no item.
  const items = clause
    .split(/,\s*/)
    .filter((item) => !HOW_MUCH_ALONE.test(item.trim()))
    // "Live in Worthington, Ohio": a place after a name is where that place is, no item of its own.
    .reduce<string[]>((all, item) => {
      const last = all.at(-1);
      if (last && /\p{Lu}[\p{L}'-]*$/u.test(last) && isPlace(item.trim())) all[all.length - 1] = `${last}, ${item}`;
      else all.push(item);
      return all;
    }, []);
  if (items.length === 1) return items;
  // "Two cats, Miso and Tofu": names after a comma are who the pets or children before them are ("wife Mette, two cats, Loki and Freya").
  const named = items.findIndex((item, i) => i > 0 && /^\p{Lu}/u.test(item) && NAMED_BEFORE.test(items[i - 1]!));
  if (named > 0) return [...items.slice(0, named - 1), items.slice(named - 1).join(', ')];
  // "Data scientist, Berlin", "electrician, been with Acme Electric": one place or one job may stand alone among longer items.
  const single = items.filter((item) => !/\s/.test(item.trim()) && !SHIFTS.test(item.trim()));
  return single.length === 0 || (single.length === 1 && (isPlace(single[0]!.trim()) || isJob(single[0]!.trim()) || WORK_MODE.test(single[0]!.trim())))
    ? items
    : [clause];
}

/** "Remote, based in Kitchener": how the user works, said alone among the items. */
const WORK_MODE = /^(?:remote|hybrid|freelance|freelancing|contract|contracting|part-time|full-time|self-employed|retired|semi-retired|wfh)$/i;
const HOW_MUCH_ALONE = /^(?:proper|properly|seriously|strictly|totally|really|literally|honestly|big time|for real|100%|full stop|no joke)[.!]*$/i;

/** "Head chef, Saltbush in Fitzroy": a name and its place after a job is where the job is done ("Head chef at Saltbush in Fitzroy"). */
function workplaces(items: string[]): string[] {
  const bare = items.map((item) => item.trim().replace(/[.!;,]+$/, ''));
  const workplace = (item = '') => NAME_IN_PLACE.test(item) || NAMED_WORKPLACE.test(item);
  // "carer, nights, Balgay Court care home": the shifts worked may come between the job and where.
  const at = (i: number) =>
    !JOB_ALONE.test(bare[i] ?? '') ? 0 : workplace(bare[i + 1]) ? 1 : SHIFTS.test(bare[i + 1] ?? '') && workplace(bare[i + 2]) ? 2 : 0;
  const out: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const by = at(i);
    out.push(by ? `${bare[i]} at ${items[i + by]!.trim()}` : items[i]!);
    i += by;
  }
  return out;
}
const JOB_ALONE = new RegExp(`^(?:an? )?${ROLE}$`, 'iu');
const NAME_IN_PLACE = /^\p{Lu}[\p{L}&'.-]*(?: \p{Lu}[\p{L}&'.-]*){0,3} in \p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?$/u;
/** "Balgay Court care home", "St Mary's hospital": a name, then the kind of place it is. */
const NAMED_WORKPLACE =
  /^\p{Lu}[\p{L}&'.-]*(?: \p{Lu}[\p{L}&'.-]*){0,3} (?:care home|nursing home|hospital|school|academy|college|hotel|cafe|café|restaurant|bar|pub|garage|clinic|surgery|pharmacy|chemist|bakery|shop|store|depot|mine|farm|factory|warehouse|site|station|practice|salon|gym|library|council|bank)$/u;
const SHIFTS = /^(?:nights|days|lates|earlies|weekends|part[- ]time|full[- ]time|casual|agency|permanent|temp)$/i;

const LEAD_IN =
  /^(?:(?:oh|aye|ach|och|seriously|ngl|tbf|dude|bro|well|so|also|actually|btw|by the way|fyi|fwiw|imo|imho|p\.?s\.?|p\.?p\.?s\.?|f\.y\.i\.|and|but|anyway|anyways|so anyway|hi+|hel+o+|he+y+|hiya+|heya+|howdy|howya|howaya|hallo|yo+|g'day|hey there|hi there|ok|okay|yes|yeah|yep|yup|nope|no(?=[,!.:\u2014-]|\s+(?:i|i'm|im|we|my|our|it|it's|that|that's|not|way|problem|worries|thanks)\b)|sure|right|cool|great|awesome|nice|wow|haha|hah|lol|omg|hmm|um|uh|ah|aw|aww|ugh|argh|meh|phew|yay|woo|whoa|oof|ooh|huh|welp|eek|yikes|whoop|woohoo|yippee|hooray|lmao|rofl|oh my god|oh my gosh|omfg|\p{L}*(\p{L})\1\1\p{L}*|now|update|quick update|correction|(?:sorry,? )?i (?:told|gave) you (?:it )?wrong(?: (?:yesterday|earlier|before|last time))?|sorry|honestly|to be honest|tbh|frankly|guess what|big news|good news|bad news|fun fact|news|heads up|just so you know|just a heads up|for the record|for context|for what it's worth|as of (?:today|now)|from now on|going forward|these days|nowadays|lately|recently|currently|at the moment|right now|day to day|day-to-day|for now|for the moment|for the time being|at this point|in fact|to be fair|of course|you know what|funny story|long story short|long story|believe it or not|as it happens|as you know|thanks|thank you|good morning|good evening|good afternoon|dear diary|it'?s me(?: again)?|me again|wait|alright|all right|also worth mentioning|turns out(?: that)?|it turns out(?: that)?|(?:i )?(?:just |only )?(?:found out|learned|learnt|discovered|realised|realized)(?: the hard way| today| recently| this week)? that|as it turns out|[a-z]+[- ]wise|the only thing is|the thing is|the main thing is|one more thing|another thing|one last thing|last thing|one other thing|before i forget|side note|(?:i am|i'm) (?:pleased|happy|delighted|sad|sorry|proud|thrilled|excited|glad) to (?:advise|say|announce|report|share|tell you|inform you|let you know)(?: that)?|i regret to (?:say|report|inform you|advise|tell you)(?: that)?|kindly note(?: that)?|off the clock|off duty|off hours|away from work|outside (?:of )?work|funnily enough|sadly|unfortunately|fortunately|luckily|weirdly|oddly|annoyingly|bad news from the \w+|news from the \w+|(?:also |please |just )?note(?: that)?)(?:[,:!.\u2014-]+\s*|\s+|$))+/iu;
/** "Stack-wise it's Python, dbt and Snowflake": what the user's work is done in, said after the topic. */
const STACK_WISE =
  /^(?:(?:tech )?stack|tech|tooling|tools)[- ]?wise,?\s+(?:it'?s|it is|we use|i use|we're on|we are on)\s+(?:mostly |mainly |all |basically )?/i;
/**
 * A heading that introduces the user, before a colon: "Quick intro so you know who I am:", "Ok
 * some facts about me for context:", "Bit about me:". What follows it is the user's own.
 */
const INTRO_HEADING =
  /^[^:!?]{0,60}\b(?:intro|introduction|about me|about myself|context|background|bit about|facts about|quick facts|some facts|other (?:bits|stuff|things)|(?:a )?few more (?:bits|things)|more (?:bits|stuff|things) about)\b[^:.!?]{0,60}:\s*/i;

/** The sentence without an introducing heading, and whether it had one. */
export function introHeading(sentence: string): { heading: boolean; rest: string } {
  const m = INTRO_HEADING.exec(sentence);
  return m ? { heading: true, rest: sentence.slice(m[0].length) } : { heading: false, rest: sentence };
}

/** A label for whom the user lives with, before the list of them. */
const HOUSEHOLD = /^(?:(?:the|my|our) )?(?:household|family|fam|home life|at home|crew)\s*:\s+(?=[^,]+,)/i;
/** A label before a colon ("new girlfriend alert:", "Career update:"). */
const LABEL = /^[\p{L}' ]{1,40}:\s+(?=\S)/u;
/** Courtesies after a statement ("I'm Jordan, nice to meet you"). */
const PLEASANTRY =
  /,?(?<!\s)\s+(?:(?:it's |it is )?(?:nice|good|great|lovely|pleased) to (?:meet|see|hear from|talk to|chat with) you|thanks|thank you|how are you|how about you|and you|(?:i )?(?:so |just )?(?:can't|cannot|can not) wait|(?:please |pls )?(?:don't|dont|do not) (?:laugh|judge(?: me)?|@ me|at me|hate me|ask)|no judg(?:e?ment|ing))\b.*$/i;
/** A request after a statement ("…, please don't suggest soda", "… so pls keep it local", "… so don't book anything then"): the statement before it is what was said. */
const REQUEST =
  /,?(?<!\s)\s+(?:(?:(?:so|and|but) )?(?:please|pls|plz|kindly)\b|(?:so|and|but) (?:don'?t|do not|never) (?:put|book|schedule|suggest|recommend|give|send|plan|add|offer|ask|remind|include|bother)\b).*$/i;
/** "…if you ever suggest snacks": a condition on what the assistant does leaves the statement before it as said. */
const TO_YOU = /,?(?<!\s)\s+(?:if|when|whenever|in case) you\b.*$/i;
/** "I surf most mornings if the swell's any good": a condition on a habit leaves the habit as said. */
const HABIT_IF =
  /^((?:i|we) (?!(?:would|could|might|will|may|should)\b)[^,]*?\b(?:every|most|each|usually|always|often|most days|on (?:weekends|saturdays|sundays))\b[^,]*?),?(?<!\s)\s+if\b.*$/i;
/** A time or place said before the subject; it moves behind the clause, where dates are read. */
const FRONTED = new RegExp(
  String.raw`^((?:outside (?:of )?(?:work|the office|office|my job|uni|school|college|hours)|as of|on|in|at|during|every|most|the whole|all (?:day|week|year|morning|evening|night)|after|before|since|from|over|for|this|last|next|earlier|later|yesterday|today|tomorrow|already|${COUNT} (?:years?|yrs|months?|weeks?)|two|three|a few|a couple|weekends|weeknights|weekdays|evenings|mornings|summers|winters|onboard|aboard|offshore|spare time|free time|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:when|whenever)(?![^,]{0,40}\b(?:was|were|had)\b))\b[^,]{0,40}?)(?<!\b(?:on|in|at|for|of|with|from|to|by|near|since|after|before|during|until|over|when|whenever|my|our|the|an?)),?\s+(?=(?:i|i'm|i've|we|we're|we've|my|our)\b)`,
  'i',
);

/** "You may wish to note that…", "The other thing you should know is that…", "keep in mind…", "please remember…": what follows is the statement. */
const TELLS_YOU =
  /^(?:(?:the )?(?:other |one |main |first |last |only )?thing (?:you (?:should|need to|might want to|may want to) (?:probably |also )?know|to know|worth (?:knowing|mentioning)) is(?: that)?|you (?:may|might|should) (?:wish|want|like) to (?:note|know)(?: that)?|(?:i|we) should (?:probably |also |just )?(?:mention|say|add|note|tell you)(?: that)?|(?:please )?(?:keep|bear) in mind(?: that)?|(?:please )?note that|(?:please |pls |just |also )?(?:remember|don'?t forget|do not forget)(?: that)?,?|worth mentioning(?: that)?|for context(?:,)?|just so you know(?:,)?|fyi(?:,)?)\s+(?=\S)/i;

/** "With the new job I answer to Fergal now": what the clause happens with, said first, is no part of what it says. */
const WITH_FRONTED = /^(?:with|given|thanks to|due to|because of) (?:the|my|our|this|that|all|an?) [^,]{1,40}?,?\s+(?=(?:i|i'm|i've|we|we're|we've|my|our)\b)/i;

/** "To relax I play oware", "To keep sane, I run": why the user does it, said first, is no part of what they do. */
const PURPOSE_FRONTED =
  /^to (?:relax|unwind|de-?stress|chill(?: out)?|switch off|wind down|decompress|recharge|keep (?:fit|sane|busy|active)|stay (?:fit|sane|busy|active)|clear my head),?\s+(?=(?:i|we)\b)/i;

/** The clause without discourse markers, with a fronted time or place moved to its end. */
export function unwrap(clause: string): string {
  const bare = clause
    .replace(STACK_WISE, 'My stack is ')
    .replace(LEAD_IN, '')
    .replace(WITH_FRONTED, '')
    .replace(PURPOSE_FRONTED, '')
    .replace(LABEL, '')
    .replace(LEAD_IN, '')
    .replace(TELLS_YOU, '')
    .replace(PLEASANTRY, '')
    .replace(REQUEST, '')
    .replace(TO_YOU, '')
    .replace(HABIT_IF, '$1');
  const m = FRONTED.exec(bare);
  if (!m) return tidy(bare);
  // "Weekends I go bouldering" → "I go bouldering on weekends".
  const when = m[1]!.replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase());
  // "already twenty years I live in Kraków" → "I live in Kraków for twenty years".
  const lasted = new RegExp(String.raw`^(?:already )?((?:${COUNT}|a few|a couple of) (?:years?|yrs|months?|weeks?))$`, 'i').exec(when);
  const said = lasted
    ? `for ${lasted[1]}`
    : /^(?:spare|free) time\b/.test(when)
      ? `in my ${when}`
      : /^(?:evenings|mornings)\b/.test(when)
        ? `in the ${when}`
        : `${WEEKLY_START.test(when) || ONE_DAY.test(when) ? 'on ' : ''}${when.replace(ONE_DAY, (day) => capitalFirst(day))}`;
  // "…, almost two years now": what follows the clause's first comma stays after the time moved behind it.
  const rest = bare.slice(m[0].length);
  const comma = rest.indexOf(', ');
  return tidy(comma < 0 ? `${rest} ${said}` : `${rest.slice(0, comma)} ${said}${rest.slice(comma)}`);
}

function tidy(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,:;-]+|(?<![\s,:;-])[\s,:;-]+$/g, '')
    .trim();
}
