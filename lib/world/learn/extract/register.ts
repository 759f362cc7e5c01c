import { learnerEnglish } from './learner-english.ts';
import { someoneElseBefore } from './someone-else.ts';
import { acceptable } from './values.ts';
import { MONTHS } from './dates.ts';
import { isPlace } from './segment.ts';
import { tag, type Term } from './voice.ts';
import { guessedAdjective, inLexicon } from './tagger.ts';
import { categoryOf, familyOf } from './vocabulary/categories.ts';
import { isPet, onePet, PET } from './vocabulary/pets.ts';
import { DIET } from './vocabulary/diet.ts';
import { VEHICLES } from './vocabulary/holdings.ts';
import { FOUND_CONDITION } from './vocabulary/health.ts';
import { goneTo, pastimeNamed } from './vocabulary/pastimes.ts';
import { CHILD, ELDER_OR_SIBLING, IS_RELATIVE, PARTNER_UNOWNED, RELATIVE } from './vocabulary/family.ts';
import { BOSS, ROLE, ROLE_NOUNS } from './vocabulary/work.ts';
import { alternation } from './vocabulary/alternation.ts';

const JOBS: ReadonlySet<string> = new Set(ROLE_NOUNS);

/**
 * A chat-register sentence said again in the plain register the rules read: the shorthand of
 * chat spelled out ("gf" → girlfriend, "fave" → favourite, "w/" → with, "im" → I'm), laughter
 * and other fillers dropped ("lol", "haha"), and, in a sentence written all in lower case, the
 * names a capital would have marked: someone's name after how they are related or after
 * "called"/"named" ("my boyfriend dan" → Dan), the user's own in an introduction ("im seun,",
 * "lachie here,"), a place compromise knows ("in norwich" → Norwich), and the employer after a
 * job ("designer at wattle studio" → Wattle Studio).
 */

/** Chat shorthand and what it stands for: whole lower-case words only. */
const SHORTHAND: Record<string, string> = {
  gf: 'girlfriend',
  bf: 'boyfriend',
  boyf: 'boyfriend',
  hubby: 'husband',
  fave: 'favourite',
  fav: 'favourite',
  faves: 'favourites',
  rn: 'right now',
  alr: 'already',
  atm: 'at the moment',
  im: "I'm",
  "i'm": "I'm",
  "i've": "I've",
  "i'll": "I'll",
  "i'd": "I'd",
  ive: "I've",
  weve: "we've",
  ill: "I'll",
  i: 'I',
  u: 'you',
  ur: 'your',
  yrs: 'years',
  yr: 'year',
  mo: 'month',
  mos: 'months',
  wks: 'weeks',
  wk: 'week',
  wknd: 'weekend',
  wknds: 'weekends',
  wkend: 'weekend',
  wkends: 'weekends',
  bc: 'because',
  cuz: 'because',
  coz: 'because',
  tho: 'though',
  thru: 'through',
  ppl: 'people',
  abt: 'about',
  // A verb's -ing said without its g ("been seein this lassie", "am eatin fish again").
  seein: 'seeing',
  eatin: 'eating',
  goin: 'going',
  doin: 'doing',
  workin: 'working',
  livin: 'living',
  playin: 'playing',
  drinkin: 'drinking',
  startin: 'starting',
  learnin: 'learning',
  datin: 'dating',
  tryin: 'trying',
  thinkin: 'thinking',
  havin: 'having',
  takin: 'taking',
  gettin: 'getting',
  comin: 'coming',
  runnin: 'running',
  movin: 'moving',
  stayin: 'staying',
  lookin: 'looking',
  trainin: 'training',
  studyin: 'studying',
  teachin: 'teaching',
  drivin: 'driving',
  plannin: 'planning',
  // Words of health and diet as they are often misspelled.
  alergic: 'allergic',
  allergick: 'allergic',
  alergy: 'allergy',
  alergies: 'allergies',
  allergys: 'allergies',
  vegitarian: 'vegetarian',
  vegeterian: 'vegetarian',
  vegatarian: 'vegetarian',
  intolerent: 'intolerant',
  colestrol: 'cholesterol',
  cholestrol: 'cholesterol',
  diabetis: 'diabetes',
  // Verbs of stopping with their consonant left single.
  stoped: 'stopped',
  droped: 'dropped',
  quited: 'quit',
  bday: 'birthday',
  mgr: 'manager',
  mngr: 'manager',
  supe: 'supervisor',
  nites: 'nights',
  nite: 'night',
  n: 'and',
  w: 'with',
  'w/': 'with',
  roomate: 'roommate',
  roomie: 'roommate',
  'b/c': 'because',
  shes: "she's",
  hes: "he's",
  theyre: "they're",
  thats: "that's",
  whats: "what's",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  isnt: "isn't",
  wasnt: "wasn't",
  havent: "haven't",
  shld: 'should',
  sm: 'so much',
  fae: 'from',
  aff: 'off',
  wi: 'with',
  noo: 'now',
  tae: 'to',
  yday: 'yesterday',
  yest: 'yesterday',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tues: 'Tuesday',
  r: 'are',
  // Scots: "ah'm daein the West Highland Way".
  "ah'm": "I'm",
  "ah've": "I've",
  "ah'll": "I'll",
  daein: 'doing',
  cannae: "can't",
  wid: 'with',
  inna: 'in',
  maw: 'mum',
  brither: 'brother',
  faither: 'father',
  mither: 'mother',
  dinnae: "don't",
  didnae: "didn't",
  wouldnae: "wouldn't",
  couldnae: "couldn't",
  isnae: "isn't",
  wisnae: "wasn't",
};
/** Shorthand that is a word or a name when capitalised ("Mo", "Ur", "Ill"). */
const CASED_WORDS = new Set(['mo', 'mos', 'ur', 'ill', 'sm', 'wk']);
/** Each shorthand as typed, in lower case or capitalised at a sentence's start ("Fave"); never "I" or an acronym. */
const SHORT = new RegExp(
  String.raw`(?<![\p{L}'/-])(?:${Object.keys(SHORTHAND)
    .flatMap((w) => (w.length > 1 && !CASED_WORDS.has(w) ? [w, `${w[0]!.toUpperCase()}${w.slice(1)}`] : [w]))
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace('/', '\\/'))
    .join('|')})(?![\p{L}'/-])`,
  'gu',
);
/** "soooo", "yesss", "cooool": a word with a letter held for effect. */
const HELD_LETTER = /(?<![\p{L}'/@.-])\p{L}*?(\p{Ll})\1{2,}\p{L}*(?![\p{L}'/@-]|\.\p{L})/gu;
/** The held letter said once, or twice where that makes a word ("cool", "too"). */
function unheld(word: string): string {
  const twice = word.replace(/(\p{Ll})\1{2,}/gu, '$1$1');
  return inLexicon(twice) ? twice : word.replace(/(\p{Ll})\1{2,}/gu, '$1');
}
/** "n" and "w" stand for a word only between two words ("me n my", "obsessed w oat", "kits w 2 roomies", "a band, n my gf"). */
const BETWEEN_WORDS = new Set(['n', 'w']);

/**
 * "were in galway now", "so were back in cork": "we're" typed without its apostrophe, where no subject
 * comes before "were" (the sentence's start, or "so", "but", "now" opening a clause) and what follows is
 * where or how the user is, not a subject ("were you…", "so were they").
 */
const WERE_UNMARKED =
  /\bwere(?<=(?:^|[,;:]\s*|\b(?:so|but|now|and now|then|anyway|ok|okay|well)\s+)were)(?=\s+(?:now\s+|finally\s+|officially\s+|still\s+|all\s+)?(?:in|at|back|off|out|home|moving|going|getting|living|renting|staying|based|settled|settling|expecting|engaged|married|done|over|through|finished|having|looking|thinking|buying|selling|leaving|heading|relocating|down|up)\b)/gu;

/**
 * "After the wedding we moved to Leith", "once the baby came we…": a time said first, as a clause of
 * its own, ends before the user's own subject, with or without the comma a writer would put there.
 */
const FRONTED_TIME =
  /^((?:(?:and|so|but|then|well|oh|and then),?\s+)*(?:(?:right|straight|just|soon|not long|shortly|only|even)\s+)?(?:after|before|once|since|as soon as)\s+[^\s,;:.!?]+(?:\s+[^\s,;:.!?]+){0,5}?)(?=\s+(?:I|we)(?:'m|'ve|'d|'ll|'re)?\s)/iu;

/** "moved ourselves and the boat round to Mevagissey", "moved the whole family over to Perth": whom a move took, said between the verb and where to. */
const MOVED_US =
  /\b(mov(?:e|ed|ing)) (?:ourselves|myself|us|the (?:whole |entire )?(?:family|household|lot of us))(?: (?:and|&|plus) (?:the |my |our |all )?[\p{L}-]+(?: [\p{L}-]+)?)? (?=(?:(?:round|over|up|down|out|back|across) )?to\b)/giu;

/** "I must say now my favourite food is laksa", "gotta say, …": the user's lead-in to what they say (not "I must say goodbye to …"). */
const MUST_SAY =
  /^(?:(?:and|but|well|ok|okay|so),? )?(?:I )?(?:must|have to|'ve got to|gotta|got to) say,? (?!(?:goodbye|bye|farewell|hello|hi|no|yes|sorry|thanks|thank|it|that|this|something|anything|nothing|what|how|I'm sorry)\b)(?=\p{L})/iu;

/** "got myself a little flat in Scarborough", "bought ourselves a campervan": what the user got, said with whom for. */
const GOT_MYSELF = /\b(got|gotten|bought) (?:myself|ourselves) (?=(?:a|an|the|some|my|our)\b)/giu;

/** "the new place uses figma so bye bye illustrator": a farewell after "so" is a clause of its own. */
const SO_BYE = /(?<=\p{L}) (?=so (?:bye bye|bye|goodbye|farewell) \p{L})/gu;

/** "bro (Arjun) relocated…", "sis got engaged": a brother or sister said in shorthand opens the sentence as its subject (not "bro I moved…", said to the listener). */
const SIBLING_OPENS = /^([Bb]ro|[Ss]is)(?= (?:\(\p{Lu}[\p{L}'-]*\) |\p{Lu}\p{Ll}+ )?(?:just |finally |also )?(\p{Ll}+))/u;
const siblingOpens = (m: string, _: string, next: string) =>
  tag(next)[0]?.tags.has('Verb') && !/^(?:i|im|ive|you|u|its|thats|pls|please|thanks|thx)$/.test(next) ? `My ${SIBLING_SHORT[m.toLowerCase()]}` : m;
/**
 * An arrow in a note: "IaC: Terraform -> Pulumi", "job again: Stripe → Cloudflare" is a switch from one thing to the next;
 * "relocated -> Vancouver", after a verb, is where to.
 */
const ARROW = /(?<=^|: |, |; )([^\s:,;()<>-][^:,;()<>]{0,40}?) ?(?:-+>|→|=>) ?(?=\S)/gu;
function arrowRead(m: string, left: string): string {
  const terms = tag(left);
  if (terms.at(-1)?.tags.has('Verb')) return `${left} to `;
  return terms.length <= 3 && !terms.some((t) => t.tags.has('Verb') || t.tags.has('Pronoun')) ? `I switched from ${left} to ` : m;
}

/** "weekend I go surf", "we went fish off the rocks": going to do a pastime, said with its bare verb. */
const GO_DO =
  /\b(go|goes|went|going) (surf|ski|swim|fish|hike|climb|run|cycle|skate|sail|dive|bowl|boulder|kayak|row|jog|camp|hunt|dance|paddle|snowboard)\b(?! (?:board|boards|suit|shop|club|lessons?|trip|gear|team|school)\b)/giu;
const DOUBLED: Record<string, string> = { swim: 'swimming', run: 'running', jog: 'jogging' };
const gerund = (verb: string) => DOUBLED[verb.toLowerCase()] ?? `${verb.replace(/(?<=[^e])e$/i, '')}ing`;

/** "Me I live in Mellieħa", "Myself, I work nights": the user said twice, as a topic and a subject. */
const ME_THEN_I = /^(?:[Mm]e|[Mm]yself|[Aa]s for me),? (?=I\b)/u;
/** "a system called IVU", "an app called Vagaro": a tool said by its kind, then its name, is the name. */
const TOOL_CALLED =
  /\b(?:an?|the|this|some) (?:[\p{Ll}-]+ )?(?:system|app|application|software|platform|tool|program|programme|package|portal) (?:called|named) (?=\p{Lu})/gu;

/** "I must inform you that…", "I'm sad to say…", "just letting you know,": how news is broken says nothing of it. */
const NEWS_BROKEN =
  /^(?:I (?:must|have to|need to|should|wanted to|want to|thought I'd|thought I should) (?:inform|tell|let) you(?: know)?|I(?:'m| am) (?:sad|sorry|happy|pleased|glad|thrilled) to (?:say|report|tell you|announce|share)|I regret to (?:say|inform you|report|tell you)|(?:[Jj]ust )?(?:to )?let(?:ting)? you know|(?:[Yy]ou'll|[Yy]ou will) be (?:glad|sad|pleased|sorry) to hear),?(?: that)?,?\s+(?=\S)/u;

/** "I've been a field guide at Ulusaba for six years": a job held till now, where it is held, is the user's job there. */
const BEEN_A_ROLE = new RegExp(String.raw`\bI(?:'ve| have) been (?=an? (?:[\p{L}-]+ ){0,2}?(?:${ROLE}) (?:at|for|with) \p{Lu})`, 'gu');

/** "…never left Morwenna's flat in St Ives, so I'm living there now": "there" is the place the sentence named before it. */
const LIVING_THERE =
  /\b((?:I'm|I am|we're|we are|I've been|we've been) (?:now |basically |kind of |sort of )?)(living|livin'?|staying|stayin'?|based|settled) there\b/u;
const IN_PLACE = /\bin (\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)*)/gu;
function livingThere(sentence: string): string {
  const m = LIVING_THERE.exec(sentence);
  const place = m && [...sentence.slice(0, m.index).matchAll(IN_PLACE)].at(-1)?.[1];
  return place ? `${sentence.slice(0, m.index)}${m[1]}${m[2]!.replace(/in'?$/, 'ing')} in ${place}${sentence.slice(m.index + m[0].length)}` : sentence;
}

/** Laughter and exclamations inside a sentence ("lol", "wish me luck"): they say nothing of the user. */
const FILLER =
  /(?:,\s*|\s+)(?:what else|believe it or not|obvs|obvi|ofc|huhu|lol+|lmao|rofl|ha(?:ha)+h?|he(?:he)+|omg|xd|jk|tbh|ngl|um+|uh+|uhm+|erm+|sha|(?<!\b(?:if|when|whether|as|do|did|what|all) )you know|wish (?:me|us) luck|fingers crossed|if any(?:one|body)(?:'s| is) asking|if you must know|worse luck|more's the pity|(?:in case|if) you(?:'re| are| were) wondering)\b(?=[\s,.!?]|$)[,!]*/giu;

/** "saving like crazy", "working like mad": how hard, said of what the user does. */
const LIKE_MAD = /,?\s+like (?:crazy|mad|hell|nobody's business)\b/giu;
/** "my doctor thinks I'm gluten intolerant", "the allergist confirmed I'm allergic to birch": a finding of the user's health, told by whoever found it, is the user's. */
const FOUND_BY = new RegExp(
  String.raw`\b(?:(?:my|the|our) )?(?:doctor|doc|gp|allergist|dermatologist|consultant|specialist|dietitian|dietician|nutritionist|gastroenterologist|gastro|physician)\s+(?:thinks|says|said|reckons|confirmed|suspects|believes|told me|found out|found|discovered|worked out|figured out)(?: (?:last|this) (?:year|month|week)| (?:yesterday|today|recently))?(?: that)?,? (?=(?:I'm|I am) (?:now |also )?(?:[\p{L}-]+ ){0,2}?(?:${FOUND_CONDITION})\b|I have (?:(?:high|low|mild|severe|type \d|an?) )?[\p{L}-]+)`,
  'giu',
);
/** "So I found out the hard way I'm allergic to bee stings": what the user found out about themselves is what they are. */
const FOUND_MYSELF = new RegExp(
  String.raw`\b(?:I|we) (?:just |recently |finally |only )?(?:found out|discovered|learned|learnt|realised|realized)(?: the hard way| recently| (?:last|this) (?:year|month|week))?(?: that)?,? (?=(?:I'm|I am) (?:now |also )?(?:[\p{L}-]+ ){0,2}?(?:${FOUND_CONDITION})\b)`,
  'giu',
);
/** "switched to matcha and honestly I feel way better": how the user feels about it, said after it, is no part of it. */
const FEELING_AFTER =
  /,?\s+(?:and|so) (?:honestly |tbh |frankly |now |already )?(?:I|i) (?:feel|'m feeling|am feeling|felt) (?:so |way |much |loads |a lot |heaps |10x |tons )?(?:better|worse|lighter|healthier|happier|great|amazing|fantastic|awful|good)\b[^.!?]*/gu;
/** "cold brew, like 3 a day": how many, said after a comma, is no part of what the user has. */
const HOW_MANY_AFTER =
  /,\s*(?:like |about |maybe |prob(?:ably)? )?(?:\d+|one|two|three|four|five|six|a few|a couple)(?: or (?:\d+|two|three|four|five|six))? (?:a|per|every) (?:day|week|night|morning)\b/giu;
/** "for like 2 years": "like" before a number is "about", which a duration need not say. */
const LIKE_ABOUT = /(?<=\b(?:for|about|over|around) )like (?=\d|a (?:year|month|week|day)\b)/giu;
/** "its my therapy", "its so good": "it's" without its apostrophe, before what only follows a verb. */
/** "Mostly I write Kotlin", "usually we cycle": how often, said before the subject, goes after it. */
const OFTEN_FIRST = /^(mostly|mainly|usually|normally|generally|typically|often|sometimes),?\s+(I|we)\s+(?!(?:am|'m|are|'re|have|'ve|was|were)\b)/iu;
/** "Daily I am using Selenium", "Nowadays I'm on nights": how often or since when, said before "I am", is no part of what the user is. */
const OFTEN_BEFORE_BEING = /^(?:daily|every day|nowadays|mostly|mainly|usually|normally|generally|these days),?\s+(?=(?:I am|I'm|we are|we're)\b)/iu;

/**
 * "When I'm not working I do a lot of fell running", "when I'm not on shift I go climbing", "Weekend I go cycling": the user's own
 * time said by what it is not, or by a bare "weekend", is their time outside work (a condition on what they do there is none).
 */
const OFF_WORK_FIRST =
  /^(?:when|whenever) (?:I'm|I am|im) not (?:working|at work|on (?:shift|duty|call|exercise|the tools|nights)|in the office|teaching|studying|at uni|at school),?\s+(?=I\b)|^weekend,?\s+(?=I (?!(?:am|'m|was|had|have|'ve)\b))/iu;
/** "Outside work it's mostly bouldering", "weekends it's all cycling": what the user's own time goes on. */
const OWN_TIME_IS =
  /^((?:outside (?:of )?work|after work|when I'm (?:home|off|free|not working|not at work)|when I am (?:home|off|free|not working)|(?:at |on )?weekends|evenings|in (?:the|my) (?:evenings|free time|spare time)|(?:my )?(?:free|spare) time),?)\s+it(?:'s| is) (?:mostly |mainly |usually |all |just )?(?=(\p{Ll}+ing)\b)/iu;

/** "the new boss is a woman, Sanne de Vries", "my manager's a guy called Pieter": the person is the name. */
const PERSON_NAMED =
  /\b(is|'s) an? (?:(?:young|younger|older|new|nice|lovely|strict|french|dutch|german) )?(?:woman|man|guy|lady|bloke|girl|chap|fella|gentleman)(?:,\s*| called | named )(?=\p{Lu})/giu;

/** "24, glasgow based", "35, nurse, Leeds": an introduction's list that opens with the user's age. */
const AGE_FIRST = /^(1[3-9]|[2-9]\d),\s+(?=\p{L})(?!(?:maybe|or|and|perhaps|possibly|about|around|people|years?|times?|minutes?|hours?|days?)\b)/iu;

/** "every morning no exceptions", "without fail": how surely the user does it, which "every morning" says already. */
const ALWAYS_SAID = /,?\s+(?:no exceptions?|without fail|no matter what|full stop|end of story)(?=[\s.!,;]*$|[.!;])/giu;

/** "her names Tilly": "name's" typed without its apostrophe. */
const NAMES_WITHOUT_APOSTROPHE = /\b(her|his|its) names (?!(?:are|were|and)\b)(?=\p{L})/giu;
/** "we're done done", "really really": a word said twice for weight is said once. */
const SAID_TWICE = /\b(done|over|finished|through|really|very|super|officially|so) \1\b/giu;

/** "been keto like 2 yrs": "like" before how long, without "for", says "for". */
const LIKE_FOR = /(?<=\p{L} )like (?=(?:\d+|a|an|one|two|three|four|five|six|ten) (?:yrs?|years?|months?|mos?|weeks?|wks?|days?)\b)/giu;
/** "been vegan six years", "been in Perth 4 years": how long, said after "been" without its "for". */
const BEEN_HOW_LONG =
  /\b(been (?:[\p{L}-]+ ){0,2}(?!(?:for|about|over|around|in|of|like|than|the|a|an|since)\b)[\p{L}-]+ )(?=(?:almost |nearly |about |over |going on )?(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|twenty|a few|a couple of) (?:yrs?|years?|months?|mos?|weeks?|wks?)\b)/giu;

const ITS = /\bits (?=(?:my|a|an|the|so|not|really|just|been|gonna|going|all|too|very|pretty|quite)\b)/gu;
/** Whether a word ending in "in" is an -ing with its g dropped: not a word of its own ("train", "skin", "cabin" in "am train driver"). */
function droppedG(w: string): boolean {
  // Its verb must be a word: "doin" is "do", "makin" "make", "runnin" "run"; "katrin" is a name.
  const stem = w.slice(0, -2).toLowerCase();
  // "live" alone is an adjective to the tagger; after "to", a verb.
  const verb = (v: string) => inLexicon(v) && (tag(v)[0]?.tags.has('Verb') || tag(`to ${v}`)[1]?.tags.has('Verb'));
  if (![stem, `${stem}e`, stem.replace(/(\p{Ll})\1$/u, '$1')].some(verb)) return false;
  const own = tag(w)[0]?.tags;
  // "living" is an adjective to the tagger, alone.
  const full = tag(`${w}g`)[0]?.tags;
  return (
    !JOBS.has(w.toLowerCase()) &&
    (full?.has('Gerund') === true || full?.has('Adjective') === true) &&
    !own?.has('Adverb') &&
    (!inLexicon(w) || own?.has('Gerund') === true)
  );
}
/** "been boxin", "been doin", "im goin", "workin' as a…", "but livin in…", "goin fishin": an -ing with its g dropped, after a word that comes before one or opening a clause. */
const DROPPED_G =
  /(?<=^|[,;] |\b(?:been|am|I'm|i'm|im|is|are|was|were|keep|kept|start|started|love|hate|enjoy|go|going|went|still|now|but|and|so) )\p{Ll}{2,}in\b/gu;
/** "workin'", "goin' steady": an -ing whose dropped g the writer marked, anywhere. */
const MARKED_G = /\b\p{Ll}{2,}in['’](?=[\s,.!?;]|$)/gu;

/**
 * Adverbs between a subject and its verb or complement ("I've properly gone vegan", "I have
 * genuinely quit coffee"), or between "is" and someone of the user's ("Tanaka is again my boss"):
 * the words after them say the fact. Only -ly words the tagger reads as adverbs go; "again", "once
 * more", "already", "pretty much", "also", "still", "rather" and "kind of" always are.
 */
const BEFORE_VERB =
  /(?=\s)(?<=(?:^|[,;:]\s+|\b(?:and|but|so)\s+)(?:i|we|he|she|they)(?:'ve|'m|'re|'s|\s+(?:have|has|am|are|is))?|\s(?:is|are)(?=\s.*?\s(?:my|our)\s))((?:\s+(?:\p{Ll}+ly|again|once more|once again|already|pretty much|also|still|rather|kind of|sort of|kinda|sorta))+)(?=\s+\p{Ll})/giu;
/**
 * Adverbs that change what the clause says, kept: how near or how often ("nearly quit", "rarely
 * eat"), for how long ("temporarily in Oslo"), a hedge or a wish ("probably moving", "hopefully"),
 * a past or an origin ("formerly", "originally from"), how much of it ("mostly vegetarian").
 */
const SAYS_MORE = new Set(
  'nearly practically virtually barely hardly scarcely rarely only early likely probably possibly hopefully ideally eventually potentially theoretically supposedly reportedly allegedly apparently occasionally usually normally generally typically regularly frequently partly mostly mainly largely temporarily briefly previously formerly originally initially secretly newly daily weekly monthly yearly nightly'.split(
    ' ',
  ),
);
/** "originally I am from Lviv": where the user is from, said first. */
const ORIGINALLY_FIRST = /\b[Oo]riginally,? (I|we)(?:'m| am|'re| are) from\b/gu;
/** Three words or more in a row, each in capitals. */
const SHOUTED = /(?<![\p{L}'])\p{Lu}{2,}(?:[\s,'!]+\p{Lu}{2,}){2,}(?![\p{L}'])/gu;
/** "that's me finished at Leeside", "that's me off to Leeds": the user, said the Scottish and Irish way. */
const THATS_ME = /\b[Tt]hat(?:'s|’s| is) me (?=(?:finished|done|off|away|moved|settled|started|retired|back)\b)/gu;
/** Never a riddle whose answer is someone who does something to the user ("guess who's supervising me again"). */
const NOT_TO_ME = String.raw`(?![^.!?]*\b(?:me|us)\b)`;
/** "guess who got bumped to lead tech", "GUESS WHO PASSED": the user's own news, told as a riddle. */
const GUESS_WHO = new RegExp(
  String.raw`^(?:[Gg]uess|GUESS) (?:who|WHO)(?:'s| is)? ${NOT_TO_ME}(?=(?:just |finally |officially )?(?:got|get|is|has|passed|moved|started|quit|landed|became)\b)`,
  'u',
);
/** "Guess who's Senior PM now": the user is; "guess who's my boss again" is someone else. */
const GUESS_WHO_IS = new RegExp(
  String.raw`^(?:[Gg]uess|GUESS) (?:who|WHO)(?:'s| is) ${NOT_TO_ME}(?!(?:now |again |officially |finally )?(?:my|our|his|her|their)\b)(?=(?:now |officially |finally )?(?:an? |the )?\p{L})`,
  'u',
);
/** "Baklava is the new obsession", "padel is my new thing": what the user is taken with now. */
const NEW_OBSESSION =
  /^(\p{L}[\p{L}' -]{1,40}?) (?:is|'s|are) (?:my|the) (?:new |latest |current )?(?:obsession|addiction|fixation|thing|jam)(?: now| these days| lately)?(?=[.!]*$)/iu;
/** "Absolute weakness for Turkish delight", "I have a real weakness for churros": what the user loves. */
const WEAKNESS_FOR = /^(?:(?:I have|I've got|I've) )?(?:an? )?(?:absolute |total |real |huge |massive |serious |big |major )?weakness for /iu;
/** "Our CI is still Jenkins", "my editor is basically Vim": what the user's thing is, with no adverb in the belief. */
const MINE_IS_STILL = /\b((?:[Mm]y|[Oo]ur) [\p{L} -]{1,30}? (?:is|are)) (?:still|basically|pretty much|mostly|just|always) (?=\p{Lu})/gu;
export function withoutAdverbs(sentence: string): string {
  return sentence.replace(BEFORE_VERB, (run: string) => {
    const words = run.trim().toLowerCase().split(/\s+/);
    if (words.some((w) => SAYS_MORE.has(w))) return run;
    const ly = words.filter((w) => w.endsWith('ly'));
    return ly.every((w) => tag(w)[0]?.tags.has('Adverb')) ? '' : run;
  });
}

/** "I'm vegetarian now rather than vegan": "now" before the contrast is said by the contrast itself. */
const NOW_RATHER = /,?\s+(?:now|these days|nowadays)(?=,?\s+(?:rather than|instead of)\s)/giu;

/** "I've been made senior associate", "got made up to sergeant": a title the user was made is one they were promoted to. */
const MADE_TITLE = new RegExp(String.raw`\b(?:been|got|get|was|were|being) made (?:up )?(?:to )?(?=(?:an? |the )?${ROLE}\b)`, 'giu');

/** "Just a Perth girl tryna…", "I'm a Leeds lad": a person of a place, said of the user, lives there (or is from there, when living elsewhere is said). */
const PERSON_OF_PLACE =
  /^(?:(?:[Jj]ust|[Oo]nly|[Jj]ust your average|[Yy]our average) |I'm (?:just |only )?|I am (?:just |only )?)an? (\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?) (?:girl|boy|lad|lass|guy|gal|woman|man|native|local)\b(?: (?:born and bred|through and through|at heart))?/u;
function personOfPlace(m: string, place: string, at: number, all: string): string {
  if (!isPlace(place)) return m;
  return /\b(?:living|based|now) in\b|\b(?:moved|live|lives) (?:to|in)\b/.test(all.slice(at + m.length)) ? `I'm from ${place},` : `I live in ${place},`;
}

/** "…but honestly I love my place in Boise": a word of candour between "but" and the user's clause says nothing. */
const CANDID_JOIN = /\b(but|though) (?:honestly|frankly|tbh|truthfully|personally|basically|luckily|thankfully),? (?=(?:I|I'm|I've|we|we're|my|our)\b)/giu;

/** "finally made the jump and went vegan", "took the plunge and moved to Lisbon", "we've gone and booked…": how it felt to decide is no part of what was done. */
const TOOK_THE_PLUNGE =
  /\b(?:(?:finally|at last|eventually) )?(?:(?:made|took|taken|bit|bitten) the (?:jump|plunge|leap|bullet)|went ahead|gone|went)(?: at last| finally)? and (?:(?:finally|properly|officially) )?(?=\p{Ll})/giu;

/** "I live at Kraków" (learner English): living at a town's name is living in it. */
const LIVE_AT_TOWN =
  /\b((?:I|we) (?:live|am living|'m living|are living|'re living|stay|am staying|'m staying)) at (?=\p{Lu}[\p{L}'-]+(?:[,.!;]|\s+(?:near|now|with|and|but|since|for)\b|$))/gu;

/** "Because I'm allergic to tree nuts, pesto's out": a reason said first is said of the user all the same. */
const REASON_FIRST =
  /^(?:[Bb]ecause|[Cc]os|[Cc]oz|[Cc]ause|[Aa]s|[Ss]ince|[Nn]ow that|[Gg]iven that|[Ss]eeing as),? (?=(?:I'm|I am|I've got|I have|I've been|we're|we are|we've got|we have)\b[^,.!?]{3,80},)/u;

/** "Me and Siobhán are engaged", "Dev and I are married", "Brian from my stats class and I made it official", "me and Sam have been dating": the user and whom they are a couple with. */
const COUPLE_NAMED =
  /\b(?:[Mm]e and (\p{Lu}[\p{L}'-]+)|(\p{Lu}[\p{L}'-]+)(?: from (?:my|our|the) [\p{Ll} -]{1,30}?)? and I) (?:(?:are|'re|r) (?:now |finally |officially |happily )?(engaged|married|dating|an item|going out|together(?=(?: now| again| officially)?(?:[.,!;]|$)))|(?:have |'ve )?(?:finally |just |officially )?(made it official|been (?:dating|going out|seeing each other)))\b(?: (?:since|for|in|on|last) [^,.;!?]+)?/gu;
function coupleNamed(m: string, first: string | undefined, second: string | undefined, are: string | undefined, have: string | undefined): string {
  const name = (first ?? second)!;
  const how = are ?? have!;
  if (NOT_NAME.has(name) || IS_RELATIVE.test(name)) return m;
  return how === 'engaged' || how === 'married' ? `I'm ${how} to ${name}` : `I'm dating ${name}`;
}

/** "The PDSA's taken me back", "Aldi's hired me": an "'s" before what was done to the user is "has". */
const HAS_DONE_TO_ME = /(?<=\p{L})'s (?=(?:taken|hired|rehired|poached|offered|promoted|put|moved|given|made) (?:me|us)\b)/gu;
/** "I rejoined Tesco", "we've re-joined the Co-op": back at an employer the user had left. */
const REJOINED = /\b(I|[Ww]e)(?:'ve| have)? (?:just |finally |officially )?re-?joined (?=(?:the )?\p{Lu})/gu;
/** "I've been seeing Earl from church", "been seeing a guy from my stats class, Mateo": seen for a while, someone named is whom the user is dating. */
const BEEN_SEEING =
  /\b(?:(?:I|[Ww]e)(?:'ve| have) )?(?:[Bb]een seeing (\p{Lu}[\p{L}'-]+)(?: from (?:the |my |our )?[\p{L}' -]{1,30}?)?|[Bb]een seeing (?:a|this|some) [^,.!?;]{0,40}?\b(?:guy|man|woman|girl|lad|lass|bloke|fella|fellow|chap|gentleman|lady)\b[^,.!?;]{0,40}?, (\p{Lu}[\p{L}'-]+))(?=[.,!;]| (?:for a|since|now|and)\b|$)/gu;
/** "my new boss is a lovely Welshman called Owen": whom someone of the user's is, said by the name after what they are (a pet's kind stays said). */
const IS_ONE_CALLED = new RegExp(
  String.raw`\b((?:[Mm]y|[Oo]ur) (?:new |current )?[\p{Ll}-]+(?: [\p{Ll}-]+)?) is (?:a|an|this|one|some) (?!(?:[\p{L}'-]+ ){0,3}?(?:${PET})\b)(?:[\p{L}'-]+ ){0,3}?(?:called|named) (?=\p{Lu})`,
  'gu',
);
/** "Topo Chico with a lime, that's my drink these days": a drink named, then said to be the user's. */
const THATS_MY_DRINK =
  /^(.{2,60}?),? (?:that's|that is|thats) my (?:drink|tipple|brew|poison|coffee|tea|beer|order)(?: of choice)?( (?:these days|now|nowadays))?(?=[.!]*$)/iu;

/** "cant eat gluten rn", "Cannae eat nuts": what the user cannot eat, said without "I". */
const CANNOT_EAT_FIRST = /^(?:[Cc]an't|[Cc]ant|[Cc]annot|[Cc]annae|[Cc]an not) (?=(?:eat|have|drink|touch|tolerate)\b)/u;
/** "Ah cannae eat nuts", "ah work fur the council" (Scots): "ah" before the user's verb is "I". */
const AH_IS_I =
  /\b[Aa]h (?=(?:can't|cannot|can|don't|didn't|wis|was|am|huv|have|had|work|live|love|hate|play|dae|do|need|want|goat|got|just|only|never|always|eat|drink|stay|bide)\b)/gu;
/** "ah work fur the council" (Scots): working "fur" someone is working for them. */
const WORK_FUR = /\b(work|works|working|worked) fur\b/giu;
/** "Mi work wid Digicel", "mi have a likkle dog" (Jamaican): "mi" opening the user's clause is "I". */
const MI_IS_I = /\b[Mm]i (?=(?:work|have|live|love|like|hate|play|need|want|eat|drink|just|only|never|always|can't|cyaan|nah|don't|did|was|am)\b)/gu;
/** "a likkle mongrel name Rasta" (Caribbean and learner English): an animal "name" a name is named it. */
const PET_NAME_IS = new RegExp(String.raw`\b(${PET}) name (?=\p{Lu})`, 'gu');
/** "I'm a nurse working nights", "an accountant crunching spreadsheets": what the user does as their job, after it, is said apart from it. */
const ROLE_THEN_DOING = new RegExp(
  String.raw`\b((?:I'm|I am|I've been|I have been) an? (?:[\p{Ll}-]+ ){0,2}?${alternation(ROLE_NOUNS)}) (?=\p{Ll}+ing\b)`,
  'gu',
);
/** "my young fella Jack" (Irish, Australian): the user's son. */
const YOUNG_FELLA = /\b([Mm]y|[Oo]ur) (?:young|little|wee) (?:fella|fellow|lad)\b/gu;
/** "Keto day 40", "vegan week 3": a diet counted in days is the one the user keeps. */
const DIET_DAY = new RegExp(String.raw`^(${DIET}) (day|week|month) (\d{1,3})\b`, 'iu');

/** "I only eat halal", "we strictly eat kosher": eating only what a diet allows is keeping it. */
const ONLY_EATS = new RegExp(String.raw`\b(I|[Ww]e) (?:only|strictly|just) eat (?=${DIET}\b)`, 'gu');

/** "I can't start the day without a pot of Earl Grey", "Cannae start the day without Irn-Bru": what the user cannot do without, they need. */
const CANNOT_DO_WITHOUT =
  /(?:\b(I|we) |^)(?:can't|cannot|can not|couldn't) (?:start (?:the|my|our) day|function|live|survive|cope|get going|do mornings|wake up|work)(?: properly)? without\b/giu;

/** "I'm ashamed to say I'm…", "I have to admit I…": the user saying it, no one else's words. */
const OWN_ADMISSION =
  /\b(?:I'm|I am|I) (?:(?:ashamed|sad|happy|proud|pleased|glad|sorry|embarrassed|relieved|excited|thrilled|delighted|gutted) to (?:say|report|announce|admit)|(?:have|'ve got|must|will|'ll) (?:to )?(?:admit|confess))(?: that)?,? (?=I\b|I'm\b|we\b|my\b)/giu;

/** "I try to eat low carb", "I'm trying to stick to keto": how the user eats, said as an effort. */
const TRIES_TO_EAT = /\b(I|we)(?: try| try hard| am trying|'m trying| are trying|'re trying) to (?=(?:eat|stick to|keep to|follow|avoid)\b)/giu;

/** "Dog's a husky named Nanook", "our cat is a rescue called Bo": the animal the user has, named after what it is. */
const PET_IS_A_NAMED = new RegExp(
  String.raw`(?<=^|[.,;:!]\s+)(?:(?:my|our|the) )?(${PET})(?:'s|’s| is) an? ([\p{L} -]{1,30}?) (?:named|called) (?=(\p{L}))`,
  'giu',
);

/** "fortnite zero build is where its at now": what the user has taken to, said as where it's at. */
const WHERE_ITS_AT = /(?<=^|[,;:]\s+)([\p{L}\d&' -]{2,40}?) (?:is|'s) where (?:it's|its|it is|it’s) at\b(?: now| these days| for me)*/iu;

/** "I've given the choir up", "gave the gym up": the particle said after what is given up. */
const GIVEN_IT_UP = /\b(giv(?:e|es|en|ing)|gave) ((?:the|my|our|that|this) [\p{L}' -]{1,30}?) up\b/giu;

/** "my bro sipho", "our sis": a brother or sister of the user's, said short ("bro, listen" calls no one's brother). */
/** A brother or sister said in shorthand. */
const SIBLING_SHORT: Record<string, string> = { bro: 'brother', sis: 'sister' };
const MY_BRO = /\b([Mm]y|[Oo]ur|[Yy]ounger|[Oo]lder|[Ll]ittle|[Bb]ig|[Ee]ldest|[Yy]oungest) (bro|sis)\b(?!['’-])/gu;

/** "Barry's is the only tea allowed in this house", "Guinness is the only beer for me": the drink the user has, said as the only one. */
const THE_ONLY_DRINK =
  /^(\p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*)?) (?:is|'s) the only (tea|coffee|beer|lager|ale|stout|wine|gin|whisky|whiskey|cider|rum|drink)\b[^.!?]*/u;

/** "so it's a low-sodium diet now", "it's a low-carb diet for me": the diet the user is on, said of "it". */
const ITS_A_DIET = new RegExp(
  String.raw`\b[Ii]t(?:'s|’s| is) (an? (?:(?:low|high|reduced|no)[- ]\p{L}+|\p{L}+[- ]free|${DIET}) diet)(?: for me)?(?= (?:now|these days|nowadays|from now on)\b)`,
  'giu',
);

/** "I can't eat groundnuts, it's a serious allergy": what the user cannot eat, called an allergy after it, is what they are allergic to. */
const CANNOT_EAT_ALLERGY =
  /\b(?:I )?(?:can't|cannot|can not|cant|don't|do not|dont) (?:eat|have|touch|take|go near) ([\p{L}' -]{2,40}?)(?:\s*(?:[,;:]|\s[-–—])\s*|\s+(?:because of|due to|cos of|'cause of) (?:my |an |the |a )?)(?:(?:it's|it is|its|that's|that is|they're|they are|i'm|i am) )?(?:an? |quite an? |properly |very |really )?(?:serious |severe |bad |nasty |proper |real |deadly |life-threatening |mild )?(?:allergy|allergic)(?: to (?:it|them|that|those))?(?=\s*(?:[.,;:!?)]|$))/giu;

/** "Since I moved to Leeds I've been cycling more", "Ever since I started at Google, …": what the user did, said before what came of it, is said. */
const SINCE_I_DID =
  /(?<=^|[.!?]\s+)(?:[Ee]ver )?[Ss]ince (I|we) (?!(?:was|were|am|'m|had|have|'ve|can|could)\b)([^,.!?;]{3,60}?)(?:,\s*(?=\S)|\s+(?=(?:I|I['’]ve|I['’]m|I['’]d|we|we['’]ve|we['’]re|she|he|they|it|she['’]s|he['’]s|they['’]re|it['’]s|there['’]s)\s))/gu;
/** "As a nurse on nights, I never get to the gym": the user's job, said as the way they see it. */
const AS_A_ROLE = new RegExp(
  String.raw`(?<=^|[.!?]\s+)[Aa]s (an? (?:${ROLE})(?: on [\p{Ll}-]+| at \p{Lu}[\p{L}'&-]*(?: \p{Lu}[\p{L}'&-]*)*)?),?\s+(?=(?:I|I've|I'm|I'd|my)\s)`,
  'gu',
);

/**
 * "As someone who's been vegan for eight years, …", "As someone heading to Reykjavík next month, do I…", "As the owner of
 * an elderly greyhound called Moss, …", "As a pretty obsessive birdwatcher, what's…": who the user says they are, said first.
 */
const AS_SOMEONE =
  /(?<=^|[.!?]\s+)[Aa]s (?:(someone|somebody|a person|one) (?:who(?:['’]s| is| has| have)?|(?=\p{Ll}+ing\b))|(the (?:proud |happy |new )?owner) of|(an? (?:[\p{Ll}-]+ ){0,3}?(?!(?:reminder|result|rule|joke|treat|aside|favou?r|thank|gift|bonus|starter|matter|example|teenager|kid|child|baby|youngster|boy|girl|whole|side note|heads up|precaution|courtesy|newcomer|outsider|foreigner)\b)[\p{Ll}-]+(?:er|ist|or|ian|ant|ent|ee))\b)\s*([^,.!?;]{0,80}?)(?:,\s*|\s+(?=(?:I|I['’]m|I['’]ve|my|what|what['’]s|how|is|are|am|do|does|can|could|should|would|will|which|where|any)\b)|\s*[.!]?$)/gu;
function asSomeone(m: string, _who: string | undefined, owner: string | undefined, agent: string | undefined, rest: string): string {
  const then = /[,\s]$/.test(m) ? ', and ' : '.';
  if (owner) return `I have ${rest}${then}`;
  if (agent) return `I'm ${agent}${rest ? ` ${rest}` : ''}${then}`;
  const said = (rest ? m.slice(0, m.indexOf(rest)) : m).trim().replace(/[,.!]$/, '');
  const verb = /who(?:['’]s|\s+is)$/.test(said)
    ? /^been\b/.test(rest)
      ? "I've"
      : "I'm"
    : /who\s+ha(?:s|ve)$/.test(said)
      ? 'I have'
      : /who$/.test(said)
        ? 'I'
        : "I'm";
  const own = verb === 'I' ? rest.replace(/^(\p{Ll}+?)(?<!s)s\b/u, '$1') : rest;
  return `${verb} ${own}${then}`;
}

/** "Only thing keeping me sane is roller derby", "what keeps me going is my Saturday parkrun": what the user does for it. */
const KEEPS_ME_SANE =
  /\b(?:(?:the )?only thing|what|the thing(?: that)?|one thing)(?: that)?(?:'s| is)? keep(?:s|ing|in[’']?)? me (?:sane|going|ticking over|alive)(?: these days)? (?:is|are|=|:) (?:my |the )?(?=\p{L})/giu;

/** "it's Aisha I answer to now", "it is Mr Patel that I report to": whom the user reports to, said first. */
const CLEFT_BOSS =
  /\b[Ii]t(?:'s|’s| is) ((?:(?:Mr|Mrs|Ms|Dr|Miss)\.? )?\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?) (?:that |who |whom )?I (?:answer|report) to\b/gu;

/** How long a trip lasts, said before where it goes: "ten days", "a week", "a long weekend". */
const TRIP_LENGTH = String.raw`(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|a couple of|a few|\d{1,2}) (?:days?|nights?|weeks?|fortnight|months?)|a (?:week|fortnight|month|long weekend|weekend))`;
/** "Dr Amira Haddad has taken over the lab, so she's my supervisor now": the boss is whoever was named last before "she" or "he". */
const PRONOUN_BOSS = new RegExp(String.raw`\b(?:[Ss]he|[Hh]e)(?:'s|’s| is) (?:now |officially )?(?:my|our) (?:new )?(${BOSS})(?: now)?\b`, 'gu');
function bossNamedBefore(m: string, boss: string, at: number, all: string): string {
  const terms = tag(all.slice(0, at));
  const end = terms.findLastIndex((t) => t.tags.has('Person') && /^\p{Lu}/u.test(t.text) && t.text !== 'I');
  if (end < 0) return m;
  let start = end;
  while (start > 0 && terms[start - 1]!.tags.has('Person') && /^\p{Lu}/u.test(terms[start - 1]!.text) && /^\.? $/.test(terms[start - 1]!.post)) start--;
  const name = terms
    .slice(start, end + 1)
    .map((t) => t.text)
    .join(' ')
    .replace(/['’]s$/, '');
  return `my ${boss} is ${name}`;
}

/** "Booked Copenhagen for the bank holiday", "we've booked a week in Crete", "booked five days at Diani": a trip booked is a trip the user is going on. */
const BOOKED_PLACE = new RegExp(
  String.raw`(?<=^|[,;:]\s+|\b(?:and|so|but|finally)\s+)(?:(?:I|[Ww]e)(?:'ve| have)? )?(?:just )?[Bb]ooked (?<trip>(?:(?:a|our|my) (?:trip|flight|flights|holiday|cruise|city break|break)|${TRIP_LENGTH}) (?:to|in|at) )?(?=(?<place>\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?)(?: for| in| on| next| this| instead|[,.!]|$))`,
  'gu',
);
/** Where and when a trip goes, as a name and a time after it: "Bali in September", "the Faroe Islands in September". */
const TRIP_TO = String.raw`(?:the )?(?=\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+){0,2} (?:in|on|for|next|this|from|at the (?:end|start|beginning) of) (?!(?:the )?(?:past|last)\b))`;
/** "honeymoon is booked: Costa Rica in May", "booked Shannon's 30th — a week in Phuket in October": where the booking goes, after it. */
const BOOKED_THEN_WHERE = new RegExp(
  String.raw`((?:\b(?:I|[Ww]e)(?:'ve| have)? )?(?:just )?)\b((?:re)?booked|fixed|sorted|confirmed|locked (?:it )?in)\b([^.!?:—–]{0,40}?)\s*[:—–]\s*(?:${TRIP_LENGTH} (?:in|to|on) )?${TRIP_TO}`,
  'gu',
);
/** "Ten days in Bali in September, can't wait": a trip said as how long, where and when, with no verb. */
const TRIP_ALONE = new RegExp(String.raw`^${TRIP_LENGTH} (?:in|on|to) ${TRIP_TO}`, 'iu');
/** "Off to Bali in a fortnight", "Going Bangkok next week" (no "to", as Singapore and Malaysia say it): a trip with its "I'm" left out. */
const TRIP_UNSUBJECTED = new RegExp(String.raw`^(?:(?:just|finally|and) )?(?:[Oo]ff to|[Gg]oing(?: to)?) ${TRIP_TO}`, 'u');
/** Words as an alternation that takes each with or without a capital first letter ("May", "may"), the rest as written. */
const eitherCaseFirst = (words: readonly string[]) => words.map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`).join('|');
const MONTH_NAMES = eitherCaseFirst(MONTHS);
/** "Tbilisi next week, 4 days", "Patagonia in January!!": a place said alone before a time to come is a trip. */
const PLACE_THEN_WHEN = new RegExp(
  String.raw`^(?!I\b|I['’])\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+){0,2}(?= (?:next (?:week|weekend|month|year|spring|summer|autumn|fall|winter|${MONTH_NAMES})|this (?:weekend|summer|winter|spring|autumn|fall)|in (?:${MONTH_NAMES})|tomorrow|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|in (?:a|two|three|\d+) (?:days?|weeks?|fortnight|months?))(?:[,.!]|$))`,
  'u',
);
/** Names no one travels to: a holiday, a date, a person (by their tags), a feast or a season of exams (by name). */
const NOT_GONE_TO = ['Holiday', 'Date', 'Person', 'Month', 'WeekDay'];
const FEAST =
  /^(?:ramadan|eid|diwali|deepavali|holi|hanukkah|chanukah|passover|pesach|lent|advent|thanksgiving|halloween|christmas|easter|new year|navratri|vesak|lunar new year|chinese new year|pride|black friday|payday|pay day|mardi gras|exams?|finals|results day)$/i;
/** "Figma user.", "Windows user here, …": a tool the user says they are a user of. */
const TOOL_USER = /^(\p{Lu}[\p{L}\d.+#-]*(?: \p{Lu}[\p{L}\d.+#-]*)?) user(?: here)?([.!,]|$)/u;
/** "Girlfriend Ngozi: night owl": a partner named after the word for them, without "my", before what is said of them. */
const PARTNER_NAMED_ALONE = /^(Girlfriend|Boyfriend|Wife|Husband|Partner|Fianc[ée]e?|Hubby|Missus) (\p{Lu}\p{Ll}+)(?=\s*[:—–])/u;

/** Whether a place, or a name the tagger does not know, is named at `at`: "Bali", "the Algarve" ("going Dutch" names none). */
const placeAfter = (text: string, at: number) => {
  const name = /^(?:the )?(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+){0,2})/u.exec(text.slice(at))?.[1];
  return name !== undefined && (isPlace(name) || !inLexicon(name.toLowerCase()));
};
/** "we're doing a week in the Algarve in late May", "I'm spending ten days in Crete": a stay to come is a trip. */
const STAY_TO_COME = new RegExp(String.raw`\b(?<=(?:'re|'m|are|am|be) )(?:doing|spending) ${TRIP_LENGTH} in ${TRIP_TO}`, 'gu');

/** "devops engineer in Hyderabad with Nimbus Cloudworks": a job, where, then for whom, said as the rules read it (for whom, then where). */
const JOB_WHERE_THEN_WHOM = new RegExp(
  String.raw` in (?<=\b(?:${ROLE}) in )(\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?) (at|with|for) ((?:the )?\p{Lu}[\p{L}'&.-]*(?: (?:&|\p{Lu}[\p{L}'&.-]*))*)(?=\s*(?:[,.!;]|$|\s(?:and|but|since|for)\b))`,
  'gu',
);

/** "my flat's in Hackney", "our office's by the station": the "'s" before where is "is". */
const IS_WHERE = /\b((?:my|our) [\p{L}-]+)'s (?=(?:in|at|on|near|outside|by|just|right|up|down|over)\b)/giu;
/** "Ginger beer's my drink now", "Tom's our new manager", "Duke's the huntaway": "'s" before "my", "our" or "the" is "is", never whose. */
const IS_MINE = /(?<=\p{L})(?<![Ll]et)('s) (?=(?:my|our|the) )/gu;

/** "dev at a startup called Tillable": where the user works, by its name. */
const CALLED_ORG =
  /\b(at|for|with) an? (?:[\p{L}-]+ ){0,2}(?:company|firm|startup|start-up|fintech|agency|business|shop|store|studio|bank|charity|consultancy|practice|restaurant|cafe|café|diner|bistro|place|spot|joint|salon|garage|dealership|workshop|clinic|pharmacy|hospital|nursery|school|pub|bar|brewery|winery|hotel|resort|bakery|factory|mill|plant|warehouse|gym|outfit|chain|supermarket|franchise)(?: (?:on|in|near|by|off|round|down) [\p{L}' ]{1,30}?)? (?:called|named) (?=\p{Lu})/giu;

/** "adopted a kitten, named her Luna", "had a girl and named her Maya": the pet's or the child's name, said as "a kitten named Luna". */
const NAMED_THEM = /(?:,\s*|\s+and\s+)(named|called) (?:her|him|it|them) (?=\p{L})/giu;
/**
 * "wife is Lakshmi", "the missus is Shannon", "Wife's called Gemma", "lead is katrin": the user's partner or
 * boss said with no "my", opening a clause; only before a name (a capital, or a word the tagger does not know)
 * or someone called by one.
 */
const UNOWNED_PERSON = new RegExp(String.raw`\b(?:the )?(?:new )?(${PARTNER_UNOWNED}|${BOSS})(?:'s| is)(?: called| named)? (?=\p{L})`, 'giu');
/** "new supervisor is some young fulla named Brodie": the same, before someone said to be called a name. */
const UNOWNED_CALLED = new RegExp(
  String.raw`\b(?:the )?(?:new )?(${PARTNER_UNOWNED}|${BOSS})(?:'s| is) (?=(?:an?|some) (?:[\p{L}'-]+ ){1,2}(?:called|named) \p{Lu})`,
  'giu',
);
/** "live with me missus", "me brother just scored a gig", "all me tools are makita": "me" before someone or something of the user's is "my" (never after a verb it is the object of: "got me a kitten"). */
const ME_AS_MY = new RegExp(
  String.raw`(?<!\b(?:gave|given|give|gives|got|gotten|get|gets|bought|buy|sent|send|showed|shown|show|told|tell|brought|bring|lent|lend|made|make|makes|making|named|appointed|elected|voted|found|find|cost|owe|owes|owed|handed|hand|offer|offered|call|called|let|help|helped|teach|taught|ask|asked|pay|paid|left|save|saved|take|taken|took|keep|kept|wish|wished|for|to|like|at) )\b([Mm])e (?=(?:${RELATIVE}|${CHILD}|${PARTNER_UNOWNED}|${PET}|${BOSS}|mates?|tools|ute|van|truck|car|bike|shoulder|knee|ankle|wrist|flat|job|apprenticeship|apprentiship)s?\b)`,
  'gu',
);
/** "my wife Agnieszka and son Kuba": the "my" said once goes for the second person too. */
const AND_ONE_MORE = new RegExp(String.raw`\b([Mm]y|[Oo]ur) ((?:${RELATIVE}|${CHILD}) \p{Lu}[\p{L}'-]+,? and) (?=(?:${RELATIVE}|${CHILD})s? \p{Lu})`, 'gu');
/** "Colleague Thabo got made shift boss": someone the user knows, named at the opening with no "my", is theirs. */
const KNOWN_FIRST = /^(?:Colleague|Co-?worker|Workmate|Friend|Mate|Neighbou?r|Flatmate|Housemate|Roommate) (?=\p{Lu}\p{Ll})/u;
/** "so Southland's home now", "Glasgow's home for me": a place's "'s" before "home" is "is", never someone's ("Mum's home now"). */
const PLACE_IS_HOME = /\b(\p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)?)'s (?=(?:my |our )?home(?: now| these days| for good| for me| for us| base)?(?:[.!,;]|$))/gu;
/** "g'day mate im jayden": whom a greeting hails, said without its comma, is nobody of the user's. */
const HAILED =
  /^((?:[Hh]i+|[Hh]iya|[Hh]ey+|[Hh]eya|[Hh]ello|[Yy]o|[Gg]'day|[Mm]orning|[Ee]vening|[Hh]owdy|[Hh]owzit) (?:mate|guys|all|folks|everyone|everybody|lads|team|bro|buddy|pal|fam|y'all))(?= )/u;
/** "our dog's Biscuit", "my old cat is Mog": an animal of the user's, said to be a name (capitalised), is called it. */
const PET_IS_NAME = new RegExp(String.raw`\b((?:[Mm]y|[Oo]ur) (?:[\p{L}-]+ ){0,2}?${PET})(?:'s| is) (?=\p{Lu}[\p{L}'-]+(?:[\s.,!;]|$))`, 'gu');
/** "the dog's called Taffy", "my cat's named Mog, she's ancient": the animal the user speaks of, named, is theirs. */
const THE_PET_CALLED = new RegExp(String.raw`\b(?:[Tt]he|[Mm]y|[Oo]ur) ((?:[\p{L}-]+ ){0,2}?${PET})(?:'s| is) (called|named) (?=\p{Lu})`, 'gu');
/** "my dog's called Taffy, daft old collie": what the animal is, said after its name, with it. */
const NAMED_THEN_WHAT = new RegExp(
  String.raw`\b(?:[Mm]y|[Oo]ur) (?:[\p{L}-]+ ){0,2}?${PET}(?:'s| is) (?:called|named) (\p{Lu}[\p{L}'-]+), (?:an? )?((?:[\p{Ll}-]+ ){0,3}?${PET})\b`,
  'gu',
);
/** "now we've got a lady named Sharon running the crew", "parachuted in someone called Gareth to run the site": who runs the user's work is their manager. */
const RUNS_OUR_WORK =
  /(?<=^|[,;:—–] |\b(?:now|so|and|but|then) )(?:[^,.;:!?—–]*? )?(?:someone|somebody|an? (?:[\p{Ll}-]+ ){0,2}?(?:guy|man|woman|bloke|lady|fella|fulla|chap|girl|lad|lass|person)) (?:called|named) (\p{Lu}[\p{L}'-]+) (?:(?:is )?runn?in[g']?|to run|runs|in charge of|(?:is )?managing|to manage|(?:is )?leading|to lead|(?:is )?heading|to head) (?:up )?(?:the|our|my) (?:[\p{L}-]+ )?(?:crew|team|site|shift|store|shop|depot|branch|ward|kitchen|office|department|dept|floor|unit|lab|practice|school|place|show)\b/gu;
/** "Now Dana Whitfield is running nights", "Priya's leading the team now": someone named who now runs the user's shift or team. */
const NOW_RUNS_OUR_WORK =
  /(?<=^|[,;:—–] |\b(?:so|and|but|then) )(?:[Nn]ow,? )?(\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?)(?: is|'s) (?:now )?(?:running|managing|leading|heading up|supervising|in charge of) (?:nights|days|the (?:night |day |late |early |weekend )?(?:shift|crew|team|ward|floor|unit|kitchen|site|depot)|our (?:[\p{Ll}-]+ )?(?:shift|crew|team|ward|floor|unit|department|dept))/u;
/**
 * "we've a new addition, a budgie called Joey", "we have a dog now, beagle called Kiełbasa", "a rescue cat as well, a grumpy
 * ginger fella called Mr Tumnus": an animal named after a comma, by its kind or as a fellow, is one the user has.
 */
const PET_NAMED_AFTER = new RegExp(
  String.raw`, (?:an? )?((?:[\p{Ll}-]+ ){0,3}?)(${PET}|fella|fellow|girl|boy|lad|lass|chap|guy|thing) (?:called|named) (?=(?:(?:Mr|Mrs|Miss|Ms|Lady|Sir|Dr)\.? )?\p{Lu})`,
  'gu',
);
/** Whose an animal said before is, when not the user's: "my sister's dog", "her cat" (an animal alone says no one else). */
const SOMEONE_ELSES_BEFORE = new RegExp(String.raw`\b(?:his|her|their|${RELATIVE}|${CHILD})\b|\b(?!(?:it|that|there|here|what|who|let)'s)\p{L}+'s\b`, 'iu');
const PET_WORD = new RegExp(String.raw`\b(${PET})\b`, 'iu');
function petNamedAfter(m: string, how: string, head: string, at: number, all: string): string {
  const before = all.slice(Math.max(0, at - 60), at);
  // "my sister has a dog, a lab called Max": someone else's.
  if (SOMEONE_ELSES_BEFORE.test(before)) return m;
  if (isPet(head)) return `\u0000I have a ${how}${head} called `;
  const pet = PET_WORD.exec(before)?.[1];
  return pet ? `\u0000I have a ${how}${pet.toLowerCase()} called ` : m;
}
/** "Old dog Rusty rides in the cab", "Mum Doreen, 82, …": a sentence opened by an animal or a relative and its name, with no "my", is about the user's. */
const PET_FIRST_NAMED = new RegExp(String.raw`^(?:(?:old|young|little|new|big|fat|lazy|daft) )?(?:${PET}|${ELDER_OR_SIBLING}) (?=\p{L})`, 'iu');
const PET_ONLY = new RegExp(String.raw`^(?:\S+ )?${PET} $`, 'iu');
const ELDERS_OR_SIBLINGS = new RegExp(`^${ELDER_OR_SIBLING}$`, 'i');
/** "Sister Achieng retired", "Father Murphy said": a word of a relative that is also a title, capitalised before a name, names no relative. */
const TITLE_FIRST = /^(?:Sister|Brother|Father|Mother) \p{Lu}/u;
function petFirstNamed(sentence: string): string {
  // Only a sentence whose first or second word is an animal or a relative is read (the pattern is dear).
  const [first = '', second = ''] = sentence.split(' ', 2);
  if (![first, second].some((w) => isPet(w) || ELDERS_OR_SIBLINGS.test(w)) || TITLE_FIRST.test(sentence)) return sentence;
  const opening = PET_FIRST_NAMED.exec(sentence)?.[0];
  const name = opening && /^(\p{Lu}[\p{L}'-]+)(?: \p{Ll}| \d|[,.!]|$)/u.exec(sentence.slice(opening.length))?.[1];
  // "Dad Joke of the day": a relative's name is a person's, not a word of the language.
  const person = !name || PET_ONLY.test(opening!) || tag(name).some((t) => t.tags.has('FirstName')) || !inLexicon(name.toLowerCase());
  return name && person && !NOT_NAME.has(name) ? `My ${opening[0]!.toLowerCase()}${sentence.slice(1)}` : sentence;
}
/** "The partner I work under, Fergal, is…", "the woman I report to is called Ruth": whom the user works under is their manager. */
const ONE_I_WORK_UNDER =
  /\b[Tt]he (?:[\p{Ll}-]+ )?(?:partner|guy|man|woman|lady|bloke|person|fella|chap|one|girl|lad|consultant|director|doctor|chef|editor|professor|prof|senior|sergeant|officer) (?:I|we) (?:work under|report to|work for|answer to)(?:,\s+(?=\p{Lu}[\p{L}'-]+,)|\s+(?:is|'s)(?: called| named)?\s+(?=\p{Lu}))/gu;
/** "Company is Pesaflow", "my firm's Whelan Doyle": where the user works, said of the workplace by its name. */
const WORKPLACE_IS = /\b(?:(?:[Mm]y|[Oo]ur|[Tt]he) )?(?:[Cc]ompany|[Ff]irm|[Ee]mployer|[Ww]orkplace)(?:'s| is) (?=\p{Lu})/gu;
/** Where a clause opens: the text's start, a break, or "and"/"so" (tested on what comes before a match, not at every place). */
const OPENS_CLAUSE = /(?:^|[,;:—–]\s*|\b(?:and|so)\s+)$/iu;
/** The same, "but" too ("…, but my firm's Whelan Doyle"). */
const OPENS_CLAUSE_OR_BUT = /(?:^|[,;:—–]\s*|\b(?:and|so|but)\s+)$/;
/** Where a new sentence or a joined clause opens: "Emrys, that's my husband" said first, or after ", and". */
const OPENS_SENTENCE = /(?:^|[.!?;]\s+|,\s+(?:and|but|so)\s+)$/;
/** Where the user's own clause opens, before "ah" or "mi" (Scots, Jamaican): the sentence's start, a comma, or a joining word ("an" too). */
const OPENS_OWN_CLAUSE = /(?:^|[,;]\s+|\b(?:and|an|but|so)\s+)$/;
/** Whether the words just before `at` open a clause as `opener` says (a few characters are enough for any opener). */
const opensAt = (opener: RegExp, all: string, at: number) => opener.test(all.slice(Math.max(0, at - 8), at));
function owned(m: string, who: string, at: number, all: string): string {
  if (!opensAt(OPENS_CLAUSE, all, at)) return m;
  const rest = all.slice(at + m.length);
  const next = /^[\p{L}'-]+/u.exec(rest)?.[0] ?? '';
  const tags = tag(next)[0]?.tags;
  // "the principal is a woman called Bríd": the name after who they are.
  const named =
    /^\p{Lu}/u.test(next) ||
    tags?.has('FirstName') === true ||
    (!inLexicon(next.toLowerCase()) && tags?.has('Noun') === true) ||
    /^(?:an?|some) (?:[\p{L}'-]+ ){1,2}(?:called|named) \p{Lu}/u.test(rest);
  return named ? `my ${/\bnew /i.test(m) ? 'new ' : ''}${who.toLowerCase()} is ` : m;
}

/** "Taken a job with Trafford Council", "Gone vegan": a sentence opened by a participle of its own dropped its "I've". */
const PARTICIPLE_FIRST =
  /^((?:(?:just|finally|also|recently|officially) )?(?:taken|given|gone|begun|become|written|grown|chosen|gotten|flown|sworn off|fallen|retired)) /iu;

/** "the new boss: Dana Whitley starts monday": the new manager, named after a colon (a dash has ended the sentence already). */
const NEW_BOSS_NAMED = new RegExp(
  String.raw`^(?:[^:]*?\s)?[Nn]ew (${BOSS})(?: also| too| as well)?\s*:\s*(?=\p{Lu})(?!(?:I|I'm|I've|We|We're|She|He|They|It|The|My|Our)\b)`,
  'u',
);
/**
 * "they've brought in an agency manager now, Paula", "new owners put a farm manager in, Hemi", "we've got a stand-in
 * manager called Tariq": a boss put over the user's workplace by whoever runs it, named after it.
 */
const BOSS_PUT_IN = new RegExp(
  String.raw`\b(?:(?:[Ww]e|I)(?:'ve| have)?(?: just| now)? got|(?:[Tt]hey|(?:[Tt]he )?(?:[Nn]ew )?[Oo]wners?|[Hh]ead office|[Mm]anagement|[Tt]he (?:company|firm|agency|trust|council|board|bosses))(?:'ve| have| has)?(?: just| now| finally)? (?:brought|put|hired|drafted|parachuted|sent|appointed|installed|got)(?: in)?) (?:us |me )?an? (?:[\p{Ll}-]+ ){0,2}?(${BOSS})(?: in)?(?: now)?(?:,| called| named)\s+(?=\p{Lu})`,
  'gu',
);
/** "now I report to someone called Greta", "I answer to a guy named Omar": whom the user reports to is the name. */
const REPORT_TO_SOMEONE =
  /\b((?:report|answer)(?:s|ing)? (?:in)?to) (?:someone|somebody|an? (?:[\p{Ll}-]+ ){0,2}?(?:guy|man|woman|bloke|lady|fella|chap|girl|lad|lass|person)) (?:called|named) (?=\p{Lu})/gu;
/** "Bev's back in charge from today", "Marek is in charge now", "she's back in charge": who runs the user's workplace again, or now, is their boss. */
const BACK_IN_CHARGE = /\b(\p{Lu}[\p{L}'-]+)(?:'s| is) (?:(?:now |properly |officially )?back in charge|in charge (?:now|again))(?! of\b)/gu;
/** "Ritika ma'am", "Ramesh sir": a name with the courtesy said after it is the name. */
const COURTESY_AFTER = / (?:ma'am|maam|madam|sir)\b(?<=\p{Lu}[\p{L}'-]+ (?:ma'am|maam|madam|sir))/gu;
/** "home's port lincoln now": a home named in lower case, up to two words, before "now". */
/** "from Ipoh originally but already 4 years in Perth": years somewhere, said after a first clause, are years lived there. */
const YEARS_IN_PLACE =
  /(,|\bbut|\band) (?:already |now |going on |nearly |almost |over )?((?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of) (?:years?|yrs|months?)) in (\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)(?!,? (?:then|before|after|when)\b|[\p{L}'-])/gu;
const HOME_NOW = /\b(home(?:'s| is)(?: now)?) (\p{Ll}[\p{L}'-]+(?: \p{Ll}[\p{L}'-]+)?)(?= now\b| these days\b)/u;

/** "Spotify finally made everyone switch to Figma": the user's work switched, whoever made it. */
const MADE_TO_SWITCH =
  /^((?:so|and|but|well|now),? )?(?:[\p{L}'&. ]{1,40}? )?(?:finally |just |have |has |'ve |'s )?(?:made|forced|got|moved) (?:everyone|everybody|us|the (?:whole )?(?:team|company|office|department)|all of us) (?:to )?(?:switch|move|migrate|change)(?: over)? (?:to|onto) /iu;

/** "backend dev on their data platform team": a job, and the team it is done in, said as two. */
const JOB_ON_TEAM = new RegExp(
  String.raw` on (?:their|the|our|its) (?<=\b(?:${ROLE}) on (?:their|the|our|its) )((?:[\p{L}-]+ ){1,3}(?:team|squad|pod|crew))\b`,
  'giu',
);

/** "I'd kill for a Tayto sandwich any day": what the user loves. */
const WOULD_KILL_FOR = /\bI(?:'d| would) (?:kill|die|sell my (?:soul|gran|granny|nan)) for (?:an? )?/giu;
/** "Filter coffee is my daily must", "bubble tea is my weakness": a taste the user cannot do without. */
const CANNOT_DO_WITHOUT_IT =
  /^([\p{L}][\p{L}' -]{1,40}?) (?:is|are|'s) (?:basically )?my (?:daily |morning |absolute |total |big |one |guilty )?(?:must|must-have|weakness|staple|comfort food|fix|vice|poison|lifeline|fuel|addiction|pleasure)\b/iu;
/** "am an electrician wi a firm…": "am" opening a sentence is "I am". */
const AM_FIRST =
  /^(?:(?:so|and|but|aye|och|well),? )?am (?=(?:an?|the|no|nae|not|still|now|from|originally|based|married|single|engaged|retired|into|vegan|vegetarian|allergic|[\p{Ll}]+ing)\b)/iu;
/** "I ice skate", "we wild swim most mornings": a pastime's verb after the word for its kind. */
const COMPOUND_PASTIME = /(?<=\b(?:I|we) )(\p{Ll}{3,}) (\p{Ll}{3,})\b(?![-'’])/gu;
function compoundPastime(m: string, kind: string, verb: string): string {
  const activity = goneTo(verb);
  const tags = activity ? tag(kind)[0]?.tags : undefined;
  // A word the tagger reads as a verb may be one ("I eat fish", "I help run the club"): only a noun or an adjective names a kind.
  const names =
    tags &&
    (tags.has('Noun') || tags.has('Adjective')) &&
    !['Verb', 'Pronoun', 'Adverb', 'Determiner', 'Preposition', 'Conjunction', 'Value'].some((t) => tags.has(t));
  return names ? `go ${kind} ${activity}` : m;
}
/** "Usual order is a flat white", "Usual's a long black", "order's always a soy latte": the user's usual, said with no "my". */
const USUAL_SAID =
  /^(?:(?:and|so|oh|also),? )?(?:my )?(?:(usual|go-to|regular)(?: (order|drink|coffee))?|(?:coffee )?order(?=(?:['’]s| is) (?:always|usually|normally|generally)\b))(?:['’]s| is) (?:always |usually |normally |generally |still )?/iu;
/** "our girl Luna is a husky": a pet called as a child is, by what it is. */
const GIRL_IS_PET = new RegExp(
  String.raw`\b(?:[Mm]y|[Oo]ur) (?:old |good |little )?(?:girl|boy|baby|lad|lass) (\p{Lu}[\p{L}'-]+)(?:'s| is) (?:an? )?((?:[\p{Ll}-]+ ){0,2}${PET})\b`,
  'gu',
);
/** "my fur baby Milo": a pet, said as one word so that no child's word reads it. */
const FUR_BABY = /\bfur[ -](bab(?:y|ies)|kids?)\b/giu;
/** "Melbourne girl born and bred", "I'm a Leeds lad, born and bred": where the user was born and raised, said of them. */
const BORN_AND_BRED =
  /^(?:I'm |I am )?(?:an? )?(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?) (?:girl|boy|lad|lass|man|woman|gal|guy|native|local),? born and (?:bred|raised)\b/u;
/** "favourite food in the whole world", "favourite film ever made": how much it is the favourite says nothing of what. */
const FAVOURITE_EVER = /\b(favou?rite [\p{L}-]+) (?:ever(?: made| written| recorded)?|of all time|in the (?:whole )?world|on (?:the )?(?:earth|planet))\b/giu;
/** "Best film ever made is Withnail and I": the favourite, said as the best. */
const BEST_EVER =
  /^(?:the )?best ([\p{L}-]+) (?:ever(?: made| written| recorded)?|of all time|in the (?:whole )?world|on (?:the )?(?:earth|planet)) (?:is|was) /iu;
/** "Favourite book remains Middlemarch": still the favourite. */
const FAVOURITE_REMAINS =
  /\b(favou?rite [\p{L}-]+) (?:remains|is still|stays|has always been|will always be|has to be|would have to be|would be|'d have to be)(?= )/giu;
/** "up in the hills behind Rotorua where we live": the place said before "where I live" is the user's home. */
const WHERE_WE_LIVE = /\b(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?),? where (?:I|we) (?:now |currently )?live(?=\s*(?:[,.!;]|$))/gu;
/** "fav food goat curry w roti": a favourite of a kind of thing, its value straight after with no "is". */
const FAVOURITE_THEN_VALUE =
  /(?<=^|[,;] )(?:my )?(favou?rite (?:food|dish|meal|snack|drink|beer|tipple|show|series|film|movie|band|song|singer|game|book|author|sport|team|colou?r|place|holiday)) (?!(?:is|are|was|were|'s|has|had|have|at|in|for|of|ever|to|and|or|but|right|rn|now|these|atm|lately|used|use|changes|changed|became|becomes|would|will|should|might|may|can|could|must|keeps|kept|stays|remains|varies|depends|just|still|always|never|probably|definitely|though|tho|honestly)\b)(?=\p{L})/giu;
/** "Coffee's a cappuccino with cinnamon on top": the user's usual coffee or tea, when a drink is named. */
const DRINK_IS = /^(coffee|tea|cuppa)(?:'s| is) (?=an? )/iu;
/** "kelpie named ripper, mum minds him…": a note that opens with the user's animal and its name. */
const PET_FIRST = new RegExp(String.raw`^(?:an? |one )?((?:[\p{Ll}-]+ ){0,2}${PET}) (?:named|called) (?=\p{L})`, 'u');
/** "exam is 14 november", "mcat is july 12", "Wedding's set for October 12th": an event of the user's, said by its date. */
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may(?! (?:be|have|not|well)\b)|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const EVENT = String.raw`(?:exams?|test|finals?|wedding|bout|race|match|game|marathon|10k|5k|trip|flight|surgery|operation|op|appointment|interview|move|christening|party|birthday|bday|gig|concert|holiday|graduation|viva|mcat|lsat|gre|gmat|ielts|due date|deadline|audition|recital|competition|tournament)`;
const EVENT_DATED = new RegExp(
  String.raw`(?<=^|[,;] |\band )(?:my |our |the )?((?:[\p{L}\d-]+ ){0,3}?${EVENT})(?:'s| is| are)(?: (?:set|booked|scheduled|planned|fixed|happening))?(?: (for|on|in))? (?=(?:(?:the )?\d{1,2}(?:st|nd|rd|th)? (?:of )?)?${MONTH}\b|${MONTH} \d{1,2}\b)`,
  'iu',
);
/** "a budgie called Sir Clive who never stops chattering": what is said of whom a name names is theirs, not the user's ("never" is no denial of the budgie). */
const SAID_OF_THE_NAMED =
  /\b((?:called|named) \p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?),? (?:who|which|that) (?:(?!\s(?:and|but|so) (?:I|I'm|I've|i|im|we|my|our)\b)[^,.;!?])*/gu;
/** "Nothing beats my mum's jollof": what the user loves most. */
const NOTHING_BEATS = /^nothing (?:beats|compares to|comes close to|tops) /iu;
/** "cullen skink, favourite thing on earth": a favourite named before it is said to be one. */
const FAVOURITE_AFTER = /^([^,]{2,40}), (?:my )?(?:all-time |absolute )?(favou?rite [\p{L}-]+)(?=\s*(?:[,.!?;]|$))/iu;
/** "my number one food", "favourite thing to eat": the favourite food, said the way the kind is kept. */
const FAVOURITE_SAID_OTHERWISE =
  /\b(?:(?:my|our) )?(?:number one|no\.? ?1|numero uno|top|ultimate) (food|dish|meal|snack|drink|treat)\b|\bfavou?rite thing to (eat|drink)\b/giu;
/** "a glass of red", "a bottle of white": wine, by its colour alone. */
const WINE_BY_COLOUR = /\b((?:glass|glasses|bottle|bottles) of (?:red|white|rosé|rose))\b(?! wine)/giu;
/** "New favourite is a long black": a favourite said without what it is of, which the thing named tells (a drink by its family). */
const FAVOURITE_OF_IT = /^(?:my )?(new |current |all-time )?(?:favou?rite|go-to)(?:'s| is) (?=\S)/iu;
/** "home base is Joondalup", "home's Leith": where the user lives, said as what home is. */
const HOME_BASE = /^(?:my )?home(?: base| town)? (?:is|'s) (?=\p{Lu})/iu;
/** "Favourite food in the world is a proper cawl", "go-to snack is hot cheetos": a favourite said as what it is ("Favourite food — biryani" is a label by then, segment.ts). */
const FAVOURITE_LABELLED =
  /\b(?:my )?(?:all-time |all time |absolute )?(?:favou?rite |fave |go-to (?=(?:snack|drink|food|meal|dish|treat|takeaway|coffee|tea|beer|order|sweet|dessert|breakfast|lunch|dinner)\b))([\p{L}-]+)(?: in the (?:world|universe)| of all time| ever)?\s*(?:\sis|'s)\s*/giu;

/** "she's the one I answer to now": whom the user reports to, said by a pronoun and a cleft. */
const THE_ONE_I_ANSWER_TO = /\b(she|he)(?:'s| is) the (?:one|person) (?:that |who )?I (report|answer) to\b/giu;
/** "Hana's covering as my manager till spring", "Tom is acting manager", "the owner Renata is covering as my manager": who stands in as the user's boss. */
const STANDS_IN_AS_BOSS = new RegExp(
  String.raw`(?:\b(?:the|our) (?:[\p{Ll}-]+ ){1,2})?\b(\p{Lu}[\p{L}'-]+)(?:'s| is) (?:now )?(?:covering|standing in|stepping in|filling in|acting)(?: as| for)? (?:my |our |the )?(?:interim |acting |temporary )?(${BOSS}|EM|GM|PI)\b`,
  'gu',
);

/** "so again I report to her", "once more we're in Leeds": "again" said before the subject says nothing the clause does not. */
const AGAIN_FIRST = /\b(?:again|once again|once more),?\s+(?=(?:I|we)\b)(?<=(?:^|[,;]\s*|\b(?:so|and|but|now)\s+)(?:again|once again|once more),?\s+)/giu;

/** "Knitting I've quit", "Golf I'm done with": what was given up, said first. */
const FRONTED_END =
  /^(\p{L}[\p{L}' -]{1,30}?),? (I've|I have|I'm|I am|I) (quit|given up|dropped|stopped|packed in|ditched|abandoned|binned|done with|finished with)(?=\s*(?:[—–,.!;]|$))/u;

/** "ole + me: engaged since saturday": the couple as a label, then what they are now. */
const COUPLE_LABELLED =
  /^(\p{L}[\p{L}'-]*) and (?:me|I)\s*[:—–-]\s*(?=(?:now |officially |finally )?(?:engaged|married|hitched|wed|together|back together|done|over|finished|through)\b)/iu;

/** "two hens called Hilda and Marge": each pet by its name, one at a time. */
const PETS_NAMED_TOGETHER = new RegExp(
  String.raw`\b(?:two|2|a pair of|a couple of|both) ((?:[\p{L}-]+ )?)(${PET}) (?:called|named),? (\p{Lu}[\p{L}'-]*) (?:and|&) (\p{Lu}[\p{L}'-]*)\b`,
  'gu',
);

/** "we've added a grey parrot to the house", "welcomed a puppy to the family": a pet the user got. */
const ADDED_TO_HOME = new RegExp(
  String.raw`\b(?:added|welcomed) ((?:an?|another) (?:[\p{L}-]+ ){0,2}(?:${PET})) (?:to|into) (?:the|our|my) (?:family|house|household|home|gang|crew|clan|pack|brood|flock|zoo|menagerie)\b`,
  'giu',
);
/** "The daughter brought us a pup", "my son got me a kitten for Christmas": an animal given to the user is theirs ("My sister Ana gave me…" stays said, for the name). */
const PET_GIVEN = new RegExp(
  String.raw`^(?:[^,.;:!?]*? )?(?:brought|gave|bought|got|found) (?:us|me) (?=(?:an?|another) (?:[\p{L}-]+ ){0,2}(?:${PET})\b)`,
  'iu',
);
/** "a shepherd mix we've named Tamale": a pet the user named, said as "a shepherd mix called Tamale". */
const PET_WE_NAMED = new RegExp(
  String.raw`\b(an? (?:[\p{L}-]+ ){0,2}(?:${PET})(?: mix| cross)?)(?: that| which)? (?:we|i)(?:'ve| have)? (?:named|called) (?=\p{Lu})`,
  'gu',
);
/** A pet or a child said just before: whom "named her…" names. */
const PET_OR_CHILD_BEFORE = new RegExp(String.raw`\b(?:${PET}|${CHILD})s?\b[^.!?;]{0,40}$`, 'iu');

/** "we're both vegetarian", "both of us have…": "both" and "all" say who, "we" already says the user is one. */
const WE_BOTH = /\b(?:we(?:'re| are) (?:both|all)|we (?:both|all)|both of us)(?= )/giu;

/** "me n the dug are up in Bishopbriggs noo": the user and the household, where they are now. */
const ME_AND_THE_HOUSEHOLD = /^[Mm]e and the [\p{L}-]+ (?=are (?:now |all )?(?:up |down |over |back |out )?in \p{Lu})/u;
/**
 * "me and my boyfriend Dan have…", "…, but me and my partner Gethin have…", "me and my husband Tuan we live…", "myself and the wife Bríd live…": the user said last,
 * as "my boyfriend Dan and I have…" reads.
 */
const ME_AND =
  /(?<=^(?:(?:[Ss]o|[Aa]nd|[Bb]ut|[Ww]ell|[Aa]nyway|[Oo]h|[Oo]k|[Nn]ow)\s+)?|,\s+(?:and|but|so)\s+)(?:[Mm]e|[Mm]yself) and ((?:my|our) [\p{L}-]+|the (?:wife|husband|missus|missis|mrs|hubby|partner|girlfriend|boyfriend|fiancée?))(?: (?!we\b)(\p{L}[\p{L}'-]*))?(?:,? we(?= \p{Ll}))? (?=(\p{Ll}[\p{L}'-]*))/gu;
/** "me and my girl tasha got…": a word in lower case after whom is their name when it is no verb and a verb follows it. */
function meAnd(_: string, who: string, name: string | undefined, next: string): string {
  if (name === undefined) return `${who} and I `;
  const [, , word, verb] = tag(`${who} ${name} ${next}`);
  const named = /^\p{Lu}/u.test(name) || (word && !NO_NAME.some((n) => word.tags.has(n)) && verb?.tags.has('Verb') && !verb.tags.has('Gerund'));
  return named ? `${who} ${name} and I ` : `${who} and I ${name} `;
}

/** Words after which a name follows: how someone is related, or "called"/"named". */
const NAME_BEFORE = new RegExp(
  String.raw`\b(?:${RELATIVE}|${PARTNER_UNOWNED}|${PET}|${BOSS})(?: there| now| here)?(?: is| is called| is named|'s|,|:)? $|\b(?:called|named|name is|name's|married to|engaged to) $`,
  'iu',
);
/** Tags of a word that is no name ("my dog loves", "called it", "named after"). */
const NO_NAME = ['Verb', 'Adverb', 'Preposition', 'Determiner', 'Conjunction', 'Pronoun', 'Adjective', 'Value', 'QuestionWord', 'Date'];
/** Greetings and openers before an introduction, up to three: "hi po,", "hey there!", "ok so". */
const GREETED = String.raw`(?:(?:[Hh]i+|[Hh]iya|[Hh]ey+|[Hh]eya|[Hh]ello|[Yy]o|[Gg]'day|[Mm]orning|[Ee]vening|[Oo]k|[Oo]kay|[Ss]o|[Ww]ell|[Rr]ight|[Gg]ood (?:morning|afternoon|evening)|[Bb]ula(?: vinaka)?|[Kk]ia ora|[Nn]amaste|[Ss]alaa?m|[Hh]ola|[Cc]iao|[Jj]ambo|[Hh]owzit|[Aa]loha|[Hh]allo|[Hh]ej|[Oo]l[aá]|[Ss]halom|[Mm]abuhay|[Kk]umusta)(?: po| mate| all| there| everyone)?[,!.]* ){0,3}`;
/** "hiya im seun, pharmacist…", "lachie here, …": the user's name opening an introduction that goes on after a comma. */
const INTRO_NAME = new RegExp(
  String.raw`^${GREETED}(?:I'm ([\p{Ll}'-]+(?: [\p{Ll}'-]+)?)(?=, (?!I\b|I'm\b)|(?:,? \d{1,2},?)? from \p{L})|([\p{Ll}'-]+)(?= here(?:[,.!]|$)))`,
  'u',
);
/** "I'm Nonoy from Iloilo City": the user's name, then where they are from. */
const NAME_FROM = new RegExp(String.raw`^(${GREETED})(?:I'm|I am) (\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?)(?:,? (\d{1,2}),?)? from (?=\p{L})`, 'u');
/** Endings of the words for a people or a faith ("Jewish", "Kenyan", "Maltese"), never a name here. */
const PEOPLES_ENDING = /(?:ish|ese|ian|ean|ic|ist)$/;
function nameFrom(m: string, lead: string, name: string, age: string | undefined): string {
  const terms = tag(name);
  const person = terms.every(
    (t) => t.tags.has('FirstName') || t.tags.has('Person') || (!inLexicon(t.text) && !t.tags.has('Demonym') && !PEOPLES_ENDING.test(t.text)),
  );
  return person && acceptable(name, 'person') && !isPlace(name) ? `${lead}my name is ${name},${age ? ` I'm ${age} years old,` : ''} and I'm from ` : m;
}
/** "jonas, backend dev @ …", "ravi here, devops engineer…": a message that opens with a lower-case name, then "here" or a job. */
const NAME_OPENS = new RegExp(String.raw`^(${GREETED})(\p{Ll}[\p{L}'-]+)(?=( here)?(?:,|\s[—–-])\s+([^.!?]*))`, 'u');
function nameOpening(m: string, lead: string, name: string, here: string | undefined, items: string): string {
  // A job in one of the short items after it: "callum, adelaide, sparky".
  const job = items
    .split(',')
    .slice(0, 3)
    .some(
      (part) =>
        part.trim().split(/\s+/).length <= 6 &&
        part
          .toLowerCase()
          .split(/[^\p{L}-]+/u)
          .some((w) => JOBS.has(w)),
    );
  const first = tag(name)[0]?.tags;
  const aName = !NOT_NAME.has(name) && (first?.has('FirstName') || !inLexicon(name));
  return (here || job) && aName ? `${lead}${upper(name)}` : m;
}
/** "im jake frontend dev at…": a name, then the job, with no comma between. */
const NAME_THEN_JOB = new RegExp(String.raw`^(${GREETED}I'm )([\p{Ll}'-]+) (?=(?:an? )?${ROLE}\b)`, 'u');
/** Words said after "I'm" that are no name. */
const NOT_NAME = new Set([
  'home',
  'back',
  'here',
  'there',
  'out',
  'in',
  'off',
  'up',
  'done',
  'good',
  'ok',
  'okay',
  'fine',
  'sick',
  'busy',
  'free',
  'late',
  'new',
  'also',
  'just',
  'so',
  'still',
]);

/** The first sentences of a turn, where a user introduces themselves ("hiya. im seun, …"). */
const OPENING = 2;

/** The sentence in the plain register; `index` is its place in the turn, whose first sentences may introduce the user. */
/** "I'm after getting the inspector job" (Irish English): what the user has just done. */
const AFTER_DOING = /\b(I|we)(?:'m|'re| am| are) (?:just )?after ([a-z]+ing)\b/gi;
const DONE_IRREGULAR: Record<string, string> = {
  getting: 'got',
  buying: 'bought',
  selling: 'sold',
  having: 'had',
  making: 'made',
  taking: 'taken',
  leaving: 'left',
  losing: 'lost',
  breaking: 'broken',
  giving: 'given',
  finding: 'found',
};
/** The past participle of a verb said with "-ing", for the verbs "after" is said with. */
function done(doing: string): string {
  const lower = doing.toLowerCase();
  // "stopping" → "stopped", "hiring" → "hired": the -ed form keeps what the -ing form kept.
  return DONE_IRREGULAR[lower] ?? `${lower.slice(0, -3)}ed`;
}

/**
 * "ma wee collie Meg", "ma other half Gordon" (Scots), "me mam Bridie", "me blue heeler Dusty" (Irish, northern English,
 * Australian), "wor Jack Russell" (Geordie): before someone of the user's, "ma", "me" and "wor" are "my"; "me" only where
 * no verb takes it as its object ("they made me service manager").
 */
const KIN = String.raw`(?:${RELATIVE}|${PARTNER_UNOWNED}|${CHILD}|${BOSS}|${PET}|other half|da|lass|pals?|mates?|twins?|weans?|bairns?|kids?|dug)`;
/** "chucked in me notice", "coopers pale ale is me drink": things of the user's that "me" owns as "my" does. */
const HELD_THINGS = '(?:notice|drink|job|ute|car|truck|van|house|place|usual|local|gear|tools)';
/** "my da", "our da" (Irish, Scots, northern English): the user's dad ("da" alone is also chat's "the"). */
const MY_DA = /\b([Mm]y|[Oo]ur) da\b(?![\p{L}-])/gu;
const MY_SAID_OTHERWISE = new RegExp(
  String.raw`(?:\b[Mm]a|\b[Mm]i|(?:^|(?<=[,;:—–(]\s*)|(?<=\b(?:and|an|with|wi|for|to|at|of|from|by|about|in|is) ))[Mm]e|\b[Ww]or) (?=(?:(?!(?:and|an|n|or|is|was|says|said|has|had)\b)[\p{L}-]+ ){0,2}?(?:${KIN}|${HELD_THINGS})\b)`,
  'gu',
);

/**
 * "Emrys, that's my husband, has booked…", "Priya, who's my manager, is off": a name, then who they
 * are to the user between commas, is the user's one of that kind named; said alone, it says so.
 */
const NAME_THEN_WHO = new RegExp(
  String.raw`\b(\p{Lu}[\p{L}'-]+),\s+(?:that's|that is|who's|who is|he's|she's|he is|she is)\s+((?:my|our) (?:[\p{L}-]+ )?${KIN})\b(?:\s*[,—–-]\s*|(?=[.!]*$))`,
  'gu',
);

/** "We'd to have Shep put down" (Irish and Scottish English): a "'d" before "to" is "had". */
const HAD_TO = /\b(I|we|you|he|she|they)'d to\b/gi;

/** "most weekends you'll find me at my allotment": where the user is found is where they are. */
const FIND_ME = /\b(?:you'll|you will|you can|you'd|you would) (?:usually |always |often |probably |normally )?find me\b/gi;

const VEHICLE_NOUN = eitherCaseFirst(VEHICLES);
/** "the work van's a Toyota Hiace", "my car is a Honda Jazz": the vehicle the user drives, said as what it is. */
const VEHICLE_IS = new RegExp(
  String.raw`(?<=^|[,;.!]\s+|\b(?:and|oh and|also)\s+)(?:(?:[Mm]y|[Oo]ur|[Tt]he) )?(?:[Ww]ork |[Ff]arm |[Oo]ld |[Nn]ew |[Ff]amily |[Tt]rusty |[Cc]urrent )?(?:${VEHICLE_NOUN}|[Pp]ick-?up|4x4)(?:'s| is) (?:an? )?(?:(?:beat[- ]up|battered|old|trusty|little|wee|clapped[- ]out|ancient|new|shiny) )*(?=\p{Lu})`,
  'gu',
);
/** "year 2 business at ntu", "yr 3 nursing at UCC": the year of a course, said as students say it, is its ordinal. */
const YEAR_N_OF_COURSE = /\b[Yy](?:ea)?r ([1-6])(?= (?:[\p{L}&-]+ ){1,3}(?:at|in|@) )/gu;
const ORDINALS = ['', '1st', '2nd', '3rd', '4th', '5th', '6th'];
/** "it's rooibos now instead of the Earl Grey": the time said after the new thing goes after the old one, where the switch is read whole. */
const NOW_BEFORE_INSTEAD = /\s(now|these days|nowadays)\s+((?:instead of|rather than|in place of)\s[^,.;!?]+)/gu;
/** "rooibos in the pot", "oat latte in my keep cup": what a drink is served in is no part of it. */
const SERVED_IN =
  /(?<=\p{L}) in (?:the|my|a|our) (?:(?:keep|travel|thermos) )?(?:pot|teapot|mug|cup|flask|thermos|glass|kettle)(?=\s+(?:now|instead|these days|nowadays|every|each|all day|first thing)\b|\s*[,.;!?]|$)/gu;
/** "I've settled on peppermint tea": the drink the user settled on is what they drink now. */
const SETTLED_ON = /\b(?:I've|I have|I|we've|we have|we) (?:finally )?settled on (?=((?:[\p{L}'-]+ ){0,2}[\p{L}'-]+))/gu;
/** "there's a barn cat, Biscuit, who thinks she owns the place": an animal named as one of the household is the user's. */
const THERE_IS_PET = new RegExp(String.raw`\b[Tt]here(?:'s| is) (?:also )?(an? (?:[\p{L}-]+ ){0,2}?${PET}),? (?=\p{Lu}[\p{L}'-]+\b)`, 'gu');
/** "Hobby is utai", "Drink is rooibos": a thing of the user's, said as a note is, without "my". */
const NOTED_WITHOUT_MY = /^(?:[Hh]obby|[Hh]obbies|[Pp]astime|[Dd]rink|[Ss]port|[Ss]how) (?=(?:is|are) \p{L})/u;
/** "got a part time at KOI", "have a weekend job at Boots": where the user works part of the week is where they work. */
const PART_TIME_AT =
  /(?:^|\b[Ii](?:'ve| have)? )(?:got|have|found|landed) (?:a |my )?(?:part[- ]?time|weekend|casual|side|summer) (?:job |gig |shift |position )?(?=at \p{Lu})/gu;
/** "Running on Tim's double-doubles": what keeps the user going, said without "I", is what they drink, when it is a drink. */
const RUNNING_ON = /^(?:[Rr]unning|[Ss]urviving|[Ll]iving) on (?=((?:[\p{L}'-]+ ){0,2}[\p{L}'-]+))/u;
/** "Never miss an episode of Vera": a show the user follows. */
const NEVER_MISS_SHOW = /\b(?:(?:I|i) )?(?:[Nn]ever|[Cc]an't|[Cc]annot|[Dd]on't) miss (?:an?|a single|one) (?:episode|ep|week) of (?=\p{Lu})/gu;
/** "moved back into Winnipeg, Wolseley area": into a town's name alone is to it. */
const MOVED_INTO_TOWN = /\b(moved|moving|move)( back| over)? into (?=\p{Lu}[\p{L}'-]+(?:[,.!;]|$))/gu;
/** "every morning starts with a double-double from Tim Hortons": what the user's day opens with. */
const DAY_STARTS_WITH = /\b(?:[Ee]very|[Mm]y) (?:morning|day) (?:starts|begins|kicks off) with (?=(?:an? |my |a big |a large )?\p{L})/gu;
/** "Nineteen years old, that little guy": an age said of whoever the words after it name, not of the user. */
const AGE_OF_THEM = /^[\p{L}\d -]{1,20} (?:years?|months?|weeks?) old,? (?=(?:that|the|this|our|my|poor|bless|little|old|sweet|dear)\b)/iu;
/** "they moved me to returns", "management put me on nights": what the employer did to the user is the user's change. */
const MOVED_ME = /\b[Tt]hey(?:'ve| have)? (moved|transferred|shifted|switched) me (?=(?:from|to|onto|into|over)\b)/gu;
/** "two little ones", "the wee ones", "the kiddos": the user's children, said fondly. */
const LITTLE_ONES = /\b(?:little|wee|young) ones\b|\b(?:kiddos|kiddies|littlies)\b/giu;
/** "I'm usually out spearfishing", "we're often out tramping": what the user goes out to do as a habit. */
const OUT_DOING = /\b(?:I'm|I am|[Ww]e're|[Ww]e are) (usually|often|always|mostly|normally|generally) out (?=\p{Ll}+ing\b)/gu;

/** "moved to portland", "at fern & fig in austin": a town the tagger knows, typed in lower case, after a word that leads to a place. */
const LOWER_PLACE =
  /\b(in|(?:moved?|moving|relocated|relocating|back) to|from|near|outside) (\p{Ll}[\p{Ll}-]{2,})\b(?<!\b(?:the|a|an|my|our|his|her|their|this|that|there|here|work|home|town|bed|time|love|general|fact|case|front|order|touch|person|total|hospital|school|uni|college|church|bits|public|private|charge|trouble|advance|particular|between)\b)/gu;
const capitalPlaces = (sentence: string) =>
  /\p{Lu}/u.test(sentence.replace(/\bI\b/g, ''))
    ? sentence
    : sentence.replace(LOWER_PLACE, (m, lead: string, word: string) => {
        const t = tag(word)[0];
        return t?.tags.has('Place') && t.tags.has('ProperNoun') ? `${lead} ${word[0]!.toUpperCase()}${word.slice(1)}` : m;
      });

export function plainRegister(sentence: string, index: number): string {
  const opening = index < OPENING;
  // "GUESS WHO GOT BUMPED TO LEAD TECH": a sentence shouted is read as written in lower case.
  const spelled = livingThere(capitalPlaces(sentence))
    .replace(MARKED_G, (w) => (droppedG(w.slice(0, -1)) ? `${w.slice(0, -1)}g` : w))
    .replace(SHOUTED, (run) => run.toLowerCase())
    .replace(HELD_LETTER, unheld)
    .replace(SHORT, (w, at: number, all: string) => {
      const lower = w.toLowerCase();
      // "Fave band" opening a sentence is shorthand; "Mos" inside one is a name.
      if (w !== lower && at > 0) return w;
      if (BETWEEN_WORDS.has(w) && (!/[\p{L},]\s$/u.test(all.slice(0, at)) || !/^\s[\p{L}\d]/u.test(all.slice(at + w.length)))) return w;
      const plain = SHORTHAND[lower]!;
      return w === lower ? plain : `${plain[0]!.toUpperCase()}${plain.slice(1)}`;
    })
    .replace(HAILED, '$1,')
    .replace(ME_AS_MY, '$1y ')
    .replace(PLACE_IS_HOME, (m, place: string) =>
      tag(place).some((t) => t.tags.has('Person') || t.tags.has('FirstName')) || IS_RELATIVE.test(place) ? m : `${place} is `,
    )
    .replace(FILLER, (m) => (/,/.test(m) ? ',' : ''))
    .replace(FRONTED_TIME, '$1,')
    .replace(MOVED_US, '$1 ')
    .replace(MUST_SAY, '')
    .replace(GOT_MYSELF, '$1 ')
    .replace(SO_BYE, ', ')
    .replace(SIBLING_OPENS, siblingOpens)
    .replace(ARROW, arrowRead)
    .replace(ME_THEN_I, '')
    .replace(NEWS_BROKEN, '')
    .replace(BEEN_A_ROLE, "I'm ")
    .replace(TOOL_CALLED, '')
    .replace(GO_DO, (_, go: string, verb: string) => `${go} ${gerund(verb)}`)
    .replace(WERE_UNMARKED, "we're")
    .replace(HAD_TO, '$1 had to')
    .replace(MY_SAID_OTHERWISE, (m) => (/^[MW]/.test(m) ? 'My ' : 'my '))
    .replace(MY_DA, '$1 dad')
    .replace(ONLY_EATS, '$1 eat ')
    .replace(NOW_RATHER, '')
    .replace(CANDID_JOIN, '$1 ')
    .replace(TOOK_THE_PLUNGE, '')
    .replace(OFTEN_BEFORE_BEING, '')
    .replace(MOVED_ME, 'I $1 ')
    .replace(AGE_OF_THEM, '')
    .replace(LITTLE_ONES, 'kids')
    .replace(VEHICLE_IS, 'I drive a ')
    .replace(DAY_STARTS_WITH, 'I start every day with ')
    .replace(NOW_BEFORE_INSTEAD, ' $2 $1')
    .replace(SERVED_IN, '')
    .replace(SETTLED_ON, (m, what: string) => (categoryOf(what) === 'drink' ? 'now I drink ' : m))
    .replace(THERE_IS_PET, 'I have $1 called ')
    .replace(NOTED_WITHOUT_MY, (m) => `My ${m.toLowerCase()}`)
    .replace(PART_TIME_AT, 'I work part-time ')
    .replace(YEAR_N_OF_COURSE, (_, n: string) => `${ORDINALS[Number(n)]} year`)
    .replace(RUNNING_ON, (m, what: string) => (categoryOf(what.replace(/^\p{L}+'s /u, '')) === 'drink' ? 'I drink ' : m))
    .replace(NEVER_MISS_SHOW, 'I watch ')
    .replace(MOVED_INTO_TOWN, '$1$2 to ')
    .replace(OUT_DOING, (m, often: string) => `${/^[Ww]e/.test(m) ? 'we' : 'I'} ${often} go `)
    .replace(REASON_FIRST, '')
    .replace(AH_IS_I, (m, at: number, all: string) => (opensAt(OPENS_OWN_CLAUSE, all, at) ? 'I ' : m))
    .replace(MI_IS_I, (m, at: number, all: string) => (opensAt(OPENS_OWN_CLAUSE, all, at) ? 'I ' : m))
    .replace(WORK_FUR, '$1 for')
    .replace(PET_NAME_IS, '$1 named ')
    .replace(ROLE_THEN_DOING, '$1, ')
    .replace(YOUNG_FELLA, '$1 son')
    .replace(CANNOT_EAT_FIRST, "I can't ")
    .replace(DIET_DAY, (_, diet: string, unit: string, n: string) => `I've been ${diet.toLowerCase()} for ${n} ${unit}s`)
    .replace(COUPLE_NAMED, coupleNamed)
    .replace(HAS_DONE_TO_ME, ' has ')
    .replace(REJOINED, (_, who: string) => (who === 'I' ? "I'm back at " : `${who}'re back at `))
    .replace(BEEN_SEEING, (_, name?: string, named?: string) => `I'm dating ${name ?? named}`)
    .replace(THATS_MY_DRINK, (_, what: string, when = '') => `my drink${when} is ${what}`)
    .replace(LIVE_AT_TOWN, '$1 in ')
    .replace(PERSON_OF_PLACE, personOfPlace)
    .replace(MADE_TITLE, (m) => `${m.split(' ')[0]} promoted to `)
    .replace(NAME_THEN_WHO, (m, name: string, who: string, at: number, all: string) =>
      NOT_NAME.has(name) || !opensAt(OPENS_SENTENCE, all, at) ? m : /^[.!\s]*$/.test(all.slice(at + m.length)) ? `${who} is ${name}` : `${who} ${name} `,
    )
    .replace(AFTER_DOING, (_, who: string, doing: string) => `${who} have just ${done(doing)}`)
    .replace(FIND_ME, "I'm")
    .replace(/(?<=\S)\s+@\s+(?=\S)/g, ' at ')
    .replace(CALLED_ORG, '$1 ')
    .replace(IS_WHERE, '$1 is ')
    .replace(IS_MINE, ' is ')
    .replace(NAMED_THEM, (m, verb: string, at: number, all: string) => (PET_OR_CHILD_BEFORE.test(all.slice(Math.max(0, at - 80), at)) ? ` ${verb} ` : m))
    .replace(PET_WE_NAMED, '$1 called ')
    .replace(ADDED_TO_HOME, 'got $1')
    .replace(PET_GIVEN, (m) => (/^\S+ .*\b\p{Lu}\p{Ll}/u.test(m) ? m : 'we got '))
    .replace(PETS_NAMED_TOGETHER, (m, how: string, pets: string, a: string, b: string) =>
      onePet(pets) === pets ? m : `a ${how}${onePet(pets)} called ${a} and a ${how}${onePet(pets)} called ${b}`,
    )
    .replace(UNOWNED_PERSON, owned)
    .replace(IS_ONE_CALLED, '$1 is ')
    .replace(THE_PET_CALLED, 'my $1 is $2 ')
    .replace(NAMED_THEN_WHAT, 'I have a $2 called $1')
    .replace(PET_NAMED_AFTER, petNamedAfter)
    .replace(PET_IS_NAME, (m, pet: string, at: number, all: string) => (NOT_NAME.has(/^\S+/.exec(all.slice(at + m.length))![0]) ? m : `${pet} is called `))
    .replace(WORKPLACE_IS, (m, at: number, all: string) => (opensAt(OPENS_CLAUSE_OR_BUT, all, at) ? 'my company is ' : m))
    .replace(ONE_I_WORK_UNDER, (m) => (m.includes(',') ? 'my manager ' : 'my manager is '))
    .replace(JOB_WHERE_THEN_WHOM, ' $2 $3 in $1')
    // "we've rebooked: the Faroes in May": what was booked is the trip after it.
    .replace(BOOKED_THEN_WHERE, (_, who: string, booked: string, what: string) =>
      what.trim() || !who ? `${who}${booked}${what}: I'm going to ` : "I'm going to ",
    )
    .replace(TRIP_ALONE, "I'm going to ")
    .replace(PLACE_THEN_WHEN, (m) =>
      (isPlace(m) || m.split(' ').every((w) => !inLexicon(w.toLowerCase()))) && !FEAST.test(m) && !tag(m).some((t) => NOT_GONE_TO.some((n) => t.tags.has(n)))
        ? `I'm going to ${m}`
        : m,
    )
    .replace(TOOL_USER, 'I use $1$2')
    .replace(PARTNER_NAMED_ALONE, (_, title: string, name: string) => `my ${title.toLowerCase()} is ${name}, and ${name}`)
    .replace(TRIP_UNSUBJECTED, (m, at: number, all: string) => (placeAfter(all, at + m.length) ? "I'm going to " : m))
    .replace(STAY_TO_COME, (m, at: number, all: string) => (placeAfter(all, at + m.length) ? 'going to ' : m))
    .replace(WE_BOTH, (m) => (/'re|are/i.test(m) ? 'we are' : 'we'))
    .replace(CLEFT_BOSS, 'I report to $1')
    .replace(PRONOUN_BOSS, bossNamedBefore)
    .replace(PET_IS_A_NAMED, (m, pet: string, what: string, initial: string) =>
      /\p{Lu}/u.test(initial) ? `I have a ${isPet(what) ? what.toLowerCase() : pet.toLowerCase()} called ` : m,
    )
    .replace(GIVEN_IT_UP, '$1 up $2')
    .replace(WHERE_ITS_AT, (m, what: string) => (/^(?:that|this|it|there|here|which)$/i.test(what) ? m : `now I'm into ${what}`))
    .replace(MY_BRO, (_, whose: string, short: string) => `${whose} ${SIBLING_SHORT[short]}`)
    .replace(BOOKED_PLACE, (m, ...args: unknown[]) => {
      const { trip, place } = args.at(-1) as { trip?: string; place: string };
      // "Otieno and I have booked…": the pair goes, said so the pair's reader takes it as "we".
      const pair = /^I\b/.test(m) && /\band\s+$/.test((args.at(-2) as string).slice(0, args.at(-3) as number));
      return trip || isPlace(place) ? (pair ? 'I are going to ' : "I'm going to ") : m;
    })
    .replace(CANNOT_DO_WITHOUT, (_, who?: string) => `${who ?? 'I'} need`)
    .replace(TRIES_TO_EAT, '$1 ')
    .replace(CANNOT_EAT_ALLERGY, "I'm allergic to $1")
    .replace(ITS_A_DIET, "I'm on $1")
    .replace(THE_ONLY_DRINK, (_, name: string, drink: string) => `I drink ${name}${drink === 'drink' || name.toLowerCase().endsWith(drink) ? '' : ` ${drink}`}`)
    .replace(SINCE_I_DID, '$1 $2, and ')
    .replace(AS_A_ROLE, "I'm $1, and ")
    .replace(AS_SOMEONE, asSomeone)
    // A thing of a kind ("coffee", "my dog") is loved; anything else is done.
    .replace(KEEPS_ME_SANE, (m, at: number, all: string) => (categoryOf(all.slice(at + m.length).split(/[,.;!?]/)[0]!) ? 'I love ' : 'I do '))
    .replace(OWN_ADMISSION, '')
    .replace(/(?<=\p{L})\s+\+\s+(?=\p{L})/gu, ' and ')
    .replace(COUPLE_LABELLED, '$1 and I are ')
    .replace(AGAIN_FIRST, '')
    .replace(ME_AND_THE_HOUSEHOLD, 'we ')
    .replace(THE_ONE_I_ANSWER_TO, (_, who: string, verb: string) => `I ${verb.toLowerCase()} to ${who.toLowerCase() === 'she' ? 'her' : 'him'}`)
    .replace(STANDS_IN_AS_BOSS, (_, name: string, boss: string) => `my ${boss.toLowerCase()} is ${name}`)
    .replace(WOULD_KILL_FOR, 'I love ')
    .replace(CANNOT_DO_WITHOUT_IT, (m, what: string) =>
      /^(?:it|this|that|he|she|they|work|life|family)$/i.test(what)
        ? m
        : `I love ${inLexicon(what.split(' ')[0]!.toLowerCase()) ? what[0]!.toLowerCase() + what.slice(1) : what}`,
    )
    .replace(AM_FIRST, (m) => `${m.slice(0, -3)}I am `)
    .replace(HOME_BASE, 'I live in ')
    .replace(FAVOURITE_EVER, '$1')
    .replace(BEST_EVER, (_, what: string) => `my favourite ${what.toLowerCase()} is `)
    .replace(NOTHING_BEATS, 'I love ')
    .replace(SAID_OF_THE_NAMED, '$1')
    .replace(EVENT_DATED, (_, event: string, on: string | undefined) => `I have my ${event.toLowerCase()} ${on === 'in' ? 'in' : 'on'} `)
    .replace(FAVOURITE_REMAINS, '$1 is')
    .replace(WHERE_WE_LIVE, (_, place: string) => `${place}, and I live in ${place}`)
    .replace(FAVOURITE_THEN_VALUE, 'my $1 is ')
    .replace(DRINK_IS, (m, drink: string, _at: number, all: string) =>
      categoryOf(all.slice(m.length).split(/[,;]/)[0]!) === 'drink' ? `my usual ${drink.toLowerCase()} is ` : m,
    )
    .replace(PET_FIRST, (_, pet: string) => `I have ${/^(?:two|three|four|five|six|\d+) /i.test(pet) ? '' : 'a '}${pet} called `)
    .replace(FAVOURITE_AFTER, (_, what: string, favourite: string) => `my ${favourite.toLowerCase()} is ${what}`)
    .replace(WINE_BY_COLOUR, '$1 wine')
    .replace(
      FAVOURITE_SAID_OTHERWISE,
      (m: string, what: string | undefined, verb: string | undefined) =>
        `${/^(?:my|our) /i.test(m) ? m.split(' ')[0] + ' ' : ''}favourite ${what ?? (verb!.toLowerCase() === 'eat' ? 'food' : 'drink')}`,
    )
    .replace(FAVOURITE_OF_IT, (m, fresh: string | undefined, _at: number, all: string) => {
      const thing = all.slice(m.length).split(/[,;.!?]/)[0]!;
      const of = familyOf(thing) ?? categoryOf(thing);
      return of ? `my ${fresh?.toLowerCase() ?? ''}favourite ${of} is ` : m;
    })
    .replace(FUR_BABY, 'fur$1')
    .replace(GIRL_IS_PET, 'I have a $2 called $1')
    .replace(BORN_AND_BRED, (m, place: string) => (isPlace(place) ? `I was born and bred in ${place}` : m))
    .replace(USUAL_SAID, (_, usual: string | undefined, what: string | undefined) =>
      usual ? `my ${usual.toLowerCase()}${what ? ` ${what.toLowerCase()}` : ''} is ` : 'my usual order is ',
    )
    .replace(COMPOUND_PASTIME, compoundPastime)
    .replace(FAVOURITE_LABELLED, (m, what: string, at: number, all: string) =>
      /(?:^|[,;]\s*|\band\s+)$/i.test(all.slice(Math.max(0, at - 8), at)) ? `my favourite ${what.toLowerCase()} is ` : m,
    )
    .replace(JOB_ON_TEAM, ", and I'm on the $1")
    .replace(MADE_TO_SWITCH, (_, lead: string | undefined) => `${lead ?? ''}we switched to `)
    .replace(COURTESY_AFTER, '')
    .replace(NEW_BOSS_NAMED, (_, boss: string) => `my new ${boss.toLowerCase()} is `)
    .replace(BOSS_PUT_IN, (_, boss: string) => `my new ${boss.toLowerCase()} is `)
    .replace(REPORT_TO_SOMEONE, '$1 ')
    .replace(BACK_IN_CHARGE, (m, name: string) =>
      /^(?:She|He)$/.test(name)
        ? `I report to ${name === 'She' ? 'her' : 'him'}`
        : /^(?:It|That|This|Everything|Everyone|Nobody|Someone)$/.test(name)
          ? m
          : `my manager is ${name}`,
    )
    .replace(YEARS_IN_PLACE, "$1 I've been in $3 for $2")
    .replace(HOME_NOW, (_, home: string, place: string) => `${home} ${place.replace(/(?<=^|\s)\p{Ll}/gu, (c) => c.toUpperCase())}`)
    .replace(PARTICIPLE_FIRST, (_, lead: string) => `I've ${lead.toLowerCase()} `)
    .replace(FRONTED_END, (_, what: string, who: string, verb: string) => `${who} ${verb} ${what.toLowerCase()}`)
    .replace(LIKE_MAD, '')
    .replace(HOW_MANY_AFTER, '')
    .replace(FEELING_AFTER, '')
    .replace(FOUND_BY, '')
    .replace(FOUND_MYSELF, '')
    .replace(AGE_FIRST, "I'm $1, ")
    .replace(ALWAYS_SAID, '')
    .replace(SAID_TWICE, '$1')
    .replace(NAMES_WITHOUT_APOSTROPHE, "$1 name's ")
    .replace(PERSON_NAMED, '$1 ')
    .replace(OFF_WORK_FIRST, (m) => (/^weekend/i.test(m) ? 'On weekends ' : 'Outside work '))
    .replace(OWN_TIME_IS, (m, when: string, doing: string) => (pastimeNamed(doing) ? `${when} I go ` : m))
    .replace(OFTEN_FIRST, (_, often: string, who: string) => `${who} ${often.toLowerCase()} `)
    .replace(LIKE_ABOUT, '')
    .replace(LIKE_FOR, (_, at: number, all: string) => (/\b(?:for|about|over|around) $/i.test(all.slice(0, at)) ? '' : 'for '))
    .replace(BEEN_HOW_LONG, '$1for ')
    .replace(ITS, "it's ")
    .replace(DROPPED_G, (w) => (droppedG(w) ? `${w}g` : w))
    .replace(/\s+([,.!?])/g, '$1')
    .replace(/,(?=[,.!?]|$)/g, '');
  // Written all in lower case (an "I" inside, or a short name in capitals such as "ANZ", aside): the writer left the capitals out.
  const lower = /^\P{Lu}*$/u.test(sentence.replace(/(?<=\s)I(?:'m|'ve|'ll|'d)?\b|\b\p{Lu}{2,5}\b/gu, ''));
  const cased = petFirstNamed(
    lower
      ? // Whom someone of the user's is, read again once the names have their capitals ("new supervisor is some young fulla named Brodie").
        capitalised(spelled, opening).replace(UNOWNED_CALLED, owned).replace(IS_ONE_CALLED, '$1 is ')
      : placesCapitalised(NAME_CUE.test(spelled) && LOWER_NAME.test(spelled) ? namesCapitalised(spelled) : spelled),
  )
    .replace(KNOWN_FIRST, (m) => `My ${m.toLowerCase()}`)
    .replace(AND_ONE_MORE, (_, my: string, first: string) => `${my} ${first} ${my.toLowerCase()} `)
    .replace(RUNS_OUR_WORK, (m, name: string) => (someoneElseBefore(m.slice(0, m.indexOf(name))) ? m : `my new manager is ${name}`))
    .replace(NOW_RUNS_OUR_WORK, (m, name: string, at: number, all: string) =>
      (/^[Nn]ow\b/.test(m) || /^ now\b/.test(all.slice(at + m.length))) && !NOT_NAME.has(name) ? `my new manager is ${name}` : m,
    );
  const named = opening
    ? cased
        .replace(NAME_OPENS, nameOpening)
        .replace(NAME_FROM, nameFrom)
        // "I'm team lead": a common word right before the title, with no "a" between, is part of the title, not a name.
        .replace(NAME_THEN_JOB, (m, lead: string, name: string, at: number, whole: string) => {
          const terms = tag(name);
          const ofTheTitle = !/^an? /i.test(whole.slice(at + m.length)) && inLexicon(name) && !terms.some((t) => t.tags.has('FirstName'));
          return unknownName(terms, name) && !ofTheTitle ? `${lead}${upper(name)}, ` : m;
        })
    : cased;
  const plain = learnerEnglish(
    withoutAdverbs(
      named
        .replace(MINE_IS_STILL, '$1 ')
        .replace(THATS_ME, "I'm ")
        .replace(GUESS_WHO, 'I ')
        .replace(GUESS_WHO_IS, "I'm ")
        .replace(WEAKNESS_FOR, 'I love ')
        .replace(NEW_OBSESSION, (m, what: string) => (/^(?:it|this|that|which|he|she|they)$/i.test(what) ? m : `I'm obsessed with ${what}`))
        .replace(ME_AND, meAnd)
        .replace(ORIGINALLY_FIRST, (_, who: string) => `${who} ${who === 'I' ? 'am' : 'are'} originally from`),
    ),
  );
  return (ALONE.test(plain) && !COURTESY.test(plain) && alone(plain, index === 0)) || plain;
}

/** A sentence of one to three capitalised words: in a terse introduction, a name or a place. */
export const ALONE = /^\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*){0,2}\.?$/u;

/** One word that answers rather than names: "Noted.", "Thanks.", "Sure." */
const COURTESY =
  /^(?:\p{L}+(?:ed|ly)|thanks|cheers|sorry|okay|ok|great|cool|nice|perfect|done|right|sure|yes|yep|no|nope|hello|hi|hey|bye|morning|evening|update|question)\.?$/iu;

/** "Ibrahim." opening a turn is the user's name; "Toronto." is where the user lives. */
function alone(sentence: string, first: boolean): string | undefined {
  const terms = tag(sentence);
  const name = sentence.replace(/\.$/, '');
  if (terms.every((t) => t.tags.has('City') || t.tags.has('Country')) && !terms.some((t) => t.tags.has('Person'))) return `I live in ${name}.`;
  if (first && terms[0]!.tags.has('FirstName') && terms.every((t) => t.tags.has('ProperNoun'))) return `My name is ${name}.`;
  return undefined;
}

/** A word after which a name may follow, tested first: most sentences have none. */
const NAME_CUE = /(?:\bis|\bcalled|\bnamed|'s) \p{Ll}/u;
/** A lower-case word where a name stands, at the end of a clause: "gf is tegan", "a dog called ned". */
const LOWER_NAME = new RegExp(
  String.raw`\b(?:called|named|name is|name's|(?:${RELATIVE}|${PARTNER_UNOWNED}|${PET}|${BOSS})(?: there| now| here)?(?: is|'s))\s+\p{Ll}[\p{L}'-]*(?=\s*(?:[,.!?;]|$|\sand\b))`,
  'u',
);

/** A sentence with capitals on its names, where its writer left them out: only the names where a name stands. */
function namesCapitalised(sentence: string): string {
  const terms = tag(sentence);
  let said = '';
  return terms
    .map((t) => {
      const before = said;
      said += `${t.pre}${t.text}${t.post}`;
      const name =
        /^\p{Ll}/u.test(t.text) &&
        NAME_BEFORE.test(`${before}${t.pre}`) &&
        isName(t) &&
        !ownedThing(`${before}${t.pre}`, t) &&
        /^\s*(?:[,.!?;]|$|and\b)/.test(`${t.post}`);
      return `${t.pre}${name ? upper(t.text) : t.text}${t.post}`;
    })
    .join('');
}

/** "my mum's jollof": after "'s", a word no name the tagger knows is what is theirs, not who they are. */
const ownedThing = (before: string, t: Term) => /\p{L}['’]s\s*$/u.test(before) && !t.tags.has('Person') && !t.tags.has('FirstName');

const isName = (t: Term) => !NOT_NAME.has(t.text.toLowerCase()) && (t.tags.has('Person') || t.tags.has('FirstName') || !NO_NAME.some((n) => t.tags.has(n)));

/** A title before a surname. */
const TITLE = /^(?:dr|mr|mrs|ms|mx|prof|engr)$/;

/** "a dog called ziggy": a word the tagger took for an adjective is a name when it ends the clause after "called". */
const CLAUSE_END = /^\s*(?:[,.!?;]|$)/;
const OWNED_BEFORE = /\b(?:my|our|his|her|their|the|a|an)\s+(?:[\p{L}'-]+\s+)?[\p{L}'-]+\s*$/iu;

/** A lower-case sentence with capitals on the names in it. */
function capitalised(sentence: string, opening: boolean): string {
  const terms = tag(sentence);
  const names = new Set<number>();
  let said = '';
  terms.forEach((t, i) => {
    const before = said;
    said += `${t.pre}${t.text}${t.post}`;
    if (!/^\p{Ll}/u.test(t.text)) return;
    const person = t.tags.has('Person') || t.tags.has('FirstName');
    if (t.tags.has('Place') || t.tags.has('City') || t.tags.has('Country')) names.add(i);
    // "my dog lucky": an adjective names only someone said to be of someone ("super keen" names no one);
    // "gf is kirsty", not "my wife is lovely": said to be someone, a word the tagger knows is what they are.
    else if (
      NAME_BEFORE.test(`${before}${t.pre}`) &&
      !ownedThing(`${before}${t.pre}`, t) &&
      (person ||
        isName(t) ||
        (t.tags.has('Adjective') && CLAUSE_END.test(t.post) && (/(?:\bis|'s)\s*$/.test(before) ? !inLexicon(t.text) : OWNED_BEFORE.test(before))))
    )
      names.add(i);
    // "2 dogs, tam and rab": the next of the names said in a row is a name too.
    else if (i > 1 && names.has(i - 2) && /^(?:and|&)$/i.test(terms[i - 1]!.text) && isName(t) && CLAUSE_END.test(t.post)) names.add(i);
    // "noor and I are back together": someone said beside the user is named, when the tagger knows no such word.
    else if (/^(?:and|&)$/i.test(terms[i + 1]?.text ?? '') && terms[i + 2]?.text === 'I' && (person || (t.tags.has('Noun') && !inLexicon(t.text))))
      names.add(i);
    // "boss is dr lindqvist": a title and the name after it.
    else if (i > 0 && TITLE.test(terms[i - 1]!.text) && /^\.?$/.test(terms[i - 1]!.post.trim()) && isName(t)) names.add(i - 1).add(i);
  });
  employer(terms, names);
  const out = terms.map((t, i) => `${t.pre}${names.has(i) ? upper(t.text) : t.text}${t.post}`).join('');
  // "im wei ling, data analyst…": a name of one or two words, each unknown to the tagger as anything else.
  const named = (m: string, a?: string, b?: string) => {
    const name = a ?? b!;
    const [first, second] = name.split(' ');
    const surname = (w: string) =>
      !NOT_NAME.has(w) &&
      !/^(?:here|there|now|again|too|lol|haha|btw|tbh)$/.test(w) &&
      (!inLexicon(w) || ['Person', 'FirstName', 'LastName'].some((n) => terms.find((t) => t.text === w)?.tags.has(n)));
    // "kobby here": before "here", a word the tagger only guessed an adjective is a name too.
    const guessed = b !== undefined && terms.some((t) => t.text === first && guessedAdjective(t));
    return (unknownName(terms, first!) || guessed) && (second === undefined || surname(second)) ? m.replace(name, upper(name)) : m;
  };
  // "here in lubbock", "moved to tromso": where a home is said, a word the tagger knows as nothing else is the place's name.
  const placed = out.replace(PLACE_SLOT, (m, before: string, word: string) =>
    !inLexicon(word) || tag(`in ${word}`)[1]?.tags.has('Place') ? `${before} ${upper(word)}` : m,
  );
  return opening ? placed.replace(INTRO_NAME, named) : placed;
}

/** A word compromise takes for a first name, or for a noun it does not know as anything else ("seun"; not "fine", "home", "pharmacist"). */
function unknownName(terms: Term[], word: string): boolean {
  const t = terms.find((term) => term.text === word);
  if (!t || NOT_NAME.has(word)) return false;
  if (t.tags.has('FirstName')) return true;
  return [...t.tags].every((n) => n === 'Noun' || n === 'Singular');
}

/** A lower-case word where a home or an origin is said that may be a place's name: "here in austin", "moved to bristol", "I'm from lagos", "stay with my parents in tampines", "we're back in ballincollig", "renting a place out in salthill". */
const PLACE_SLOT =
  /\b((?:here|live|lives|living|stay|stays|staying|based|settled|moved|moving|move|relocated|relocating|born|raised|originally|renting|rented|(?:i'm|i am|we're|we are)(?: back| still| now)?)(?: (?:a|an|our|my) (?:place|flat|house|apartment|room|cottage|unit)(?: out)?)?(?: with (?:my|our) \p{Ll}[\p{Ll} ]{0,24}?)? (?:in|to|from|near|outside)) (?!(?:the|a|an|my|our|his|her|their|your|this|that|it|work|bed|town|time|love|here|there|home)\b)(\p{Ll}[\p{L}'-]*)/giu;

/** "I work at Tesco here in leeds": in a sentence with capitals, a lower-case town the tagger knows, where a home or an origin is said, is written as a name. */
function placesCapitalised(sentence: string): string {
  return sentence.replace(PLACE_SLOT, (m, before: string, word: string) =>
    upper(word) !== word && tag(`in ${word}`)[1]?.tags.has('Place') ? `${before} ${upper(word)}` : m,
  );
}

/**
 * "ux designer at wattle studio in uppsala": the nouns after a job's "at" (at most four, to a comma
 * or a preposition) name the employer, and the nouns after an "in" right after it the place.
 */
function employer(terms: Term[], names: Set<number>): void {
  for (let i = 1; i < terms.length - 1; i++) {
    const job = terms[i - 1]!;
    const at = terms[i]!.text.toLowerCase();
    const ofJob = at === 'at' && (job.tags.has('Actor') || JOBS.has(job.text.toLowerCase()));
    // "i start at fiesta americana", "signed on with spinifex hospitality": where the user starts or works.
    const ofWork = /^(?:at|for|with)$/.test(at) && WORKS.test(`${terms[i - 2]?.text ?? ''} ${job.text}`);
    if ((!ofJob && !ofWork) || job.post.trim()) continue;
    const the = terms[i + 1]?.text.toLowerCase() === 'the' ? 1 : 0;
    // After a verb, only a name the tagger does not know as a word ("fiesta americana", not "the hospital").
    if (ofWork && !ofJob && !unknownWordAt(terms, i + 1 + the)) continue;
    const end = nounsNamed(terms, i + 1 + the, names, false);
    if (end > i + 1 && terms[end]?.text.toLowerCase() === 'in' && !terms[end - 1]!.post.trim()) nounsNamed(terms, end + 1, names, true);
  }
}

/** Whether one of the (up to three) nouns from `from` on is a word the tagger does not know. */
function unknownWordAt(terms: Term[], from: number): boolean {
  for (let j = from; j < Math.min(terms.length, from + 3) && terms[j]!.tags.has('Noun') && !terms[j]!.tags.has('Pronoun'); j++) {
    if (STUDIED_AT.test(terms[j]!.text)) return false;
    if (!inLexicon(terms[j]!.text)) return true;
    if (terms[j]!.post.trim()) break;
  }
  return false;
}
/** Where one studies or goes, not works: "start at uni". */
const STUDIED_AT = /^(?:uni|varsity|college|school|university|gym|kindy|daycare|nursery)$/i;
/** A verb of starting or working, before where: "start", "i work", "signed on". */
const WORKS = /(?:^| )(?:start|starts|started|starting|work|works|working|worked|signed on|signing on|employed)$/i;

/** Marks the nouns from `from` on (at most four, to a comma) as a name's words, a place's or not; the index after the last. */
function nounsNamed(terms: Term[], from: number, names: Set<number>, place: boolean): number {
  let j = from;
  for (; j < terms.length && j < from + 4; j++) {
    const t = terms[j]!;
    if (!t.tags.has('Noun') || t.tags.has('Pronoun') || t.tags.has('Determiner') || (t.tags.has('Place') && !place)) break;
    names.add(j);
    if (t.post.trim()) return j + 1;
  }
  return j;
}

const upper = (w: string) => w.replace(/(^|[-\s])(\p{Ll})/gu, (_, a: string, c: string) => `${a}${c.toUpperCase()}`);
