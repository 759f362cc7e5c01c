import { remembered } from './remembered.ts';
import { inLexicon, knownWordsOnly, tagger } from './tagger.ts';
import { lemmaOf, tag, type Term } from './voice.ts';
import { DIET, EXCLUDES, PREPARED } from './vocabulary/diet.ts';
import { categoryOf, listedIn, PERSON_OF_A_THING } from './vocabulary/categories.ts';
import { A_JOB_TITLE, BOSS_OF_WHAT, BOSS_WORDS, ROLE, STATES, TEAM_UNITS, UNITS, WORK_SITES, WORK_THINGS, WORK_TURN_ALONE } from './vocabulary/work.ts';
import { alternation } from './vocabulary/alternation.ts';
import { PASTIMES, pastimesOf } from './vocabulary/pastimes.ts';
import { stemWord } from '../../text.ts';
import { DWELLING, OWNED, PART_OF, RETURNED_TO, SEAT, WORK_KIT } from './vocabulary/holdings.ts';
import { TITLE } from './vocabulary/titles.ts';
import { SPOKEN } from './vocabulary/languages.ts';
import { kindNamed } from '../../kinds.ts';
import type { Departure } from './departures.ts';
import { DAY_NAME, DAY_OR_MONTH } from './dates.ts';
import { someoneElseBefore } from './someone-else.ts';

/**
 * How a clause says something of the user's ended or changed, read over compromise's analysis:
 * contractions expanded (`.contractions().expand()`), every verb by its infinitive ("gave up",
 * "given up" → "give up"), punctuation and clause boundaries from the terms, and the thing named
 * cut from the noun phrase the tags mark. What it ends and what replaces it are resolved against
 * the beliefs the user holds (resolve.ts), never by the words alone.
 */
export interface Change {
  /** The things the clause ends, as said ("the cello", "Photoshop", "Emma"). */
  ends: string[];
  /** The new value that takes the ended thing's place ("Neovim", "white wine"). */
  to?: string;
  /** Said "instead": the new value replaces the user's latest belief of its kind. */
  instead?: boolean;
  /** What was moved to the new value ("the retreat's been moved to Porto"): its time or place changes. */
  of?: string;
  /** The new value is the user's favourite of this ("food", "band"): it takes the held favourite's place. */
  favorite?: string;
  /** Said "back" or "again": the new value may be one the user held before. */
  back?: boolean;
  /**
   * The new value is a place ("we're in Utrecht now") or an organisation ("I'm at Meta now"): it takes the place of the user's home or employer;
   * `tool` what the user's work runs on now, a name of no known category ("the whole design team is on Penpot now").
   */
  role?: 'place' | 'org' | 'job' | 'boss' | 'team' | 'diet' | 'status' | 'partner' | 'plan' | 'project' | 'tool';
  /** What the new value is a new one of ("truck", "phone"): it takes the place of the user's own. */
  thing?: string;
  /** The part of the user's work a new tool runs ("books", "dispatch"): it takes the place of the tool held for it. */
  for?: string;
  /** The new value was said alone, a noun phrase without a verb ("Zed."): another part's new value comes first. */
  alone?: boolean;
  /** Someone of the user's life who left, and how (departures.ts): only the kinds they leave that way end. */
  left?: Departure;
  /** What the new home is, said before where it is ("a houseboat" of "we're in a houseboat in Utrecht now"). */
  dwelling?: string;
}

/** Verbs (by infinitive) whose object is what the user stopped having or doing. */
const ENDING_VERB = `scratch(?= (?:the|that|our|my) (?:[^| ]+ ){0,3}(?:trip|cruise|holiday|plan|plans|idea|booking|visit|vacation|party|getaway|break)\\b| (?!(?:that|this|what|it|the|my|our|all|everything)\\b)[^| ]+(?: [^| ]+)?$)|drop out of|bow out of|give up(?: on)?|quit|drop|ditch|stop|abandon|abandoned|scrap|kill|cancel|sell|sell off|flog|offload|return|rehome|rehom|rehomed|re-home|leave|left|pull out of|(?:withdraw|withdrawn|withdrew) from|move out of|move away from|move off|migrate (?:off|away from)|get rid of|kick|(?:lose|lost) (?:all )?(?:my )?interest in|(?:lose|lost) (?:the |my |our |all )?taste for|retire from|escape|wipe|uninstall|delete|dump|finish with|(?:be )?done with|(?:be )?finished with|(?:hand|chuck|put|turn|give) in (?:my|our) notice (?:at|to|with)|break up with|split(?: up)? with|end (?:it|things) with|divorce|call off|go (?:right |completely |totally |well and truly )?off|cut out|give away|unsubscribe from|bin|axe|shelve|walk away from|step down from|resign from|(?:be )?over|(?:be )?through with|pack in|pack up|pack away|hang up|put away|move on from|grow out of|fall out of love with|take a break from|call it quits (?:with|on)|stop bother with|(?:get |be )?(?:lay off|laid off|let go|fire|make redundant|made redundant) (?:from|by|at)|pull the plug on|bail on|bail out of|back out of|skip|sit out|pass on|say goodbye to|bid farewell to|bury|rip out|tear out|uproot|come off|close(?:d)? down|close(?:d)? up|wind up|wound up|shut down|decommission|phase out|sunset|(?:be )?(?:done|finished|finish)(?: up)? at|(?:chuck|jack|pack) (?:it )?(?:in )?at|pull the pin on|(?:lose|lost)(?= (?:my|our|the) (?:day |full-time |part-time )?job\\b)|(?:hand|give) back(?= (?:my|our|the) (?:${SEAT}|(?:[^| ]+ )?${WORK_KIT})\\b)`;
/** When a thing was closed or switched off for good: a time past, not an hour. */
const ENDED_WHEN =
  '(?:for good|last (?:week|month|year|spring|summer|autumn|fall|winter)|this (?:month|year|week|morning|afternoon|arvo|evening)|today|yesterday|(?:back )?in (?:the )?(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|\\d{4})\\b|(?:a few|a couple of|two|three|\\d+) (?:weeks|months|years) ago|after [a-z\\d]+ years)';
/** Verbs of clearing out what was grown or fitted ("pulled out the vines"): an end when something else takes its place. */
const UPROOT = 'pull out|tear out|rip out|dig up|chop down|cut down|uproot|grub up';
/** Verbs of moving to a new one. */
const SWITCH_VERB = 'switch|move|migrate|change|go|jump ship|convert|upgrade|downgrade|port|transfer|relocate|swap|shift';
/** Words between a verb of moving and where to ("moved across town to Potsdam", "moved on to Coke Zero"). */
const PARTICLES =
  '(?: over| back| all| across town| across the (?:river|city|road|street|country|border|bay|harbour|water|park|valley)| across| down| up| out| away| home| house| on| again| this time| in)*';
/** What a thing of a category is to the user ("my editor", "our bank"): the roles that one thing fills at a time. */
const ROLE_OF_A_THING =
  'editor|ide|browser|phone|laptop|computer|os|operating system|bank|notes app|note app|notes|to-do app|todo app|task app|tracker|chat app|messenger|e-?reader|bike|gym|streaming service|email|email client|mail app|password manager|spreadsheet|design tool|ci|cloud|database|db|framework|language';
/** Verbs of a plan moved to another time or place ("pushed to October"). */
const MOVED_VERB = 'move|push|postpone|reschedule|rebook|bump|shift|change|delay|defer|put back|bring forward|bring|push back';
const MOVING = new RegExp(`^(?:${MOVED_VERB})$`);
/** Predicates that end their subject ("Mango passed away", "the Japan trip is off"). */
const ENDED = `(?:be |have |have be |get |have to be |have to |be be |be get )?(?:now |just |still |officially |well and truly |totally |completely |sadly |finally |no longer |not |[a-z]+ly |pretty much |more or less |kind of |sort of )*(?:done|over(?! there\\b| here\\b)|off|out(?! (?:in (?!favou?r\\b)|at|near|with|there|here|west|east|north|south)\\b)|cancel|cancelled|canceled|history|finish|finished|dead|go(?=$| \\|| for good| now| too| already| forever| from (?:my|our|the) )|gone(?! (?:downhill|up|down|quiet|mad|viral|crazy|wild|soft|bad|missing|way up|through the roof))|scrap|scrapped|off the table|off the cards|off the menu|a no-go|a no go|no-go|a non-starter|out of the picture|no more|pass away|pass|die|go missing|cross the rainbow bridge|put down|put to sleep|not work out|do not work out|fall apart|fall through|fall by the wayside|fallen by the wayside|not happen|not happening|not go ahead|not go to happen|call off|behind (?:me|us)|a thing of the past|in the past|do not make it|leave us|leave|left|quit|go to live with|go to (?:my|our|a|the) [a-z]+'s (?:place|farm|house|home)|move on|retire|(?<=(?:ly|much|less|of) )retired|retired(?= for (?:me|us)\\b)|have retire|be retire|go to (?:a )?new home|go to a new family|find a new home|get rehome|be rehome|postpone indefinitely|shelve|axe|ax|archive|uninstall|deinstall|delete|wipe|power off|power down|decommission|phase out|deactivate|drop|kill|bin|break up|split up|disband|fold|shut down|close(?:d)? (?:down|suddenly|for good|permanently|its doors)|shut off|cut off|switch off|turn off|go bust|go under|fly away|run away|fly off|get run over|run over|(?:get |be )?hit by (?:a|an|the) [a-z]+|put on hold|on hold|on ice|stay behind|stays behind|stop|gather dust|collect dust|gathering dust|collecting dust|in the bin|in the trash|for sale|up for sale|on ebay|on vinted|in storage|in the attic|in the loft|dead to (?:me|us)|(?:now )?someone else(?:'s| be) (?:problem|headache|baby|job|responsibility|concern)|ruin for (?:me|us)|ruined for (?:me|us)|(?:have )?(?:lose|lost) its (?:taste|appeal|charm|shine|magic|spark)(?: for (?:me|us))?|go out the window|gone out the window|in a drawer(?: somewhere)?|in the drawer|(?<=(?:be|get) )(?:sell|sold)|go back to (?:the |my |our )?(?:${RETURNED_TO})\\b(?![^|]* for (?:a |an |its |the |their )?(?:service|repair|fix|mot|check|checkup|check-up|inspection|recall)\\b)[^|]*)(?! (?:to|till|until|while|for (?:now|today|tonight|(?:the|this) (?:day|night|evening|weekend|week|month|season|year|term|semester)|(?:a )?(?:few|couple(?: of)?|\\d+|two|three|four|five|six) (?:days?|weeks?|months?)))\\b)`;
/** An ending done to something named after the verb ("have finally bin vetpro"), said in the active voice. */
const ENDED_SOMETHING =
  /^ have (?:now |just |finally |officially |[a-z]+ly )*(?:bin|scrap|kill|drop|delete|wipe|cancel|axe|ditch|dump|decommission|deactivate|phase out|shut down) (?!(?:for|now|too|already|forever|today|yesterday|last|this|on|in|at|after|because|since|and|but|so|off|out|down|up)\b)[a-z]/;
/** How something the user had for a while was, said once it is over ("Notion was great for a while but…"). */
/** What something the user tried turned out to be: "a mistake", "a disaster". */
const REGRETTED = 'mistake|disaster|bust|flop|nightmare|bad idea|bad call|bad move';
const FINE_FOR_A_WHILE = 'grand|great|fun|good|fine|nice|ok|okay|alright|cool|amazing|lovely|decent|brilliant|exciting|handy|useful';
/** Who the user does things with but never breaks up with ("my kids and I are done"): the catalogue's words for children, relatives and pets. */
const NOT_A_COUPLE = `(?:(?:my|our) )?(?:${(['child', 'relative', 'pet'] as const).flatMap((k) => kindNamed(k).words).join('|')})s?\\b`;
const FILL =
  '(?:(?:have|had|do|be|so|just|finally|actually|also|really|officially|completely|totally|basically|pretty much|kind of|sort of|already|recently|now|since|sadly|gradually|then|eventually|properly|happily|lately|have to|had to|decide to) )*';
/** Words a clause may open with before what it says ("btw", "plot twist", "lol"). */
const LEAD = `(?:(?:so|and|but|well|ok|okay|oh|yeah|update|now|these days|nowadays|currently|btw|fyi|lol|haha|tbh|anyway|also|plot twist|guess what|(?:i be )?pretty sure|i think|i guess|i reckon|i suppose|that(?:s| be) it|[a-z]+ly|(?:today|yesterday|tonight|this morning|this week|last week|last night|(?:on )?(?:${DAY_NAME}))(?= (?:i|we) )|(?:since|because|cause|coz|bc|that|now that|so that)(?= (?:i|we) )) )*`;
/** Said of the user and someone they were with: they are no couple now. */
const BREAK_UP =
  'break up|split(?: up)?|be done|be through|be divorce|be divorced|get divorce|get divorced|divorce|end thing|end things|end it|call it quit|call it quits|separate|be separate|be separated|part way|part ways|be not together|be no longer together|be not a thing|be over|be finish|be finished|go our separate way|go our separate ways';
/** The user with someone else, said as the subject ("Oskar and me", "me and Ray"): the user did it too, unless they broke up ("chess and I are over"). */
const WITH_SOMEONE = `(?:(?:[^| ]+ ){1,2}and (?:i|me)|(?:me|i) and [^| ]+) (?!(?:have |be |get )?(?:${BREAK_UP})\\b)`;
const SUBJECT = `^${LEAD}(?:i |we |${WITH_SOMEONE})?${FILL}`;
const NP = '(?<x>[^|]+?)';
const NP_Y = '(?<y>[^|]+?)';
/** A subject: words up to its verb, never across one ("Norvik is a Go shop" ends nothing). */
const NP_SUBJECT = '(?<x>(?:(?! (?:be|have|do|get|go) )[^|])+?)';
/** "got most of the money back": a refund is no new thing of the user's. */
const REFUND = '(?:[^| ]+ ){0,3}(?:money|refund|deposit|cash)\\b';
const END =
  '(?: \\||$| (?:go(?:ing)? forward|mov(?:e|ing) forward|full[- ]time|part[- ]time|all|behind|for|because|since|after|as|when|so|which|and|but|till|until|last(?= (?:week|weekend|month|year|night|time|term|season|spring|summer|autumn|fall|winter|christmas|\\w+day)\\b)|this|in|on|at|over|during|throughout|next|near|anymore|any more|any longer|ago|where|yesterday|today|tomorrow|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?= |$)|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple|several|\\d+(?= (?!(?:at|in|on|for|and|with|from|to|now)\\b)\\w))\\b)';
/** Words after "not" and before what is no longer done: a verb, a particle ("not going to Glasto", "not playing in the band"). */
const NOT_DOING =
  '(?:(?:(?:big |huge |much of a )?(?:fan|member|part|regular|lover|customer|subscriber|user) of|fully|completely|strictly|totally|really|even|actually|currently|still|bother|be|go|do|make|afford|play|use|run|see|date|eat|drink|attend|visit|fly|travel|work|learn|study|take|watch|listen|follow|train|have|with|to|into|at|on|in|for|with|a|an) )*';

/** Verbs (by infinitive) of doing or having a thing the user may stop: "I don't touch it anymore". */
const DOING_IT =
  'do|play|touch|use|go to|go|practise|practice|watch|eat|drink|listen to|pick up|bother with|ride|run|have|own|read|wear|need|follow|take|attend|be into|into|do with';

/** Verbs of taking a thing up again, whose "haven't … since" says the user stopped ("haven't touched the bass since June"). */
const TAKEN_UP =
  'touch|touched|play|played|use|used|do|done|practise|practised|practice|practiced|ride|ridden|pick up|picked up|open|opened|wear|worn|take out|taken out|get out|got out';

/** Said of the user and someone new: they are a couple now. */
const A_COUPLE = '(?:be |have be |get )?(?:now |officially |finally |back )*(?:a thing|together|an item|dating|go out|seeing each other|an official couple)\\b';

/** Who gives the user their work: "they", management, the boss. */
const GIVES_WORK = '(?:they|management|work|(?:my|our|the) (?:boss|manager|lead|company|firm|client|bosses)|the powers that be) ';

/** What the user calls the person they report to. */
export const MANAGER_WORD = alternation([...BOSS_WORDS, 'supervising partner']);
/** A word of what a manager leads, before the title ("the crew leader there", "the site night foreman there"); never whose or which one. */
const WHAT_OF = '(?:(?!(?:other|old|former|previous|ex|last|current|assistant|deputy)\\b)[a-z-]+ ){0,2}';

/** Who runs what the user uses or has booked: a company, an employer's management, an organiser. */
const WHO_RUNS_IT =
  'company|firm|employer|work|boss|bosses|management|leadership|head office|client|school|gym|club|airline|line|office|council|landlord|university|uni|hospital|org|organisation|organization|team|it|agency|venue|organisers|organizers|hotel|operator|studio|government|bank|district|department|board|trust|practice|lab|corporate|hq';

/** A word before who runs it, never whose it is ("her school", "my sister's gym"). */
const ONE_WORD_OF_OURS = "(?:(?!(?:his|her|their|your) |[^| ]+'s )[^| ]+ )?";

/** "New" said of the user's own ("I got a new job at", "my new manager is", "New place in"), never of someone else's ("Cian's new job"). */
/** What a title is said as when it is got: "the team lead job", or bare ("charge nurse"), never a person got in ("got the plumber in"). */
const TITLE_GOT = `(?:(?=(?:the|that) [^|]+? (?:job|role|position|post|gig|spot)(?: |$))(?:the|that) |(?!(?:a|an|the|that|this|my|our|his|her|their|your|some|it|him|them|one|new|another|back|on|in|up|out|to|off)\\b))${NP_Y}(?: (?:job|role|position|post|gig|spot))?`;
/** A stretch of work: "shift", "game drive", "crossing". */
const STRETCH = 'day|week|shift|month|sprint|swing|rotation|night|morning|term|semester|drive|run|service|class|lesson|round|patrol|flight|trip|crossing';
const STRETCH_DONE = new RegExp(`^(?:(?:my|the|our) )?(?:first|1st|second|2nd|last|final) (?:[a-z]+ )?(?:${STRETCH})s?$`);
const MINE_NEW = `(?:${SUBJECT}(?:get |start |have |find |land |accept |got |pick up |buy |lease )?(?:a |an |the )?|\\b(?:my|our) )new `;

/**
 * What each reading yields: `end` the thing `x`; `named` the thing `x` when it is named ("we lost
 * Jerry", never "lost my keys"); `switch` from `x` to `y`; `to` a new value `y`; `into` a new value
 * something of the user's was moved to ("moved my email to Proton"), never a home; `bare` a new
 * value that is the whole part ("Kotlin these days", or a thing of a known category alone: "Zed."); `boss` the
 * user's new manager ("reporting to Marcus now"); `home` the user's new home, however written ("home is brighton these days"); `instead` the last noun phrase before
 * "instead" ("flying out on the 10th instead"); `marked` the last noun phrase of a clause that opens
 * with "now" or "these days" ("these days I read on a Kobo"); `moved` the plan `x` to the time or place `y`;
 * `title` the user's new job title ("got made store manager"); `diet` the user's new diet ("gone pescatarian");
 * `status` engaged or married, to the partner the user holds; `org` the user's new employer ("now I work for Tessellate");
 * `partner` the user's new partner ("this guy Ezra and we're officially a thing"); `plan` a plan the user has again ("Kyoto is back on");
 * `favorite` the user's new favourite `f` ("fave band is boygenius now"); `titled` a new manager named in the part after the title;
 * `goes` where the user goes instead ("a week in Porto instead"): a new plan; `was_favorite` the user's favourite `f` that no longer
 * is ("fave band used to be Muse"), and the new one when the part says it ("…, now it's Idles"); `kept` a thing of a known
 * category the user has been on for a while ("been on green tea for two weeks"): what they have now.
 */
type Reading =
  | 'end'
  | 'named'
  | 'switch'
  | 'to'
  | 'into'
  | 'bare'
  | 'boss'
  | 'home'
  | 'instead'
  | 'marked'
  | 'moved'
  | 'title'
  | 'diet'
  | 'status'
  | 'org'
  | 'partner'
  | 'plan'
  | 'favorite'
  | 'titled'
  | 'goes'
  | 'title_now'
  | 'project'
  | 'was_favorite'
  | 'owned'
  | 'taken'
  | 'kept'
  | 'runs_on';

/** "the Fennick work got handed to Jo": what was handed over (a person "got transferred to Dayton" moved, and ended nothing). */
const HANDED_OVER = new RegExp(
  `^(?![^|]* and (?:i|me) )${NP_SUBJECT} (?:get |be |have be )(?:hand|pass|reassign|give|transfer)(?: over| off| on)? to [^|]+$`,
  'd',
);
/** What the user does the last of where they work or play: "my last shift at", "my last show with". */
const LAST_OF = 'day|shift|swing|week|hitch|rotation|roster|stint|round|night|season|term|game|match|show|class|session|practice|rehearsal|gig|race|service';
const LAST_OF_PASTIME = 'game|match|season|show|gig|class|session|lesson|practice|rehearsal|race';
/** "off coffee for the blood pressure": what the user is off something for. */
const FOR_HEALTH =
  /^(?:the |my |his |her )?(?:blood pressure|bp|heart|health|stomach|cholesterol|sleep|diabetes|sugar levels?|weight|kidneys?|liver|migraines?|pregnancy|baby|reflux|gout|anxiety|skin|teeth)\b/;
/** How long a refusal lasts, when it lasts a while only: "no coffee for me today" is a pause, not an end. */
const FOR_A_TIME = '(?:this|tonight|today|tomorrow|until|till|while|during|for (?:now|a while|lent)\\b)';
/** "off sugar for life": how long the user is off something, no new thing. */
const FOR_HOW_LONG = '(?:life|good|ever|keeps|now|a while|a bit|the foreseeable(?: future)?)\\b';
/** "matcha became too bitter for me": what the user no longer takes is too much of something. */
const TOO_MUCH = 'sweet|sour|bitter|strong|heavy|rich|spicy|salty|greasy|sugary|fatty|boozy|fizzy|milky';
/** "the whole design team is on …", "the company went all in on …": what comes next is what the user's work runs on. */
/** Where the user works, said as who decides what it runs on: "the hospital", "every branch", "head office". */
const WORKPLACE = `company|school|team|office|firm|department|org|organisation|organization|management|work|uni|university|hospital|trust|practice|shop|lab|floor|branch|store|site|ward|clinic|surgery|depot|warehouse|plant|factory|agency|council|salon|kitchen|studio|newsroom|pharmacy|college|academy|league|board|head office|hq|job|new place`;
const WORKPLACE_ON = new RegExp(
  `\\b(?:${WORKPLACE}|everyone|everybody|everything)(?: here)? (?:have |have now |now )?(?:be (?:now |all )?on|go all[ -]in on|(?:switch|move|migrate|change)(?: us| me| everything)? (?:over )?(?:to|onto)|go (?:over )?onto|adopt|roll out|bring in|mandate|use|standardi[sz]e on) $`,
);
/** Who or what at the user's work runs on a tool, said as a clause's subject: "books", "the whole cluster", "everything new", "the new shop". */
const WORK_PART = `(?<p>(?:(?:the|our|my|all|all of|whole|every|most of|new) )*(?:${alternation(WORK_THINGS.flatMap((w) => [`${w}s`, w]))}|company|school|team|office|firm|department|shop|lab|practice|trust|hospital|we)|everything(?: new| here| else)?|evryth|it all)`;
/** "whole cluster is on proxmox now", "Books are in Lexware now", "invoices go thru xero now", "everything new is being written in Kotlin", "rosters arrive exclusively through SAP Fiori": what that part runs on. */
const RUNS_ON = new RegExp(
  `^${LEAD}(?:(?:since|from|as of|starting) [^| ]+ )?${WORK_PART}(?: (?:here|at work|at the [a-z]+))?(?:(?: (?:have|now|all|mostly|pretty much|basically|finally|officially|just|be|get|go|going|run|runs|being|do|done|keep|kept|track|write|written|build|built|set|make|made|handle|log|book|store|host|up|back|over))* (?:on|in|thru|through|via|into|onto|to)|(?: [a-z]+){1,3} (?:via|through|thru)) ${NP_Y}${END}`,
  'd',
);
/** "Everything Lely now": the part said with its tool and no verb. */
const ALL_ON = new RegExp(`^${LEAD}(?<p>everything(?: new| here)?) (?:be )?${NP_Y} (?:now|these days|nowadays|from now on)\\b`, 'd');
/** "the new dashboard is all Svelte": what a part of the work is made of is what it runs on. */
const ALL_OF = new RegExp(`^${LEAD}${WORK_PART} be (?:all|entirely|100%|pure) ${NP_Y}${END}`, 'd');
/** The categories of named things a tool may be (kinds.ts), and programming languages. */
const TOOL_CATEGORIES = new Set([...(kindNamed('tool').things ?? []), 'language']);
/** "everything here is in Polish": a spoken language is no tool. */
const SPOKEN_ALONE = new RegExp(`^(?:${SPOKEN})$`, 'i');
/** Words after "on" or "in" that say how a part of work is, not what it runs on. */
const NO_TOOL = new RegExp(`^(?:${alternation(STATES)}|me|us|him|her|them|it)\\b`, 'i');
/** Who gives up a home, and the home, up to where its place is named. */
const HOME_GIVEN_UP = `(?:${SUBJECT}(?:sell|hand back|give back|return|hand over|hand in|move out of|clear out|empty)|\\b(?:new (?:people|owners|tenants|family)|buyers|landlord) (?:now |already |finally )?(?:have|get|move into)) (?:the keys? (?:to|of|for) )?(?:our|my|the) (?:old )?`;
/** "… to the landlord": to whom a home was given back. */
const BACK_TO = '(?: to (?:the|our|my) [^| ]+)?';
const PATTERNS: [RegExp, Reading][] = [
  // "Mrs Okonkwo signs off my timesheets now", "my reviews will be done by Hannah": whom the user answers to, before any word of leaving ("my leave") is read.
  [
    new RegExp(
      `^${NP_Y} (?:now |also )?(?:sign|signs|approve|approves|do|does|handle|handles|check|checks|authorise|authorises|authorize|authorizes)(?: off)? (?:all )?(?:my|our) (?:timesheets?|leave|leave requests?|annual leave|holidays?|holiday requests?|hours|expenses|reviews?|performance reviews?|appraisals?|rota|rotas|overtime|time off|files|casework)(?: now| these days| from now on| going forward)?${END}`,
      'd',
    ),
    'boss',
  ],
  [
    new RegExp(
      `^${LEAD}(?:my|our) (?:[a-z]+ )?(?:timesheets?|leave|leave requests?|annual leave|holidays?|holiday requests?|hours|expenses|reviews?|performance reviews?|appraisals?|rota|rotas|overtime|time off|files|casework) (?:will |now |also )*(?:be |get |go )?(?:do|done|sign off|signed off|approve|approved|handle|handled|check|checked|go) (?:by|to|through) ${NP_Y}${END}`,
      'd',
    ),
    'boss',
  ],
  // "Deb's back from leave": someone returned to the part they had, which the user may hold of them from before.
  [
    new RegExp(
      `^${LEAD}(?<y>[^| ']+(?: [^| ']+)?)(?:'s| be) (?:now )?back(?: early| again| at work)? (?:from|off) (?:her |his |their |the )?(?:maternity |paternity |parental |sick |mat |long-term sick |long service |annual )?(?:leave|holiday|holidays|sabbatical|secondment)${END}`,
      'd',
    ),
    'to',
  ],
  // "they've taken me off Hartley's and put me on the Fenwick's menu refresh": the work the user was moved from, and to.
  [
    new RegExp(
      `^${LEAD}(?:(?:from|as of|since|starting) [^| ]+ )?${GIVES_WORK}(?:have )?(?:take|roll|move|pull|bump|shift) (?:me|us) off ${NP} and (?:put|stick|move|shift) (?:me|us) (?:on|onto|to) (?:the |a |an )?(?:[^|]*? (?:\\| )?(?:codename|code name|call|name) )?${NP_Y}${END}`,
      'd',
    ),
    'switch',
  ],
  // "sold our house in Klaksvík", "handed back the keys to the Chandmari flat", "the buyers have the keys to our old
  // place in Leeds", "the Roslyn house settled on Friday": a home given up is named by its place.
  [new RegExp(`${HOME_GIVEN_UP}(?:${DWELLING}) (?:in|at) ${NP}${BACK_TO}${END}`, 'd'), 'end'],
  [new RegExp(`${HOME_GIVEN_UP}${NP} (?:${DWELLING})${BACK_TO}${END}`, 'd'), 'end'],
  [
    new RegExp(
      `^${LEAD}(?:the|our|my) (?:old )?${NP} (?:${DWELLING}) (?:have |be )?(?:sell|sold|settle|go)(?: \\||$| (?:on|at|last|this|yesterday|today|for)\\b)`,
      'd',
    ),
    'end',
  ],
  [
    new RegExp(
      `${SUBJECT}(?:end up )?(?!rent (?:in|near) )(?:buy|rent|find|get|close(?:d)? on)(?: (?:a|an|our|my|the))?(?:(?: (?!(?:in|near)\\b)[^| ]+){0,3} (?:${DWELLING}))? (?:in|near) (?!the )${NP_Y}${END}`,
      'd',
    ),
    'home',
  ],
  // "they moved my appointment to Monday": the user's own plan, moved by someone else.
  [
    new RegExp(
      `^(?:they|he|she|the \\w+) (?:have |have now )?(?:move|push|reschedule|change|shift|bump) (?<x>(?:my|our) (?:\\w+ )?\\w+) (?:back )?(?:to|till|until) ${NP_Y}${END}`,
      'd',
    ),
    'into',
  ],
  // "said bye to everyone at Bright Smiles": the workplace the user took leave of.
  [
    new RegExp(
      `${SUBJECT}(?:say|said) (?:bye|goodbye|farewell) to (?:everyone|everybody|all|the (?:team|crew|gang|lads|girls|staff|guys)|my (?:team|colleagues|workmates|coworkers)) (?:at|from) ${NP}${END}`,
      'd',
    ),
    'end',
  ],
  // "Keys back to the Swindon landlord": the home whose keys went back.
  [
    new RegExp(
      `^${LEAD}(?:(?:i |we )?(?:hand|give|drop|return|post|send) )?(?:the |my |our )?keys? back to (?:the|our|my) ${NP} (?:landlord|landlady|agent|letting agent|owner|owners)${END}`,
      'd',
    ),
    'end',
  ],
  // "oat lattes make me feel kinda gross now": what the user no longer takes.
  [
    new RegExp(
      `^${LEAD}${NP_SUBJECT} (?:make|makes|be make) me feel (?:(?:kinda|kind of|so|really|a bit|sort of|super|pretty|properly) )*(?:sick|gross|ill|awful|rough|bad|terrible|bloated|queasy|jittery|horrible|crap|off)(?: now| these days| lately| nowadays)?(?:$| \\|)`,
      'd',
    ),
    'end',
  ],
  // "Straight vego.", "fully vegan now": a diet said alone, with how fully.
  [new RegExp(`^${LEAD}(?:fully|full|completely|strictly|straight|totally|properly) (?<y>${DIET})(?: now| these days| from now on)?$`, 'd'), 'diet'],
  // "gone pescatarian", "back to vegetarian", "fully vegan now": a diet said as a change.
  [
    new RegExp(
      `${SUBJECT}(?:go|turn|become|be now|be back|be back to|go back to|switch to|convert to|make the (?:jump|switch|leap|move|change) to|be|be now)?(?: be)?(?: fully| full| completely| strictly| straight| properly| back| plain| just)? (?<y>${DIET})${END}`,
      'd',
    ),
    'diet',
  ],
  [
    new RegExp(
      `(?:^|\\b(?:so|now|and|but) )(?:(?:\\d+|one|two|three|four|five|six|a few|a couple of) (?:day|week|month|year)s? (?:in |into )?)?(?:i be )?(?:now |once again |again |full |plain |pure |[a-z]+ly )*(?<y>${DIET})(?: now| again| these days| from now on| for real| for good| (?:since|as of|from) (?:(?:the|this|last|next|new) )*[a-z]+)*(?:$| \\|)`,
      'd',
    ),
    'diet',
  ],
  [new RegExp(`${SUBJECT}(?:${SWITCH_VERB})(?: over| back| all)? from ${NP} (?:to|onto|for) ${NP_Y}${END}`, 'd'), 'switch'],
  [new RegExp(`${SUBJECT}(?:swap|trade|exchange|replace)(?: in| out| up)? ${NP} (?:for|with|in favou?r of) ${NP_Y}${END}`, 'd'), 'switch'],
  // "rehomed Juno with a family", "left Acme with a heavy heart": with whom or how, not what took its place.
  [new RegExp(`${SUBJECT}(?:${ENDING_VERB})(?: in| out| up)? ${NP} (?:for|in favou?r of) ${NP_Y}${END}`, 'd'), 'switch'],
  [
    new RegExp(
      `^${LEAD}(?:(?:my|our) )?(?:new )?(?:(?:all-time |all time )?favou?rite|fave) (?<f>[a-z]+(?: [a-z]+)?) be (?:now |officially )?${NP_Y}${END}`,
      'd',
    ),
    'favorite',
  ],
  [
    new RegExp(
      `^${LEAD}(?:(?:my|our) )?(?:(?:all-time |all time )?favou?rite|fave) (?<f>[a-z]+(?: [a-z]+)?) (?:use to be|be no longer|be not) ${NP}${END}`,
      'd',
    ),
    'was_favorite',
  ],
  [new RegExp(`(?:^|\\| )${NP_Y} (?:have |have now |now )?(?:replace|take over from|take the place of|win out over|beat) ${NP}${END}`, 'd'), 'switch'],
  [new RegExp(`^${NP} out${END}.*?\\b${NP_Y} in$`, 'd'), 'switch'],
  [new RegExp(`^${NP_SUBJECT} (?:be |get |have be )?(?:replace|swap out|swap) (?:by|with|for) ${NP_Y}${END}`, 'd'), 'switch'],
  [new RegExp(`^${NP_Y} be (?:my |our )?(?:new )?home(?: now| these days)?$`, 'd'), 'home'],
  // "from this month" is a time, not what was left ("From this month our office changed from AutoCAD to…"); "…the offer from Zalando and moves to Berlin" is two things.
  [
    new RegExp(
      `\\b(?:off|from|out of) (?!(?:this|last|next|today|now|then|the start of) )(?<x>(?:(?! and )[^|])+?)(?: and)? (?:onto|to|into|for (?!${FOR_HOW_LONG}))${NP_Y}${END}`,
      'd',
    ),
    'switch',
  ],
  [new RegExp(`(?:^|\\| )${NP_Y} (?:instead of|rather than|in place of) ${NP}${END}`, 'd'), 'switch'],
  [new RegExp(`(?:^|\\| )${NP} (?:→|->|=>) ${NP_Y}${END}`, 'd'), 'switch'],
  // "Coffee > tea now": the one preferred first.
  [new RegExp(`(?:^|\\| )${NP_Y} (?:>|>>) ${NP}${END}`, 'd'), 'switch'],
  [
    new RegExp(
      `${SUBJECT}(?:${ENDING_VERB}|${UPROOT}) ${NP} and (?:i |we )?(?:put|install|get(?! ${REFUND})|buy|start use|start|switch to|move to|go with|go for|use|replace it with|pick up|take up|join|sign up (?:to|for|with)|get into|go all in on|go all-in on|plant|put in) ${NP_Y}${END}`,
      'd',
    ),
    'switch',
  ],
  // "closed the bakery in April", "switched off grab last month": said with when, a business or a service ends; "closed my laptop at 6" does not.
  [new RegExp(`${SUBJECT}(?:close|closed|shut|switch off|switched off|turn off|turned off) ${NP} (?=${ENDED_WHEN})`, 'd'), 'end'],
  // "day 21 without a single dr pepper", "three weeks off the cigarettes": a habit counted since it stopped.
  [
    new RegExp(
      `^${LEAD}(?:(?:day|week|month) (?:\\d+|[a-z]+)|(?:\\d+|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of) (?:days|weeks|months)) (?:without|off|free of|with no|of no) (?:a single |any |my |the )?${NP}${END}`,
      'd',
    ),
    'end',
  ],
  // "gave my trumpet to my nephew": something of the user's given away to someone.
  // "gave my oud to Anas", "let the fiddle go to a young lassie": to whoever it went, it is no longer the user's.
  // Never what the user gave someone ("gave my son a lift"): the thing given is the last words before "to".
  // "handed over my Scrabble board to my niece", "sold my bass to a music student", "gave the jersey back".
  [
    new RegExp(
      `${SUBJECT}(?:(?:give|gift|hand down|sell|donate|let)(?: over| on| back| away)? (?:all |both )?(?:my|our|me|the)|(?:hand|pass)(?: over| on| back)? (?:all |both )?(?:my|our|me)) (?![^|]* (?<!\\b(?:in|on|at|of|for|from|with|by) )(?:a|an|the|some) [^|]* to )${NP}(?:(?: back| on| away)? (?:go )?to [^|]+| back| away)$`,
      'd',
    ),
    'end',
  ],
  // "handed back the KTDA motorbike", "gave back my DB uniform": what the employer lent, given back, ends the employer it names.
  [new RegExp(`${SUBJECT}(?:hand|give|return) (?:back )?(?:my|our|the) ${NP} (?:${WORK_KIT})(?: back)?(?: to [^|]+)?${END}`, 'd'), 'end'],
  // "handed back my keys at Mulryan's", "turned in my badge and the bus keys to the district", "submitted laptop and ID card in Nexora":
  // the workplace the kit went back to is the employer it ends (never a repair: "returned the laptop to IT for a fix").
  [
    new RegExp(
      `${SUBJECT}(?:hand|give|return|turn|submit)(?: back| in)? (?:(?:my|our|the) )?(?:[^| ]+ )?(?:${WORK_KIT})(?: (?:and|&) (?:(?:my|our|the) )?(?:[^| ]+ )?(?:${WORK_KIT}))? (?:back )?(?:at|to|in) (?:the )?${NP}(?<! for (?:a |an )?(?:repair|fix|service|upgrade|replacement|swap))${END}`,
      'd',
    ),
    'end',
  ],
  // "my knees made me quit five-a-side": what the user was made to stop.
  [new RegExp(`\\b(?:make|force) (?:me|us) (?:to )?(?:${ENDING_VERB}) ${NP}${END}`, 'd'), 'end'],
  // "I stopped eating meat" is what the user avoids (phrases.ts), not an end; "stopped drinking beer" ends the beer the user drank.
  [
    new RegExp(
      `${SUBJECT}(?!(?:stop|quit|give up|cut out) (?:eat|eating|have|having)\\b|(?:stop|quit|give up|cut out) (?:drink|drinking)(?:$| \\|| (?:for|now|completely|altogether|entirely|totally|last|this|in|at|after|since|anymore|and|but|so|about|over|when|because)\\b))(?:${ENDING_VERB}) ${NP}${END}`,
      'd',
    ),
    'end',
  ],
  // "The accordion, I don't touch it anymore": what "it" is was said before (topicOf).
  [
    new RegExp(
      `^(?:i |we )?${FILL}(?:do not|never|be not|be no longer|no longer|have not) (?:really |even |actually )?(?:${DOING_IT})(?:ed|d)? (?<x>it|them|that)(?: anymore| any more| any longer| at all| in \\w+| for \\w+| since \\w+| now)\\b`,
      'd',
    ),
    'end',
  ],
  // "Korfball I stopped", "masala chai I gave up": the thing said first.
  [new RegExp(`^${NP_SUBJECT} (?:i|we) ${FILL}(?:${ENDING_VERB})(?: it| them| completely| totally| entirely)*(?:$| \\|)`, 'd'), 'end'],
  // "gave the spearfishing away", "packed the choir in": a verb of ending split around what it ends.
  [
    new RegExp(
      `${SUBJECT}(?:give|pack|jack|chuck|knock) (?!(?:it|them|me|us|him|her)\\b)${NP} (?:away|in)(?: for good| at last| finally)?(?:$| \\|| after | because | since )`,
      'd',
    ),
    'end',
  ],
  [/^(?<x>)(?:be )?(?:done|over|finished|history|gone)(?: now| for me| with it)?$/d, 'end'],
  [/^(?<x>)we (?:be |have be )?(?:not|no longer) (?:together|a thing|an item)\b/d, 'end'],
  [
    new RegExp(
      `${SUBJECT}put ${NP} (?:down|on hold|on ice|on the back burner|aside|away|up for sale|on (?:the market|ebay|vinted|marketplace|craigslist|gumtree))\\b`,
      'd',
    ),
    'end',
  ],
  // "let the gym membership lapse": what the user stopped paying for.
  [new RegExp(`${SUBJECT}let ${NP} (?:lapse|expire|run out)\\b`, 'd'), 'end'],
  // "our Jira licence lapsed", "the Tableau licences ran out": what the user's licence was for.
  [
    new RegExp(
      `(?:^|\\| )${LEAD}(?:(?:my|our|the) )?${NP} (?:licen[cs]es?|subscriptions?|seats?|membership|pass|plan|contract) (?:lapse|lapsed|expire|expired|run out|ran out|end|ended)\\b`,
      'd',
    ),
    'end',
  ],
  // "hung up my curling broom for good", "hung up the skates": the gear of a pastime put away for good.
  [
    new RegExp(
      `${SUBJECT}hang up (?:my|our|the) (?<x>[a-z-]+)(?: (?:broom|boots|skates|gloves|racket|racquet|clubs|shoes|cleats|stick|bat|spikes|whistle))?(?: for good| for the last time| at last)?${END}`,
      'd',
    ),
    'end',
  ],
  // "we had to have Clover put down", "got Juno rehomed": what the user had done to their own.
  [
    new RegExp(`${SUBJECT}(?:have|get) ${NP} (?:put down|put to sleep|rehome|rehomed|re-homed|adopt|adopted)\\b(?! (?:for|to bed|early|at|after)\\b)`, 'd'),
    'end',
  ],
  [new RegExp(`${SUBJECT}(?:give|gave) ${NP} a (?:miss|rest|break)\\b`, 'd'), 'end'],
  [
    new RegExp(
      `(?:^|\\| )(?:(?:so |and )?(?:it be|its|that be|thats) )?(?:bye bye|bye|goodbye|so long|farewell|rip|r\\.i\\.p\\.?|rest in peace) ${NP}${END}`,
      'd',
    ),
    'end',
  ],
  [new RegExp(`${SUBJECT}(?:lose|lost|bury|say goodbye to|finish(?:ed)?(?: (?:watching|reading))?)(?: up)? ${NP}${END}`, 'd'), 'named'],
  // "the Vespa got stolen": a thing of the user's, named, is gone; "my bike got stolen" may be replaced by the next one.
  [new RegExp(`^${NP_SUBJECT} (?:get|be|have be) (?:steal|stolen|nick|nicked|pinch|pinched|write off|written off|repossess|repossessed)\\b`, 'd'), 'taken'],
  [new RegExp(`${SUBJECT}(?:give|gave) ${NP} (?:to|away)\\b`, 'd'), 'named'],
  [
    new RegExp(
      `${SUBJECT}have not (?:be )?(?:really )?${NP} (?:in|for) (?:like |about |over |almost |nearly )?(?:\\d+ |a few |a couple of |a couple |several |many |a )?(?:age|ages|year|years|month|months|week|weeks|while|forever|long time|yonks)\\b`,
      'd',
    ),
    'end',
  ],
  // Not "haven't used Docker compose before / yet": what the user has never done is no habit they stopped.
  [new RegExp(`${SUBJECT}have not (?:really |even |actually |properly )?(?:${TAKEN_UP}) ${NP}(?<! (?:before|yet|ever))(?: since\\b|$| \\|)`, 'd'), 'end'],
  [new RegExp(`\\b(?:take|have) ${NP} off (?:my|our) hand`, 'd'), 'end'],
  [
    new RegExp(
      `(?:^|\\b(?:they|he|she|we|it|management|work|the company) )(?:have |have be )?(?:move|take|pull|put|switch|kick|drop) (?:me|us) (?:off|out of|from) ${NP}${END}`,
      'd',
    ),
    'end',
  ],
  // "got pulled off Fennick", "I was taken off the night rota": what the user was removed from.
  [
    new RegExp(
      `${SUBJECT}(?:get |be |have be )(?:pull|take|move|kick|drop|switch|bump|rotate|rotat|stand down)(?: me| us)? (?:off|out of|from) ${NP}${END}`,
      'd',
    ),
    'end',
  ],
  // "the Fennick work got handed to Jo", "handed my caseload over to Priya": the user's work is someone else's now.
  [HANDED_OVER, 'end'],
  [new RegExp(`${SUBJECT}(?:hand|pass)(?: over| off)? (?:my |our )?${NP} (?:over|off) to `, 'd'), 'end'],
  [
    new RegExp(`${SUBJECT}(?:be )?(?:way |much |a lot |so much )?(?:more into|more of a fan of|rather have|prefer) ${NP_Y} (?:than|over|to) ${NP}${END}`, 'd'),
    'switch',
  ],
  [new RegExp(`^(?!${NOT_A_COUPLE})${NP} and (?:i|me) (?:have |be |get )?(?:${BREAK_UP})\\b`, 'd'), 'end'],
  // "me n kiana split up", "me and Ana are done": the user said first.
  [new RegExp(`^${LEAD}(?:me|i) (?:and|n|&|\\+) (?!${NOT_A_COUPLE})${NP} (?:have |be |get )?(?:${BREAK_UP})\\b`, 'd'), 'end'],
  [
    new RegExp(
      `^${NP_SUBJECT} (?:be not|be no longer|do not|is not) (?:really )?(?:for me|my thing|my cup of tea|a thing|do it for me|do anything for me|float my boat|interest me|appeal(?: to me)?)`,
      'd',
    ),
    'end',
  ],
  // "Oskar and me moved to Tallinn": the user moved too, read below as the user's own move.
  [
    new RegExp(
      `^(?![^|]* and (?:i|me) )${NP_SUBJECT} (?:be |have be |get )?(?:${MOVED_VERB})(?: back| forward| again| out)? (?:to|till|until|for) ${NP_Y}${END}`,
      'd',
    ),
    'moved',
  ],
  [
    new RegExp(`^(?![^|]* and (?:i|me) )${NP_SUBJECT} (?:be |have be |get )?(?:${MOVED_VERB})(?: back| forward| again| out)?(?: again)?(?:$| \\|)`, 'd'),
    'moved',
  ],
  [new RegExp(`${SUBJECT}(?:${MOVED_VERB}) (?:it|them|everything)(?: back| forward)? (?:to|till|until|for) ${NP_Y}${END}`, 'd'), 'moved'],
  [
    new RegExp(
      `${SUBJECT}(?:postpone|push|push back|reschedule|rebook|delay|defer|bump|put back|bring forward) ${NP}(?: back| forward)? (?:to|till|until|for) ${NP_Y}${END}`,
      'd',
    ),
    'moved',
  ],
  // "had to move the Cape Town trip to January": "move" with a time after it moves a date, not a home.
  [
    new RegExp(
      `${SUBJECT}(?:move|shift|change) ${NP} (?:to|till|until) (?=(?:(?:early|mid|late|the end of|the start of|next|the following|the) )?(?:${DAY_OR_MONTH}|week|weekend|month|year|spring|summer|autumn|fall|winter|\\d))${NP_Y}${END}`,
      'd',
    ),
    'moved',
  ],
  // "a fox got Marge", "a hawk took Pip": a pet of the user's, killed.
  [
    new RegExp(`^${LEAD}(?:a|the|some) (?:fox|hawk|eagle|owl|snake|dog|badger|stoat|mink|coyote|car|truck|van) (?:get|take|kill|run over) ${NP}${END}`, 'd'),
    'end',
  ],
  // "management killed Jira", "the airline cancelled our Lisbon trip", "IT is phasing out Teams": something of the user's, ended by who runs it.
  [
    new RegExp(
      `^${LEAD}(?:they|management|leadership|(?:(?:the|my|our) )?${ONE_WORD_OF_OURS}(?:${WHO_RUNS_IT}))(?: have| have now| now| finally| just| officially| go and| go ahead and| be)* (?:cancel|scrap|kill|axe|shelve|ditch|drop|call off|pull the plug on|shut down|close down|sunset|deprecate|get rid of|do away with|phase out|phasing out|retire|decommission) (?:(?:my|our|the) )?${NP}${END}`,
      'd',
    ),
    'end',
  ],
  // "the design team has left Sketch behind": what the user's side left behind ends, not the side.
  [
    new RegExp(
      `^${LEAD}(?:i|we|they|management|leadership|(?:(?:the|my|our) )?${ONE_WORD_OF_OURS}(?:${WHO_RUNS_IT}))(?: have| have now| now| finally| just| officially| be)* (?:leave|left) (?:(?:my|our|the) )?${NP} behind(?: |$)`,
      'd',
    ),
    'end',
  ],
  // "head office is phasing ProScript out": the same, its particle after what it ends.
  [
    new RegExp(
      `^${LEAD}(?:they|management|leadership|(?:(?:the|my|our) )?${ONE_WORD_OF_OURS}(?:${WHO_RUNS_IT}))(?: have| have now| now| finally| just| officially| be)* (?:phase|phasing) (?:(?:my|our|the) )?${NP} out(?: |$)`,
      'd',
    ),
    'end',
  ],
  // "My kids and I finished another painting": what the user did with someone, not what ended; "done the dishes" has an object.
  [
    new RegExp(
      `^(?![^|]* and (?:i|me) )${NP_SUBJECT} ${ENDED}\\b(?:(?<=\\b(?:with|to|for|from|of|at|in|on|by))|(?! (?:the|a|an|my|our|his|her|their|another|some|it|them|us|me|him)\\b))`,
      'd',
    ),
    'end',
  ],
  // "Guinness is too heavy for me now": a taste the user has gone off.
  [
    new RegExp(
      `^${NP_SUBJECT} (?:be |get |have get |become |have become )?(?:now |just |way |much |far |a bit |a little )*too (?:${TOO_MUCH})(?: for me)?(?: now| these days| nowadays| lately| somehow| anymore| any more)?(?:$| \\|)`,
      'd',
    ),
    'end',
  ],
  [
    new RegExp(`^${NP_SUBJECT} (?:be|do) (?:no longer|not) (?:with us|around|here|come back|go to come back|in the picture|part of (?:my|our) life)\\b`, 'd'),
    'end',
  ],
  [
    new RegExp(
      `^(?:i |we )?(?:be |do |have |will |can |decide |choose |have decide )?(?:not|no longer|never) (?:to )?${NOT_DOING}${NP} (?:anymore|any more|any longer|after all|this year|now|these days|nowadays|lately)\\b`,
      'd',
    ),
    'end',
  ],
  [new RegExp(`^no (?:more|longer) ${NP}${END}`, 'd'), 'end'],
  // "that's the end of ca phe for me", "the end of the allotment for us": what the user no longer does.
  [new RegExp(`(?:^|\\| )${LEAD}(?:(?:that|this|it) be|thats|its) (?:the |an )?end of ${NP}${END}`, 'd'), 'end'],
  [new RegExp(`\\bend of ${NP} for (?:me|us)\\b`, 'd'), 'end'],
  // "so that's camogie over for me", "that's swimming done for us": what the user no longer does, said after "that's".
  [new RegExp(`(?:^|\\| |\\b(?:so|and|but) )${LEAD}(?:that|this|it) be ${NP} (?:over|done|finished|finish) for (?:me|us)\\b`, 'd'), 'end'],
  // "so no Wageningen this year", "no skiing for me after all": a plan or a habit the user calls off.
  [
    new RegExp(
      `(?:^|\\| |\\b(?:so|and|but) )${LEAD}no ${NP} (?:(?:this|next) (?:year|time|summer|winter|spring|autumn|fall|term|semester|season)|after all|for (?:me|us)(?! ${FOR_A_TIME})|anymore|any more|any longer)\\b`,
      'd',
    ),
    'end',
  ],
  // "Off Guinness.", "I'm off sugar for good": said alone, what the user no longer has.
  [
    new RegExp(
      `^${LEAD}(?:i be |we be |be )?(?:now |completely |totally )?off ${NP}(?: now| for good| for now| these days| completely| for (?:${FOR_HOW_LONG}))?$`,
      'd',
    ),
    'end',
  ],
  [new RegExp(`${SUBJECT}(?:${SWITCH_VERB})${PARTICLES} (?:to|onto) ${NP_Y}${END}`, 'd'), 'to'],
  [
    new RegExp(`${SUBJECT}(?:${SWITCH_VERB}|put|take) (?<x>(?:my|our|all my|all our|the) (?:\\w+ )?\\w+) (?:over )?(?:to|onto|into) ${NP_Y}${END}`, 'd'),
    'into',
  ],
  [
    new RegExp(
      `${SUBJECT}(?:prefer|drink|use|eat|listen to|go with|stick with|be into|be on|be in|be at|(?:be )?live(?: year[- ]round| full[- ]time| permanently)? (?:in|on|at)|work at|work for|play|run|write|code in|go to|be go to|be do|do|fly to|head to|be off to|book|plan|try|trying|pick|choose|opt for|settle on) ${NP_Y} (?:now|these days|nowadays|instead|again|from now on|since|as of|full time|full-time|exclusively|from (?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|next|tomorrow|today)\\b)\\b`,
      'd',
    ),
    'to',
  ],
  // "back to being a boring vegetarian": the diet the user is again, not the "being".
  [
    new RegExp(
      `${SUBJECT}(?:be |go |move )?(?:back on|back to|back at|back in|back with|all in on|over to) (?:be (?:an? )?(?=(?:[a-z]+ )?(?:${DIET})$))?${NP_Y}${END}`,
      'd',
    ),
    'to',
  ],
  // "vs code is my daily editor now", "Brave is our default browser these days": a thing in the role one thing of its category plays is the one now.
  [
    new RegExp(
      `^${LEAD}${NP_Y} be (?:now )?(?:my|our) (?:(?:new|daily|main|go-to|default|usual|primary|only|everyday|day-to-day|regular|current) )*(?:${ROLE_OF_A_THING})(?: of choice)?(?: now| these days| nowadays| from now on)${END}`,
      'd',
    ),
    'to',
  ],
  // "It's a game where…", "it's a cool way to…": what something is like, unless said as what it is now.
  [new RegExp(`^${LEAD}(?:now it be |it be (?!an? ))(?:just |only |mostly |mainly |strictly )?${NP_Y}${END}`, 'd'), 'to'],
  // "Kyoto is back on": a plan the user ended is theirs again.
  [new RegExp(`^${NP_Y} (?:be |have be )?back on(?:$| \\|| again| after all)`, 'd'), 'plan'],
  // "sold the farmhouse and settled into a retirement village in Christchurch": the place the dwelling is in.
  [
    new RegExp(
      `${SUBJECT}(?:get |be )?(?:settle|settled|move|moved)(?: down| in)? (?:in|into) (?:a|an|the|our|my|this) (?:[^| ]+ ){0,2}?(?:${DWELLING}|retirement village|care home) (?:in|near|outside|just outside) ${NP_Y}${END}`,
      'd',
    ),
    'to',
  ],
  [new RegExp(`${SUBJECT}(?:get |be )?(?:settle|settled)(?: down| in)? (?:in|into) ${NP_Y}${END}`, 'd'), 'to'],
  // "the dogs and I are getting used to the house in Napier": a home the user is getting used to is theirs now.
  [new RegExp(`${SUBJECT}(?:be |have be )?(?:get|getting) use(?:d)? to (?:the|our|my|a) (?:new )?(?:${DWELLING}) in ${NP_Y}${END}`, 'd'), 'to'],
  [new RegExp(`^(?:now|currently) (?:be )?(?:in|at|base in|based in|live in|living in|with) ${NP_Y}${END}`, 'd'), 'to'],
  [new RegExp(`${SUBJECT}(?:rewrite|rebuild|redo|port|reimplement)(?: all| everything)? ${NP} (?:in|to|into|onto|with) ${NP_Y}${END}`, 'd'), 'to'],
  [new RegExp(`${SUBJECT}(?:get |be |have be )?promote (?:me |us )?(?:to )?(?:an? |the )?${NP_Y}${END}`, 'd'), 'title'],
  [new RegExp(`\\b(?:make|made|making) (?:me|us) (?:an? |the )?${NP_Y}${END}`, 'd'), 'title'],
  [new RegExp(`\\bpromote (?:me|us) to (?:an? |the )?${NP_Y}${END}`, 'd'), 'title'],
  [new RegExp(`\\bbump (?:me|us) up to (?:an? |the )?${NP_Y}${END}`, 'd'), 'title'],
  [new RegExp(`${SUBJECT}(?:get |be |have be )?bump (?:up )?to (?:an? |the )?${NP_Y}${END}`, 'd'), 'title'],
  // "I'm Head of Operations now", "officially assistant principal from term 3": a job title said as what the user now is.
  [new RegExp(`${SUBJECT}be (?:now |officially |finally )+(?:an? |the )?${NP_Y}(?:$| \\|| (?:from|as of|since|starting|for)\\b)`, 'd'), 'title_now'],
  [new RegExp(`${SUBJECT}be (?:an? |the )?${NP_Y} (?:now|these days|from|as of|since|starting)\\b`, 'd'), 'title_now'],
  [new RegExp(`${SUBJECT}(?:get |be |have be )(?:make|made) (?:an? |the )?${NP_Y}${END}`, 'd'), 'title'],
  // "new title is Head of Operations", "I've moved into a product owner role": the user's job title now.
  [new RegExp(`^${LEAD}(?:my )?new (?:job )?(?:title|role|position) (?:be|'s) (?:now )?(?:an? |the )?${NP_Y}${END}`, 'd'), 'title'],
  [new RegExp(`${SUBJECT}(?:have )?(?:move|step|go|switch|transition)(?: over)? into (?:an? |the )?${NP_Y} (?:role|position|job)${END}`, 'd'), 'title'],
  // "made senior engineer in the mid-year round", "finally made partner": a title reached, said without "I got".
  [new RegExp(`^${LEAD}(?:i )?(?:finally |just |officially )?(?:make|made) (?<y>${ROLE})${END}`, 'd'), 'title'],
  // "I've stepped up to shift manager", "was appointed pharmacy manager", "I'm acting vice-principal for the term": a title the user now holds.
  [new RegExp(`${SUBJECT}(?:have )?(?:step|stepped) up (?:to|as) (?:be )?(?:an? |the )?${NP_Y}${END}`, 'd'), 'title_now'],
  [new RegExp(`${SUBJECT}(?:have |be |have be |get |been )*(?:appoint|appointed) (?:as )?(?:an? |the |our )?${NP_Y}${END}`, 'd'), 'title_now'],
  [new RegExp(`\\b(?:appoint|appointed|make|made|name|named) (?:me|us) (?:as )?(?:an? |the |our )?${NP_Y}${END}`, 'd'), 'title_now'],
  // "covering as duty manager", "signed off as a journeyman plumber", "qualified as a paramedic", "they put me in as interim practice manager".
  [
    new RegExp(
      `${SUBJECT}(?:be |have be |have )?(?:cover|covering|stand in|standing in|fill in|filling in|step in|stepping in) as (?:an? |the |our )?${NP_Y}${END}`,
      'd',
    ),
    'title_now',
  ],
  [
    new RegExp(`${SUBJECT}(?:have |be |have be |get |just )*(?:sign|signed|qualify|qualified) (?:off )?as (?:an? |the )?(?:fully )?${NP_Y}${END}`, 'd'),
    'title_now',
  ],
  [
    new RegExp(
      `\\b(?:put|take|took|taken|bring|brought|hire|hired|install|installed|slot|slotted|confirm|confirmed) (?:me|us) (?:in |on |back )?as (?:an? |the |our )?${NP_Y}${END}`,
      'd',
    ),
    'title_now',
  ],
  // "call me Sergeant from now on": a title the user is called by now.
  [new RegExp(`\\bcall (?:me|us) ${NP_Y}(?: from now on| now)?$`, 'd'), 'title_now'],
  // "landed the lead data engineer role I went for", "they gave me the keyholder role": said as a job's, a title whatever its words.
  [
    new RegExp(
      `^${LEAD}(?:i |we )?(?:finally |just |officially |actually )?(?:get|got|land|landed|bag|bagged|snag|snagged|secure|secured|win|won|accept|accepted) (?:the|that) ${NP_Y} (?:job|role|position|post)\\b`,
      'd',
    ),
    'title',
  ],
  [new RegExp(`\\b(?:give|gave|given|hand|handed) (?:me|us) (?:the|that) ${NP_Y} (?:job|role|position|post)\\b`, 'd'), 'title'],
  [new RegExp(`${SUBJECT}be (?:now )?(?:the )?(?<y>(?:acting|act|interim) (?!up\\b)[^|]+?)${END}`, 'd'), 'title_now'],
  // "got charge nurse", "landed the team lead job", "they gave me department head": a title reached, said by what the user got.
  [
    new RegExp(
      `^${LEAD}(?:i |we )?(?:finally |just |officially |actually )?(?:get|got|land|landed|bag|bagged|snag|snagged|secure|secured|win|won) ${TITLE_GOT}${END}`,
      'd',
    ),
    'title_now',
  ],
  [new RegExp(`\\b(?:give|gave|given|hand|handed) (?:me|us) ${TITLE_GOT}${END}`, 'd'), 'title_now'],
  [new RegExp(`${MINE_NEW}(?:${DWELLING}|address|job|role|position|gig)(?: be)? (?:in|at|with|:)? ?${NP_Y}${END}`, 'd'), 'to'],
  [
    new RegExp(
      `^(?:only |just |now |and now |mostly |mainly )*${NP_Y}(?: (?:at|in|for|with|before|after|on) (?!for\\b)[a-z]+(?: (?!for\\b)[a-z]+)?(?= now| these days| nowadays| instead))?(?: these days| nowadays| now| this time| from now on| full time| full-time| all the way| exclusively| only| instead| everywhere| across the board| for everything| for all of it)*$`,
      'd',
    ),
    'bare',
  ],
  // "these days only green tea in the morning": when, said first, then all there is now.
  [
    new RegExp(
      `^(?:these days|nowadays|now|from now on|and now),? (?:only|just|strictly) ${NP_Y}(?: (?:in|at|on|for|with) (?:the |my |a )?(?:morning|mornings|evening|evenings|night|nights|weekends?|work|home|breakfast|lunch|dinner))?$`,
      'd',
    ),
    'bare',
  ],
  [
    new RegExp(
      `${SUBJECT}(?:(?:be )?(?:report|reporting)(?: directly| straight| now)? (?:to|into)|(?:be|work) (?:back |now |again )?(?:directly )?under) ${NP_Y}${END}`,
      'd',
    ),
    'boss',
  ],
  // "our whole pod got shifted under Rohit": the user's team, moved under a new manager.
  [
    new RegExp(
      `^${LEAD}(?:our|my) (?:whole |entire |little )?(?:team|pod|squad|group|unit|department|dept|crew|ward|section|desk) (?:get|be|have be|have get) (?:move|shift|put|transfer|place|bring|fold|reassign)(?: over| across)? under ${NP_Y}${END}`,
      'd',
    ),
    'boss',
  ],
  [
    new RegExp(
      `^${LEAD}(?:(?:my|our) (?:new )?(?:${MANAGER_WORD})|(?:the |my )?(?:new )?${WHAT_OF}(?:${MANAGER_WORD}) (?:there|(?:in|at) (?:the |my |our )?(?:new )?(?:place|job|company|office|firm|school|site|store|shop|gig)))(?:'s| be) (?:now )?${NP_Y}(?: now)?${END}`,
      'd',
    ),
    'boss',
  ],
  // "Fraser's been replaced as lead by some guy from London called Oliver": whoever replaced the user's manager.
  [
    new RegExp(
      `^${LEAD}[^| ]+(?: [^| ]+)? (?:have |have be |be |get )?(?:replace|replaced) as (?:my |our |the )?(?:${MANAGER_WORD}) by (?:[^|]*? (?:call|called|name|named) )?${NP_Y}${END}`,
      'd',
    ),
    'boss',
  ],
  // "so ayodele's back as my manager": a name of one or two words, wherever the part says it.
  [
    new RegExp(
      `(?:^${LEAD}|\\b(?:so|and|but|now) |\\b(?=(?:prof|dr|mr|mrs|ms|mx|herr|frau) ))(?<y>[^| ']+(?: [^| ']+)?)(?:'s| be) (?:now |back |now back )?(?:as )?(?:my|our) (?:new |interim |acting |temporary |temp )?(?:${MANAGER_WORD})\\b`,
      'd',
    ),
    'boss',
  ],
  [
    new RegExp(
      `^${LEAD}(?:(?:i |we )(?:now|currently)|(?:now|currently|these days|(?:since|as of|from) \\w+) (?:i|we)) (?:work|be work|be employ|be) (?:at|for|with|in) ${NP_Y}${END}`,
      'd',
    ),
    'org',
  ],
  // "Orbisol cut the whole QA team, me included", "Acme let me go": the employer that let the user go is left.
  [
    new RegExp(
      `^${NP_SUBJECT} (?:have |have just |just |finally )?(?:(?:lay off|laid off|fire|sack) (?:me|us)\\b|let (?:me|us) go\\b|(?:make|made) (?:me|us) redundant\\b|(?:lay off|laid off|fire|sack|cut) [^|]+ (?:me|us|myself) include)`,
      'd',
    ),
    'end',
  ],
  // "Quillby took me back", "Ocado hired me back": the employer the user is at again.
  [new RegExp(`^${NP_Y} (?:have |have just |just )?(?:take|hire|rehire|re-hire) (?:me|us) (?:back|on again)\\b`, 'd'), 'org'],
  // "got taken on by Bupa", "hired on at Irving Oil", "got a start with Balfour Beatty", "Grab brought me in as an ops analyst": the user's employer now.
  [
    new RegExp(
      `^${LEAD}(?:i |we )?(?:have |be |have be |get |been |just |finally )*(?:take on|taken on|hire|hired|pick up|picked up|snap up|snapped up|poach|poached|headhunt|headhunted|recruit|recruited) by ${NP_Y}${END}`,
      'd',
    ),
    'org',
  ],
  [new RegExp(`^${LEAD}(?:i |we )?(?:have |be |get |been |just |finally )*(?:hire|hired|take|taken|sign|signed) on (?:at|with) ${NP_Y}${END}`, 'd'), 'org'],
  [new RegExp(`^${LEAD}(?:i |we )?(?:have |just |finally )*(?:get|got) (?:a start|in|on) (?:at|with) ${NP_Y}${END}`, 'd'), 'org'],
  [
    new RegExp(`^${NP_Y} (?:have |have just |just |finally )?(?:bring|brought|take|took|hire|hired|sign|signed|snap|snapped) (?:me|us) (?:in|on|up)\\b`, 'd'),
    'org',
  ],
  // "I accepted the position at Halcyon", "took the offer from Stripe": the employer the user said yes to.
  [
    new RegExp(
      `${SUBJECT}(?:accept|take) (?:the |a |an |their )?(?:[^| ]+ )?(?:call|offer|job|position|post)(?: [a-z]+)? (?:at|to|with|from) ${NP_Y}${END}`,
      'd',
    ),
    'org',
  ],
  // "Last day at Quintal was Friday": without "my", only a day or a shift ("last night at the Red Lion" is a time).
  [new RegExp(`^${LEAD}last (?:day|shift) (?:at|with|in) ${NP}(?: be\\b|${END})`, 'd'), 'end'],
  // "played my last game of badminton": the pastime the user did the last of.
  [new RegExp(`${SUBJECT}(?:[a-z]+ )?(?:my|our) (?:very )?last (?:${LAST_OF_PASTIME}) of ${NP}${END}`, 'd'), 'end'],
  [
    new RegExp(`${SUBJECT}(?:give|hand in|put in|turn in) (?:my|our) (?:two weeks|2 weeks|notice|resignation)(?: notice)? (?:at|to|with) ${NP}${END}`, 'd'),
    'end',
  ],
  // "Gave Haulwise my two weeks": the employer said before the notice.
  [new RegExp(`${SUBJECT}(?:give|hand) ${NP} (?:my|our) (?:two weeks|2 weeks|notice|resignation)(?: notice)?${END}`, 'd'), 'end'],
  // "The real new manager is Mr. Hayashi", "new boss over there is Devin": the user's new manager, said without "my".
  // "the new front office manager is Tiago": a title may say what it heads first.
  [
    new RegExp(`^${LEAD}(?:the )?(?:real |actual )?new (?:[a-z-]+ ){0,2}?(?:${MANAGER_WORD})(?: over there| there| here)? be (?:now )?${NP_Y}${END}`, 'd'),
    'boss',
  ],
  // "Moved in with Nia last weekend": someone the user now lives with as a couple (not "my parents", not "a friend").
  [
    new RegExp(
      `${SUBJECT}(?:move|be move) in (?:together )?with (?!(?:my|our|the|a|an|some|his|her|their|family|friends|parents|mum|mom|dad|them|him|her)\\b)${NP_Y}${END}`,
      'd',
    ),
    'partner',
  ],
  // "first day as a junior dev at Tinyhill is tomorrow", "my first week at Halcyon": the employer the user starts at.
  // "first week at Hôtel Vauquelin done", "first game drive back at Ulusaba was Monday": a first stretch of work somewhere is a job there.
  [
    new RegExp(`^${LEAD}(?:(?:my|our) )?(?:first|1st) (?:[^| ]+ )?(?:${STRETCH}) (?:back )?(?:as (?:an? )?[^|]+? )?(?:at|with) ${NP_Y}(?: be\\b|${END})`, 'd'),
    'org',
  ],
  // "from this week everything is in ClickUp", "everything's going back to Airflow": what the user's work is done in now.
  [
    new RegExp(
      `^${LEAD}(?:(?:from|since|as of) [^|]+? )?(?:everything|(?:the |our )?(?:whole|entire) (?:(?!be |have |go |move )[^| ]+ )?(?!be |have |go |move )[^| ]+)(?: at work| here)? (?:be |go |have go |have move |be move |move )?(?:now |all )?(?:in|on|back on|back to|back in|to|over to|move to|move over to) ${NP_Y}${END}`,
      'd',
    ),
    'to',
  ],
  // "Notion was great for a while but…": what the user liked only for a while is over.
  [
    new RegExp(
      `^(?![^|]* and (?:i|me) )(?!(?:i|we|it|he|she|they|you|this|that|there|things|life|everything) )${NP_SUBJECT} be (?:(?:really|so|very|pretty|quite) )?(?:${FINE_FOR_A_WHILE}) (?:for a (?:while|bit|time|few \\w+)|while it last)(?: but\\b|$)`,
      'd',
    ),
    'end',
  ],
  // "Linden was a mistake", "Dunstable didn't work out": what the user tried and regrets is over.
  [
    new RegExp(
      `^(?![^|]* and (?:i|me) )(?!(?:i|we|it|he|she|they|you|this|that|there|things|life|everything|nothing) )${NP_SUBJECT} (?:be (?:a|an) (?:(?:big|huge|total|complete|massive|expensive) )?(?:${REGRETTED})|do not work(?: out)?|never work(?: out)?)(?:$| \\|| for\\b)`,
      'd',
    ),
    'end',
  ],
  // "there's this guy Ezra and we're officially a thing now", "Noor and I are together now".
  [new RegExp(`\\b(?:this|a|an) (?:guy|girl|woman|man|person|lad|lass)(?: call| name)? (?<y>[^| ]+) and we ${A_COUPLE}`, 'd'), 'partner'],
  [new RegExp(`^${LEAD}(?<y>[^| ]+) and (?:i|me) ${A_COUPLE}`, 'd'), 'partner'],
  // "married for 5 years now", "engaged since May": how long is a state the user is in, not news.
  // "Married!!!", "we tied the knot on Saturday": said alone or in other words, the news is the same.
  [
    new RegExp(
      `${SUBJECT}(?:be |get )?(?:now |officially |finally )*(?:engaged|engage|married|marry|tie the knot|get hitch|hitched)(?! (?:for|since)\\b)${END}`,
      'd',
    ),
    'status',
  ],
  [new RegExp(`^${NP_Y} be (?:now )?(?:my|our) (?:new |interim |acting |temporary |temp )?(?:${MANAGER_WORD})(?: now| again)?$`, 'd'), 'boss'],
  // "Huw's supervising me again from Swansea", "…and Priya manages me now".
  [
    new RegExp(
      `(?:^${LEAD}|^[^|]*? (?:and|so|but) (?:now )?)(?!(?:my|our|the|a|an|his|her|their|this|that|she|he|they|it|someone|somebody)\\b)(?<y>[^| ]+(?: [^| ]+){0,2}) (?:be )?(?:now |back )?(?:supervise|manage|line manage) (?:me|us)(?: now| again| (?:from|in|at) [^|]+)*$`,
      'd',
    ),
    'boss',
  ],
  // "The new boss, Priya, is already…": the title, then the name as a part of its own.
  [new RegExp(`${MINE_NEW}(?:${MANAGER_WORD})(?: (?:on|for|in) [a-z]+| (?:since|from|as of) [a-z]+)*$`, 'd'), 'titled'],
  // "guess who is my boss again — Jostein!": the name after the question that is no question.
  [new RegExp(`^${LEAD}(?:guess )?who be (?:my|our) (?:new )?(?:${MANAGER_WORD})(?: now| again)?$`, 'd'), 'titled'],
  [new RegExp(`${MINE_NEW}(?:manager|boss|line manager|supervisor|team lead)(?: be)?(?: as of \\w+| from \\w+)?(?: \\|)? ${NP_Y}${END}`, 'd'), 'boss'],
  // "Gareth's in charge of me now", "I take orders from Dave", "they gave me Ana as a manager": whom the user answers to.
  [new RegExp(`^${NP_Y} be (?:now |officially )?in charge of (?:me|us)\\b`, 'd'), 'boss'],
  [
    new RegExp(
      `^${NP_Y} be (?:now |officially )?(?:run|running|manage|managing|lead|leading|head|heading) (?:up )?(?:my|our) (?:team|squad|crew|unit|ward|department|shift|section|pod|group|desk)\\b`,
      'd',
    ),
    'boss',
  ],
  [new RegExp(`${SUBJECT}(?:take|taking) (?:my )?orders from ${NP_Y}${END}`, 'd'), 'boss'],
  [new RegExp(`\\b(?:give|gave|given|assign|assigned) (?:me|us) ${NP_Y} as (?:a |an |my |our )?(?:new )?(?:${MANAGER_WORD})\\b`, 'd'), 'boss'],
  [new RegExp(`^${NP_Y} be (?:in|the new thing)$`, 'd'), 'bare'],
  // "new truck since monday, a Volvo FH", "work gave me a new van — a Ford Transit", "my new car is a Skoda Octavia": a new one of what the user has one of.
  [
    new RegExp(
      `(?:${MINE_NEW}|\\b(?:give|get|hand|issue|lend|loan|send) (?:me|us) (?:a |an )?new )(?<h>${OWNED})(?: be (?:a |an |the )?${NP_Y}${END}|(?: [^|]*)?$)`,
      'd',
    ),
    'owned',
  ],
  // "spurs fan now", "I'm a Celtic supporter these days": whom the user backs now.
  [
    new RegExp(
      `^${LEAD}(?:(?:i |we )?be (?:now )?)?(?:an? )?(?:big |huge |massive |proper |die-hard |diehard )?${NP_Y} (?:fan|fans|supporter|supporters)(?: now| these days| nowadays| instead)+${END}`,
      'd',
    ),
    'to',
  ],
  [
    new RegExp(`${SUBJECT}(?:get|buy|pick up|treat myself to) (?!${REFUND})(?:myself )?(?:a |an |the )?(?:new |shiny new |brand new )?${NP_Y}${END}`, 'd'),
    'to',
  ],
  [new RegExp(`^(?:this time|now|finally|and now) (?:to|in) ${NP_Y}$`, 'd'), 'to'],
  [new RegExp(`^(?:my |our )?home be (?:now )?(?:in )?${NP_Y}${END}`, 'd'), 'home'],
  [
    new RegExp(
      `${SUBJECT}(?:retrain|requalify|qualify|start work|start|work now|be hire|get hire|be take on|get take on|sign on) as (?:an? )?${NP_Y}${END}`,
      'd',
    ),
    'to',
  ],
  [new RegExp(`^${NP_SUBJECT} (?:be |have be )?now (?:in|on|at|for) ${NP_Y}${END}`, 'd'), 'moved'],
  [new RegExp(`${SUBJECT}be (?:\\w+ )?(?:\\w+ )?(?:to |on |in |at |for |with |into )${NP_Y} instead$`, 'd'), 'instead'],
  // "road trip up the coast to Freycinet instead", "instead we go to Lake Lipno": where the user goes in the old plan's place.
  [new RegExp(`(?:^|\\| )(?:[^|]* )?(?:to|in|at) ${NP_Y} instead${END}`, 'd'), 'goes'],
  [new RegExp(`^instead (?:i |we )?(?:be )?(?:go|fly|head|travel|drive|book) (?:to |for )?${NP_Y}${END}`, 'd'), 'goes'],
  // "now we live in Casablanca near the family of Salma": where the user is, before what it is near.
  [
    new RegExp(
      `^(?:and )?(?:now|these days|nowadays|currently) (?:i |we )(?:be )?(?:\\w+ )?(?:on |in |at |with |to |into |for )${NP_Y}(?: (?:near|by|next to|close to|right by|not far from) [^|]+)?$`,
      'd',
    ),
    'marked',
  ],
  [new RegExp(`${SUBJECT}(?:have )?be (?:on|drink|use) ${NP_Y} for [^|]+$`, 'd'), 'kept'],
  // "wife has put me on green tea now", "Col's got me onto Bundy and Coke", "the company moved everybody to revit": a thing of a known category the user was moved on to.
  [
    new RegExp(
      `\\b(?:put|got|get|gotten|switch|switched|move|moved|migrate|migrated) (?:me|us|everybody|everyone|the (?:whole )?(?:team|company|office)) (?:over )?(?:on|onto|to) (?:the )?${NP_Y}${END}`,
      'd',
    ),
    'kept',
  ],
  // "a glass of red does me now", "servo iced coffee does me": what the user settles for, of its category.
  [
    new RegExp(`^${LEAD}(?:only |just )?${NP_Y} (?:do|does|will do) (?:me|us)(?: (?:fine|grand|nicely|just fine))?(?: now| these days| nowadays)?$`, 'd'),
    'kept',
  ],
  [
    new RegExp(
      `^(?:now )?(?:everything|it all|all of it|all (?:the |our |my )?\\w+|our \\w+|everything we \\w+) (?:be |have be )?(?:run |live |move |go |host )?(?:on|onto|to|in) ${NP_Y}${END}`,
      'd',
    ),
    'into',
  ],
  // "got put on the fraud-detection pipeline", "I've been reassigned to the atlas project": the work the user was given.
  [
    new RegExp(
      `${SUBJECT}(?:(?:get |be |have be )(?:put|move|switch|shuffle|shift|stick|bump|transfer|rotate) (?:over )?(?:on|onto|to) the |(?:get |be |have be )?(?:assign|reassign|staff) (?:on|onto|to) (?:the |a |an )?)${NP_Y}${END}`,
      'd',
    ),
    'project',
  ],
  // "they've stuck me on a wee puzzle game called Stoneskip", "now they've put me on an insurance client's rollout".
  [
    new RegExp(
      `^${LEAD}(?:(?:from|as of|since|starting) [^| ]+ )?${GIVES_WORK}(?:have )?(?:put|stick|move|shift|shuffle|switch|bump|reassign|transfer|assign|throw) (?:me|us) (?:over )?(?:on|onto|to) (?:the |a |an )?(?:[^|]*? (?:\\| )?(?:codename|code name|call|name) )?${NP_Y}${END}`,
      'd',
    ),
    'project',
  ],
  // "The lab is a Python shop now": what a workplace has become a shop of is what the user works with ("Norvik is a Go shop" only says what it is).
  [new RegExp(`^${LEAD}${NP_SUBJECT} be (?:now |officially now |basically now )(?:an? |all )${NP_Y} (?:shop|house)\\b`, 'd'), 'into'],
  [new RegExp(`^${LEAD}${NP_SUBJECT} be (?:an? |all )${NP_Y} (?:shop|house) (?:now|these days|nowadays)\\b`, 'd'), 'into'],
  // "the company went all-in on Tableau", "the whole design team is on Penpot", "everything here is Kotlin and
  // TeamCity", "school switched us to Moodle", "our company changed everything to Trados", "the company rolled out Procore for everything": the user's workplace
  // moving its tools moves the user's.
  [
    new RegExp(
      `^(?:${LEAD})?(?:at [^| ]+ )?(?:(?:the |our |my )?(?:whole |entire )?(?:(?![^| ]*'s )[^| ]+ )?(?:${WORKPLACE})|everyone|everybody|everyone here|everything|everything here) (?:have |have now |now )?(?:go all[ -]in on|(?:switch|move|migrate|change)(?: us| me)?(?: everything| (?:all|every|our|its|their) (?:[^| ]+ )?[^| ]+)? (?:over )?(?:to|onto)|(?:put|get) (?:us|me) (?:on|onto)|make (?:us|me) (?:switch to|move to|use)|standardise on|standardize on|roll out|bring in|mandate|go (?:over )?onto|adopt|use|be (?:now |all )?on|be (?:now |all )?(?=[^| ]+ (?:and|\\+) ))${NP_Y}(?: for (?:everything|everyone|all of us))?${END}`,
      'd',
    ),
    'into',
  ],
  // "migrated orchestration to dagster", "the accountant moved all my books to Xero": what the user's work runs on now.
  [
    new RegExp(`(?:^|\\| )(?:${LEAD})?(?:[^| ]+ ){0,2}?(?:migrate|port|move all (?:my|our|the))(?: [^| ]+){1,3}? (?:over )?(?:to|onto) ${NP_Y}${END}`, 'd'),
    'into',
  ],
  // "now it's only rooibos for me": what the user has now, said as all there is.
  [
    new RegExp(
      `^${LEAD}it be (?:all (?:on|in|about) |all |only |just |strictly )?${NP_Y} (?:(?:for me )?(?:now|these days|all the way|from now on)\\b|for (?:me|us)(?: \\||$))`,
      'd',
    ),
    'to',
  ],
  // "I'm more of a tea person now": what the user has taken to, said as the kind of person they are.
  [
    new RegExp(
      `${SUBJECT}be (?:now )?(?=(?:much |way |a lot )?more of |an? [^|]+ (?:person|drinker) (?:now|these days|nowadays)\\b)(?:(?:much |way |a lot )?more of )?an? ${NP_Y} (?:person|drinker)\\b`,
      'd',
    ),
    'to',
  ],
  // "Green tea is my thing these days": what the user has taken to, said as theirs now.
  [
    new RegExp(
      `^${LEAD}${NP_Y} be (?:now )?(?:really |very much )?(?:my|our) (?:new )?(?:thing|go-to|jam|drink|poison|default|religion|life) (?:now|these days|nowadays|lately)\\b`,
      'd',
    ),
    'to',
  ],
  [RUNS_ON, 'runs_on'],
  [ALL_ON, 'runs_on'],
  [ALL_OF, 'runs_on'],
  // "last day at Quintal was Friday", "Friday was my last round of visits at Lakeview",
  // "danced my last show with the ensemble": where the user did the last of something is left.
  [new RegExp(`(?:^${LEAD}|\\bbe )(?:my|our) (?:very )?last (?:[a-z]+ )?(?:${LAST_OF})(?: of [a-z]+)? (?:at|with|in|for) ${NP}(?: be\\b|${END})`, 'd'), 'end'],
  // The same of a pastime said with its verb; a job's last said so ("worked my last shift at…") is left to the readers of leaving.
  [new RegExp(`${SUBJECT}[a-z]+ (?:my|our) (?:very )?last (?:${LAST_OF_PASTIME}) (?:at|with|in|for) ${NP}${END}`, 'd'), 'end'],
];

/** A clause dated to a year or a month: an event of then, not news. */
export const PAST_DATE = /\b(?:19|20)\d{2}\b|\b(?:in|on) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

/** What a plan moved without naming it is ("moved it to the 12th"): the user's latest plan. */
export const PLAN = 'plan';

/** What a change says it ends when it names it by a pronoun ("I stopped it"): the turn's topic before it (topicOf). */
export const IT = 'it';
const PRONOUN = /^(?:it|them|that|this|(?:that|this) (?:phase|era|chapter|thing|habit|obsession|one))$/i;

const NOT_A_THING =
  /^(?:(?:something|anything|nothing|everything) .*|the|a|an|my|our|it|that|this|them|him|her|me|us|you|everything|anything|something|nothing|one|ones|home|work|here|there|a lot|too|well|road|line|story|world|matter|day|week|month|year|era|back)$/i;

/** The clause's words, verbs by their infinitive, with `|` where the clause breaks (a comma, a dash, a bracket). */
export interface Stream {
  text: string;
  /** For each word of `text`, its term. */
  terms: Term[];
  starts: number[];
}

/** Words that open a clause of its own inside a sentence, before its "I" or "we". */
const SUBORDINATOR = /^(?:that|because|cause|coz|bc|since|so)$/;

const STREAMS = new Map<string, Stream>();
/** Clauses whose stream is kept: the readers of one turn (changes, departures, successions) tag each clause once. */
const MAX_STREAMS = 64;
export function stream(clause: string): Stream {
  let found = STREAMS.get(clause);
  if (!found) {
    found = tagged(clause);
    if (STREAMS.size >= MAX_STREAMS) STREAMS.delete(STREAMS.keys().next().value!);
    STREAMS.set(clause, found);
  }
  return found;
}

function tagged(clause: string): Stream {
  const doc = tagger()(clause);
  nounAfterBe((doc.docs as Guessed[][]).flat());
  doc.contractions().expand();
  const terms = (doc.docs as Term[][]).flat();
  const words: string[] = [];
  const starts: number[] = [];
  const kept: Term[] = [];
  let at = 0;
  const push = (w: string, t: Term) => {
    starts.push(at);
    words.push(w);
    kept.push(t);
    at += w.length + 1;
  };
  let part = 0;
  for (const [k, t] of terms.entries()) {
    const lower = t.text.toLowerCase();
    if (!lower) continue;
    // "…so bad with the arthritis that I gave up my spot": a clause of the user's own opens at its subordinator.
    if (words.length > 0 && words.at(-1) !== '|' && SUBORDINATOR.test(lower) && /^(?:i|we)$/i.test(terms[k + 1]?.text ?? '')) push('|', kept.at(-1)!);
    // "With the new shift pattern I had to leave the orchestra": a phrase set before the subject is no part of what the user did.
    else if (/^(?:i|we)$/.test(lower) && fronted(kept.slice(part))) push('|', kept.at(-1)!);
    if (words.at(-1) === '|' || words.length === 0) part = kept.length;
    push(t.tags.has('Verb') ? lemmaOf(lower) : lower, t);
    // "…cut the whole QA team, me included": who else it was said of is no clause of its own.
    const alsoMe = /^(?:me|us|myself)$/i.test(terms[k + 1]?.text ?? '') && /^includ/i.test(terms[k + 2]?.text ?? '');
    if (/[,;:()—–!?]|\s-\s/.test(t.post) && !alsoMe) push('|', t);
  }
  return { text: words.join(' '), terms: kept, starts };
}

/** A part that opens with a preposition and says a noun phrase, no verb: "With the new shift pattern at work", "after 15 years". */
function fronted(all: Term[]): boolean {
  // "right, after 15 years": an exclamation before the phrase opens nothing.
  const skip = all.findIndex((t) => !OPENER.test(t.text));
  const terms = skip < 0 ? [] : all.slice(skip);
  const by = terms[0]?.tags.has('Preposition') ? 1 : /^(?:because|due|thanks|what)$/i.test(terms[0]?.text ?? '') && terms[1]?.tags.has('Preposition') ? 2 : 0;
  return (
    by > 0 &&
    terms.length > by &&
    !/^(?:than|like|as|of|to)$/i.test(terms[0]!.text) &&
    terms.some((t) => t.tags.has('Noun') || t.tags.has('Value')) &&
    !terms.some((t) => (t.tags.has('Verb') && !t.tags.has('Gerund')) || (t.tags.has('Pronoun') && !t.tags.has('Possessive') && !/^it$/i.test(t.text)))
  );
}
const OPENER = /^(?:ok|okay|so|and|but|well|oh|right|thats|that|is|it)$/i;

/** A term as compromise holds it: `confidence` is set on a tag it guessed; `implicit` is what a contraction stands for. */
type Guessed = Term & { confidence?: number; implicit?: string; machine?: string };

/**
 * "it's matcha now", "it's chimarrão now": a word compromise does not know, after "is" or an "'s",
 * is guessed a verb (and the "'s" read "has"); English puts no bare verb there, so it is a noun
 * and the "'s" is "is".
 */
function nounAfterBe(terms: Guessed[]): void {
  for (const [i, t] of terms.entries()) {
    const before = terms[i - 1];
    // "it's iced matcha now": how a food or drink is prepared, before it after "it's", describes it, and the "'s" is "is".
    const next = terms[i + 1];
    if (
      before?.text === '' &&
      before.implicit === 'has' &&
      /^(?:it|that|this)$/i.test(terms[i - 2]?.implicit ?? '') &&
      PREPARED.has(t.text.toLowerCase()) &&
      !t.post.trim() &&
      next?.tags.has('Noun') &&
      !next.tags.has('Pronoun') &&
      !next.tags.has('ProperNoun')
    ) {
      Object.assign(before, { implicit: 'is', machine: 'is', tags: new Set(['Verb', 'Copula', 'PresentTense']) });
      t.tags = new Set(['Adjective']);
      continue;
    }
    if (!before || !t.tags.has('Verb') || t.tags.has('Gerund') || t.tags.has('PastTense') || t.confidence === undefined) continue;
    const has = before.text === '' && before.implicit === 'has';
    if (!has && !before.tags.has('Copula')) continue;
    if (has) Object.assign(before, { implicit: 'is', machine: 'is', tags: new Set(['Verb', 'Copula', 'PresentTense']) });
    t.tags = new Set(['Noun', 'Singular']);
  }
}

const NOUN_PHRASE = ['Noun', 'ProperNoun', 'Adjective', 'Value', 'Gerund', 'Acronym', 'Determiner', 'Possessive'];
const BREAKS = ['Pronoun', 'Date', 'Duration', 'Preposition', 'Conjunction', 'Adverb', 'QuestionWord'];
/** Prepositions compromise may tag otherwise ("over the winter"): never in a noun phrase. */
const NOT_IN_PHRASE = /^(?:over|under|during|throughout|through|across|since|until|till)$/i;
const inPhrase = (t: Term, last: boolean, head = false) => {
  if ((t.tags.has('Pronoun') && !t.tags.has('Possessive')) || NOT_IN_PHRASE.test(t.text)) return false;
  // "only rooibos for me": a value's first word the tagger knows no verb of, read as one only from its ending, is a thing.
  if (head && t.tags.has('Verb') && !inLexicon(t.text) && !inLexicon(lemmaOf(t.text))) return true;
  if (t.tags.has('Verb') && (last || !t.tags.has('Gerund')) && !t.tags.has('ProperNoun')) return false;
  const named = /^[\p{Lu}\d]/u.test(t.text);
  return (named || NOUN_PHRASE.some((tag) => t.tags.has(tag))) && !BREAKS.some((tag) => t.tags.has(tag) && !named);
};

/** "Eating meat again", "having the odd glass of wine again": the diets that excluded it end. */
const EATS_AGAIN =
  /(?:^|\| |\b(?:i|we) )(?:be |have |start |begin )*(?:eat|have|drink|order|enjoy)\b(?<what>[^|]{0,60}?)\b(?:again|now|these days|nowadays|sometimes|occasionally|now and then|once in a while)\b/;
/** "Back on meat": the diets that excluded it end, whenever said. */
const BACK_ON = /\bback (?:on|to) (?<what>[^|]{1,40})/;
function dietsEnded(text: string): string[] {
  const what = EATS_AGAIN.exec(text)?.groups?.what ?? BACK_ON.exec(text)?.groups?.what;
  if (!what) return [];
  return [...new Set(what.split(' ').flatMap((w) => EXCLUDES.get(w) ?? []))];
}

const UNIT_WORD = new RegExp(`^(?:${alternation(UNITS)})$`, 'i');

/** What stands between a word and the next: its punctuation, save the apostrophe of a plural's possessive ("Gardeners' World"). */
const between = (t: Term) => {
  const post = t.post.trim();
  return /^['’]$/.test(post) && /s$/i.test(t.text) ? '' : post;
};

/** The noun phrase a captured group starts with (or, with `last`, ends with), as the user wrote it, without determiners. */
function said(s: Stream, from: number, to: number, last = false, subject = false, object = false): string {
  const inside: Term[] = [];
  for (let i = 0; i < s.starts.length; i++) {
    if (s.starts[i]! >= from && s.starts[i]! < to && s.text[s.starts[i]!] !== '|') inside.push(s.terms[i]!);
  }
  if (last) inside.reverse();
  const phrase: Term[] = [];
  for (const [i, t] of inside.entries()) {
    // A name opening the clause is its subject, whatever compromise makes of it ("Spotify's gone").
    const named = subject && i === 0 && from === s.starts[0] && /^\p{Lu}/u.test(t.text) && !t.tags.has('Pronoun');
    // "switched off grab": what a verb of ending takes is a thing, whatever its bare form reads as; a verb with a
    // preposition after it is still a verb ("don't live in Berlin anymore" ends Berlin, not "live").
    const taken =
      object &&
      i === 0 &&
      t.tags.has('Infinitive') &&
      !t.tags.has('Gerund') &&
      !PASTIMES.has(t.text.toLowerCase()) &&
      !(inside[i + 1]?.tags.has('Preposition') ?? false);
    // "search team", "iced coffee": a word tagged as a verb before a noun of the same phrase modifies it, and so does how food is prepared read from the end.
    const after = last ? inside[i - 1] : inside[i + 1];
    const prepared = PREPARED.has(t.text.toLowerCase());
    // "returns department", "accounts team": any word before a unit of work names the unit.
    const unitNext = !last && UNIT_WORD.test(after?.text ?? '');
    const modifier =
      ((!last && (t.tags.has('Infinitive') || unitNext)) || prepared) &&
      !(last ? (after?.pre ?? '') : t.post).trim() &&
      (after?.tags.has('Noun') === true || (prepared && (after?.tags.has('Adjective') === true || PREPARED.has(after?.text.toLowerCase() ?? ''))));
    // "Black Label": a capitalised word after another, with nothing between, goes on the name whatever it is tagged.
    const prior = phrase.at(-1);
    const nameGoesOn = prior !== undefined && /^\p{Lu}/u.test(t.text) && (/^\p{Lu}/u.test(prior.text) || joinsName(prior)) && !between(last ? t : prior);
    // "Wheel of Fortune", "Lord of the Rings", "Bridge of Allan": a small word between capitalised ones is part of the name.
    const joining =
      !last &&
      prior !== undefined &&
      (/^\p{Lu}/u.test(prior.text) || joinsName(prior)) &&
      joinsName(t) &&
      !between(prior) &&
      !between(t) &&
      nameFollows(inside, i + 1);
    if (joining) {
      phrase.push(t);
      continue;
    }
    if ((!named && !modifier && !taken && !nameGoesOn && !inPhrase(t, last, phrase.length === 0)) || (phrase.length > 0 && t.tags.has('Determiner'))) break;
    phrase.push(t);
    // "Dr. Anca Sima": a title's full stop is no end of the name.
    if (!last && between(t) && t.post.trim() !== '-' && !(TITLE_WORD.test(t.text) && t.post.trim() === '.')) break;
  }
  if (last) phrase.reverse();
  const thing = phrase
    .map((t, i) =>
      i < phrase.length - 1 && t.post.trim() === '-' ? `${t.text}-` : i < phrase.length - 1 && !between(t) && t.post.trim() ? `${t.text}' ` : `${t.text} `,
    )
    .join('')
    .replace(/^(?:(?:the|a|an|my|our|his|her|their|all|this|that|some)\s+)+/i, '')
    .trimEnd()
    .replace(/\s+(?:habit|thing|stuff|lessons|classes|subscription|sub|membership|licence|license|account|training|person|drinker|fan|lover)$/i, '')
    .trim();
  // "back to my flat white": a thing of a known category, whatever the tagger made of its words.
  if (thing || inside.some((t) => t.tags.has('Preposition') || t.tags.has('Verb'))) return thing;
  return listedIn(inside.map((t) => t.text).join(' ')) ?? '';
}

/** Small words that join the capitalised words of one name ("Game of Thrones", "Lord of the Rings"). */
const NAME_JOINERS: ReadonlySet<string> = new Set(['of', 'the', 'de', 'da', 'do', 'du', 'del', 'della', 'la', 'le', 'upon']);
const joinsName = (t: Term) => /^\p{Ll}/u.test(t.text) && NAME_JOINERS.has(t.text);
/** A capitalised word next in the phrase, after at most one more small word ("of | the Rings"). */
function nameFollows(terms: Term[], at: number): boolean {
  const next = terms[at];
  if (!next) return false;
  if (/^\p{Lu}/u.test(next.text)) return true;
  return joinsName(next) && /^\p{Lu}/u.test(terms[at + 1]?.text ?? '');
}

/** The name the part after `end` says alone ("…, a Volvo FH", "… — the MacBook Pro"): capitalised words, then any words of its model. */
function nameAfter(s: Stream, end: number): string | undefined {
  const at = s.starts.findIndex((start) => start >= end);
  if (at < 0 || s.text[s.starts[at]!] !== '|') return undefined;
  const name: string[] = [];
  for (let i = at + 1; i < s.terms.length && name.length < 4 && s.text[s.starts[i]!] !== '|'; i++) {
    const word = s.terms[i]!.text;
    if (name.length === 0 && /^(?:a|an|the)$/i.test(word)) continue;
    // "iPhone 15", "eBay": a name may open with one small letter.
    if (!/^\p{Ll}?\p{Lu}/u.test(word) && !(name.length > 0 && /^[\p{Lu}\d]/u.test(word))) break;
    name.push(word);
  }
  // The part says the name and nothing else.
  const rest = s.terms.slice(at + 1).findIndex((_, j) => s.text[s.starts[at + 1 + j]!] === '|');
  const words = rest < 0 ? s.terms.length - at - 1 : rest;
  return name.length > 0 && words - name.length <= 1 ? name.join(' ') : undefined;
}

/** A title (or "St") written with a full stop before a name. */
const TITLE_WORD = new RegExp(`^(?:${TITLE}|st)$`, 'i');

/** A person said by a title in lower case and then by name ("the senior partner, Mrs Imogen Sato"): the name after the title's clause break. */
function appositiveName(s: Stream, end: number, title: string): string | undefined {
  if (/\p{Lu}/u.test(title) && !/^\p{Lu}{2,5}$/u.test(title)) return undefined;
  const at = s.starts.findIndex((start) => start >= end);
  if (at < 0 || s.text[s.starts[at]!] !== '|') return undefined;
  const name: string[] = [];
  for (let i = at + 1; i < s.terms.length && name.length < 4 && s.text[s.starts[i]!] !== '|'; i++) {
    if (!/^\p{Lu}/u.test(s.terms[i]!.text)) break;
    name.push(s.terms[i]!.text);
  }
  return name.length > 0 ? name.join(' ') : undefined;
}

const NEW_ONE = new RegExp(`\\bnew (?:${OWNED})\\b`);

/** A cheap look at the words before any tagging: most clauses change nothing. */
const CUE = new RegExp(
  String.raw`\b(?:(?:first|1st|last) (?:day|week|shift|morning)|(?:first|1st) (?:[a-z]+ )?(?:${STRETCH})|(?:fully|straight|strictly|completely|properly) \w+$|last (?:\w+ )?(?:${LAST_OF})|mistake|disaster|bust|flop|nightmare|bad (?:idea|call|move)|(?:didn't|did not|didnt|never) work(?:ed)?|everything|whole|entire|two weeks|(?:\d+|two|three|four|five|six|seven|eight|nine|ten|few) (?:days|weeks|months) (?:without|off|free)|(?:day|week|month) \d+ without|new (?:${MANAGER_WORD})|move(?:d)? in with|(?:fox|hawk|eagle|owl|snake|badger|stoat|mink|coyote) (?:got|took|killed)|ruined for|drawer|(?:abandon|withdr|laps|expir|flog|offload|stolen|nicked|pinched|repossess|return|cancel|scratch|postpon|reschedul|push|pushed|bump|bumped|rehom|migrat|retir|escap|uninstall|delet|divorc|unsubscrib|resign|switch|chang|convert|upgrad|downgrad|transfer|relocat|exchang|replac|instead|rather|history|rainbow|dust|officially|anymore|longer|prefer|promot|appoint|qualif|confirm|in charge of (?:me|us)|orders from|approve|(?:running|runs|leading|leads|managing|manages|heading) (?:up )?(?:my|our)|(?:done|handled|approved|checked) by|taken on|hire|hired|poached|headhunted|recruited|got a start|got in at|brought (?:me|us)|signs|settl|rewr|rebuil|reimplement|delay|defer|rebook|redundan|farewell|goodbye|buri|bury|pack|shift|clos|shut|uproot|separat|stepp?(?:ed|ing|s)? down|hand(?:ed|ing|s)?|submit)\w*|turn(?:ed|ing|s)? in|h(?:ung|ang|anging|angs) up|get(?:ting)? used to|report(?:s|ed|ing)?(?: \w+)? (?:to|into)|(?:'m|am|is|are|be|been|work|working) (?:directly )?under|(?:${MANAGER_WORD}) (?:there|here)|(?:chuck|jack)(?:ed|ing|s)? it|new (?:job )?(?:title|role|position)|into (?:an? |the )?[\w -]{1,40} (?:role|position)|(?:took|take|taking) (?:a|an|the) (?:[\w-]+ )?(?:job|position|post|role)|(?:put|stuck|stick|moved?|shifted|shuffled|switched|bumped|assigned|threw|rolled|taken|took) (?:me|us) (?:on|onto|to|off)\b|(?:supervis|manag)(?:es|ed|ing|e) (?:me|us)\b|(?:interim|acting|temporary)|(?:get|got|getting|be|am|are|is|now) (?:engaged|married)|^(?:just |finally |officially )?(?:engaged|married)$|tied the knot|hitched|made|make|making (?:me|us)|new|retired|after all|laid|lose|bury|goodbye|haven't|hasn't|bye|rip|bail\w*|skip\w*|hold|since|too (?:${TOO_MUCH})|full time|these days|nowadays|sometimes|occasionally|retrain\w*|requalif\w*|assigned|reassigned|staffed|goes$|goes for good|bought|include|included|while|let (?:me|us) go|offer|sack\w*|(?:took|hired|rehired) (?:me|us)|accept\w*|been (?:on|drinking|using)|(?:got|found|rented|renting) (?:a|an|our|my|the)\b[^.!?,]{0,30}\b(?:in|near)|(?:got|landed|bagged|snagged|secured|won) (?:(?:the|that) (?:[a-z-]+ ){1,4}(?:job|role|position|post|gig|spot)\b|(?!(?:a|an|the)\b)(?:${ROLE}|(?:head|director|chief|vp) of|[a-z]+ head\b))|flew|ran|fired|behind|together|hands|through|via|past|(?:gave|give|given|giving|quit|quitting|drop|dropped|ditch|ditched|stop|stopped|scrap|scrapped|kill|killed|sold|sell|selling|left|leave|leaving|pull|pulled|move|moved|moving|rid|kick|kicked|lost|lose|wipe|wiped|dump|dumped|finished|done|notice|broke|break|split|ended|finish|for sale|storage|ebay|vinted|gumtree|craigslist|marketplace|attic|loft|used to be|more of|from (?:mon|tues|wednes|thurs|fri|satur|sun)day|call|called|gone|went|cut|bin|binned|axe|axed|shelve|shelved|sunset|sunsets|sunsetted|sunsetting|deprecated|decommissioned|phased out|phasing out|jump|jumped|swap|swapped|trade|traded|off|over|out|dead|passed|died|missing|put|fell|fallen|happen|happening|hit|end|tore|torn|tear|rip|ripped|dug|dig|made|make|not|no|isn't|aren't|back|now|again|than|it's|it is|everything|onto|runs? on|→|->|=>))(?![\w'])`,
  'i',
);

const readRemembered = remembered(5_000, (clause: string) => read(clause));

/** What the clause ends or changes, or null when it changes nothing; remembered, as people repeat what changed. */
export function readChange(said: string): Change | null {
  // "Sharks supporter till I die": a loyalty for life, no death.
  const clause = said.replace(FOR_LIFE, '');
  if (!CUE.test(clause)) return null;
  const found = readRemembered(clause);
  return found && { ...found, ends: [...found.ends] };
}

const FOR_LIFE = /,?\s*\b(?:till|until|'?til) (?:i|we) die\b/gi;
const WHEN_ALONE = new RegExp(String.raw`^(?:(?:early |late |mid-?)?(?:\d{4}|(?:${DAY_OR_MONTH})(?: \d{4})?)|the (?:\d{4}s|\w+ties))$`, 'i');

/** "the hospital", "a bakery", "bakery": said in words the tagger knows, a place of work and no name. */
const commonWords = (value: string) => /^(?:the|a|an|this|that)\b/i.test(value) || knownWordsOnly(value);

function read(clause: string): Change | null {
  const s = stream(clause);
  const lowerWritten = !/\p{Lu}/u.test(clause.replace(/\bI(?:'m|'ve|'d|'ll)?\b/g, ''));
  const found: Change = { ends: [] };
  // Each part of the clause between its breaks may say a change of its own ("…, so Django's out").
  let previous: { change: Change | null; from: number; to: number } | undefined;
  for (let at = 0; at >= 0 && at < s.text.length; ) {
    const next = s.text.indexOf(' | ', at);
    const said = inPart(s, at, next < 0 ? s.text.length : next);
    // "my sister got a new car, a Kia Niro": a name said alone after someone else's new one is theirs (the user's own is read as 'owned').
    const theirs = said?.alone && previous && !previous.change && NEW_ONE.test(s.text.slice(previous.from, previous.to));
    const part = theirs ? null : said;
    const end = next < 0 ? s.text.length : next;
    // "It's Porto, not Lisbon", "no, I said Max, not Rex": what the user puts right ends the value it names as wrong.
    const wrong = !part && previous ? NOT_THAT.exec(s.text.slice(at, end)) : null;
    const right = wrong && previous && !previous.change ? SAID_RIGHT.exec(s.text.slice(previous.from, previous.to)) : null;
    const named = wrong && previous && (previous.change?.to !== undefined || right || NAMED_SO.test(s.text.slice(previous.from, previous.to)));
    const wrongly = named ? thingAlone(s, at + wrong![0].length, end) : undefined;
    if (wrongly !== undefined) {
      found.ends.push(wrongly);
      const rightly = right ? thingAlone(s, previous!.from + right[0].length, previous!.to) : undefined;
      if (rightly !== undefined && found.to === undefined) found.to = rightly;
    }
    // "Tea, no more, only coffee", "Squash? Never again": what the part before named is what ended.
    const noMore = !part && NO_MORE.test(s.text.slice(at, next < 0 ? undefined : next));
    // "not for me anymore, too slow": said first, it ends what the clause before named.
    if (noMore && !previous) found.ends.push(IT);
    if (noMore && previous) {
      const was = previous.change;
      const named = was?.to !== undefined && was.ends.length === 0 ? was.to : was ? undefined : thingAlone(s, previous.from, previous.to);
      if (named !== undefined) found.ends.push(named);
      if (named !== undefined && found.to === named) {
        delete found.to;
        delete found.role;
      }
    }
    // "Otieno and me — it's finished": the "it" that ended is what the part before named alone.
    const it = part?.ends.indexOf(IT) ?? -1;
    const before = it >= 0 && previous && !previous.change ? thingAlone(s, previous.from, previous.to) : undefined;
    if (before !== undefined) part!.ends[it] = before;
    previous = { change: part, from: at, to: next < 0 ? s.text.length : next };
    // "fave band used to be Muse | now it's Idles": the favourite one part ends is what another part's new value is.
    if (part?.favorite !== undefined && part.to === undefined) found.favorite ??= part.favorite;
    if (part) {
      found.ends.push(...part.ends);
      // "Peru's been pushed again, now it's October": what was moved and where to may be said apart.
      if (part.of !== undefined && (found.of === undefined || found.of === PLAN)) found.of = part.of;
      // "now I work in the hospital, Reinier de Graaf": an employer said in common words takes the name after it, or is none.
      // Written all in lower case, a name is told by words the tagger does not know ("first shift at matchstick coffee").
      const common = part.role === 'org' && /^\p{Ll}/u.test(part.to ?? '') && (!lowerWritten || commonWords(part.to!));
      const to = (common && namedAfter(s, next)) || part.to;
      // "Siri moved to Tromsø, so guess who is my boss again": a new manager outweighs where someone moved.
      const outweighs = part.role === 'diet' || (part.role === 'boss' && found.of !== undefined);
      if (outweighs && part.role === 'boss') delete found.of;
      if ((found.to === undefined || found.alone || outweighs) && to !== undefined && !(part.alone && found.to !== undefined)) {
        // "two things | … | I got bumped up to supervising attorney": a value said with a verb outweighs one said alone.
        if (found.alone) for (const k of ['alone', 'role', 'favorite'] as const) delete found[k];
        if (part.alone) found.alone = true;
        found.to = to;
        if (part.favorite !== undefined) found.favorite = part.favorite;
        if (part.thing !== undefined) found.thing = part.thing;
        if (part.for !== undefined) found.for = part.for;
        if (part.role !== undefined && (!common || to !== part.to)) found.role = part.role;
      }
    }
    at = next < 0 ? -1 : next + 3;
  }
  // "I'm working for Brandt, not Kessler anymore": what the user does now, said before what it ended.
  if (found.to === undefined && found.ends.length > 0 && CONTRASTED.test(s.text)) {
    const before = s.terms.slice(0, s.text.slice(0, s.text.indexOf(' | ')).split(' ').length).map((t) => t.text);
    const now = readChange(`now ${before.join(' ')}`);
    if (now?.to !== undefined && now.role !== undefined) Object.assign(found, { to: now.to, role: now.role });
  }
  // "…has to be gluten free": a verb is never what the user changed to; "It's 7719" (a code) is no thing at all, unless it dates a plan.
  if (found.to !== undefined && (/^(?:be|have|do|get) /.test(found.to) || (found.of === undefined && !/\p{L}/u.test(found.to)))) delete found.to;
  // "the villa we bought in 1978": a year or a month is when, never where; "moved to nights" is a turn of work.
  if (found.role === 'place' && found.to !== undefined && (WHEN_ALONE.test(found.to) || WORK_TURN_ALONE.test(found.to))) {
    delete found.to;
    delete found.role;
  }
  if (found.to !== undefined && / instead\b(?! of)/.test(s.text)) found.instead = true;
  // "We're doing Biarritz instead": a place said instead of another, and not as a home, is where the user goes.
  const first = found.to?.split(' ')[0];
  if (found.instead && !found.role && !HOME_CUE.test(s.text) && s.terms.some((t) => t.text === first && t.tags.has('Place'))) found.role = 'plan';
  if (found.to !== undefined && /\b(?:back|again)\b/.test(s.text)) found.back = true;
  const diets = dietsEnded(s.text);
  // "Now I eat fish again": the food eaten again ends the diets that exclude it, and is no diet itself.
  const eaten = EATS_AGAIN.exec(s.text)?.groups?.what ?? '';
  if (diets.length > 0 && found.to !== undefined && found.role === undefined && `${eaten.trim()} `.startsWith(`${found.to.toLowerCase()} `)) {
    delete found.to;
    delete found.back;
  }
  found.ends.push(...diets);
  const dwelling = found.to !== undefined && (found.role === 'place' || found.role === undefined) ? dwellingBefore(s, found.to) : undefined;
  if (dwelling) found.dwelling = dwelling;
  // "Spin classes. No more.": said alone, it ends what the clause before named.
  if (found.ends.length === 0 && found.to === undefined && NO_MORE.test(s.text.replace(/ \|$/, ''))) found.ends.push(IT);
  return found.ends.length || found.to !== undefined ? found : null;
}

/** A dwelling said by more than "place" or "home", whatever owned it or how new it is: "a two-bed terrace", "a houseboat". */
const A_DWELLING_IN = new RegExp(
  `\\b(?:an?|my|our|the|their) (?:(?:new|old|own|first) )*(?<d>(?:[\\p{L}\\d-]+ ){0,2}(?:${DWELLING})) (?:in|near|outside|on) (?:the )?`,
  'giu',
);
/** The dwelling said right before the new home's name ("moved into a two-bed terrace in Bristol"). */
function dwellingBefore(s: Stream, to: string): string | undefined {
  const words = s.terms.map((t) => t.text).join(' ');
  for (const m of words.matchAll(A_DWELLING_IN)) {
    const d = m.groups!.d!;
    if (!words.startsWith(to, m.index + m[0].length) || /^(?:(?:new|old|own|first|little|lil) )*(?:place|home)$/i.test(d)) continue;
    return `${/^[aeiou]/i.test(d) ? 'an' : 'a'} ${d}`;
  }
  return undefined;
}

/** The span is one word the tagger knows as a person's name. */
function personAlone(s: Stream, [from, to]: [number, number]): boolean {
  const words = s.starts.flatMap((at, i) => (at >= from && at < to ? [s.terms[i]!] : []));
  return words.length === 1 && words[0]!.tags.has('Person');
}

/** "now I work in the hospital, Reinier de Graaf": the name the part after `at` gives what was said in common words. */
function namedAfter(s: Stream, at: number): string | undefined {
  if (at < 0) return undefined;
  const end = s.text.indexOf(' | ', at + 3);
  const words = s.terms.filter((_, i) => s.starts[i]! > at + 1 && (end < 0 || s.starts[i]! < end) && s.text[s.starts[i]!] !== '|');
  const named =
    words.length > 0 &&
    words.length <= 5 &&
    /^\p{Lu}/u.test(words[0]!.text) &&
    words.every((t) => /^(?:\p{Lu}|(?:de|van|von|der|den|of|the|la|le|da|du|y|&)$)/u.test(t.text));
  return named ? words.map((t) => t.text).join(' ') : undefined;
}

/** A place's name of up to three words, all of them nouns or names, whatever their case ("baton rouge"); else undefined. */
function placeNamed(s: Stream, from: number, to: number): string | undefined {
  const terms = s.terms.filter((_, i) => s.starts[i]! >= from && s.starts[i]! < to && s.text[s.starts[i]!] !== '|');
  const other = ['Determiner', 'Pronoun', 'Date', 'Adverb', 'Preposition', 'Conjunction', 'Value', 'PastTense', 'Gerund', 'Copula', 'Auxiliary', 'Modal'];
  return terms.length > 0 && terms.length <= 3 && !terms.some((t) => other.some((tag) => t.tags.has(tag))) ? terms.map((t) => t.text).join(' ') : undefined;
}

/** The words of the stream between two places, as the user wrote them, without a leading determiner. */
function wordsOf(s: Stream, from: number, to: number): string {
  const words = s.terms.filter((_, i) => s.starts[i]! >= from && s.starts[i]! < to && s.text[s.starts[i]!] !== '|').map((t) => t.text);
  return words.join(' ').replace(/^(?:the|a|an) /i, '');
}

/** The thing a part names and nothing else ("squash", "the old Kindle"), or undefined. */
function thingAlone(s: Stream, from: number, to: number): string | undefined {
  const thing = said(s, from, to);
  const words = s.text
    .slice(from, to)
    .replace(/^(?:(?:and|so|but) )?(?:(?:the|a|an|my|our) )?/, '')
    .replace(/ (?:and|n|&) (?:me|i)$/, '')
    .split(' ').length;
  if (thing && thing.split(' ').length === words) return NOT_A_THING.test(thing) ? undefined : thing;
  // "line dance | I quit": a name of an activity compromise reads as a verb is the thing all the same.
  return words <= 3 ? topicOf(wordsOf(s, from, to)) : undefined;
}

/** A part that only says that what the part before named is no more. */
const NO_MORE =
  /^(?:no more|no longer|not anymore|not any more|never again|not now|not these days|no more of that|not for me(?: anymore| any more| now)?|i (?:quit|stop|give up|be done)(?: now)?|it be (?:over|finish|finished|done)(?: now)?)$/;

/** A part that names only what is wrong: "not Lisbon", "but not Rex". */
const NOT_THAT =
  /^(?:but |and )?not (?!(?:any|anymore|really|sure|much|even|yet|at all|too|that|so|just|only|always|ever|now|quite|exactly|me|us|you|him|her|them|it|this|there|here|again|everyone|everything|anything)\b)/;
/** What the user says to put something right: "I said Porto", "I meant Max", "it's Porto". */
const SAID_RIGHT =
  /^(?:(?:no|nope|sorry|oops|actually|correction|wait) )*(?:(?:i|we) (?:say|mean|write|type)|(?:it|that|the name) (?:be|should be|should have be))(?: actually)? /;
/** A part that says what something is called: "my dog's called Max". */
const NAMED_SO = /\b(?:be|have|get) (?:call|name)\b|\bname be\b/;
/** A clause that says what is so, then what no longer is: "…, not Kessler anymore". */
const CONTRASTED = /^[^|]+ \| (?:but )?not [^|]+ (?:anymore|any more|any longer)\b/;

/** Words of a clause that say the user's home changed, whatever the verb ("settled in", "new flat in", "relocated to"). */
const HOME_CUE =
  /\b(?:move|relocate|shift|settle|live|living|base|based|home|here|house|flat|apartment|place|rent|renting|lease|address|neighbourhood|neighborhood)\b/;

/** Words just before a lower-case home: a verb of moving, then "to" ("moved down to hobart"). */
const MOVED_TO = /\b(?:move|relocate|shift)(?: \w+){0,2} to $/;
/** A manager's title, with a word of what they lead ("depot manager"). */
const A_BOSS = new RegExp(`^${BOSS_OF_WHAT}$`, 'iu');
/** A kind of person a thing makes someone: "a tea person", "an Android guy", "a Mac user". */
const A_PERSON_OF = new RegExp(`^(?:an? )?(?<thing>.+) (?:${PERSON_OF_A_THING.join('|')})$`, 'i');
/** A job title, also one headed by rank ("Head of Operations", "assistant principal"). */
const A_TITLE = new RegExp(
  `^(?:(?:acting|interim) )?(?:${ROLE}|(?:head|chief|director|vice president|vp|deputy) of .+|(?:department|dept|section|unit|team|year|house|faculty|subject|ward|deputy|assistant) head(?: teacher)?|(?:team|shift|crew|group) leader|(?:[a-z]+ )?(?:(?:vice|deputy|assistant)[- ])?(?:principal|partner|head teacher|headteacher))$`,
  'i',
);
const A_DIET = new RegExp(`^(?:${DIET})$`, 'i');
/** A diet said with a word of how it feels before it ("a boring vegetarian", "strict vegan"): the diet. */
const DIET_SAID = new RegExp(`^(?:[a-z]+ )?(?<diet>${DIET})$`, 'i');
/** The user's own unit of work moved by someone ("moved my whole unit from…"). */
const UNIT_MOVED = new RegExp(`\\b(?:move|transfer|shift|switch|put) (?:my|our) (?:whole |entire )?(?<unit>${alternation(UNITS)})\\b`);
const WORK_SITE = new RegExp(`\\b${alternation(WORK_SITES)}$`, 'i');
/** A unit of the user's workplace ("the employment law team"): never a home. */
const A_TEAM = new RegExp(`\\b${alternation(TEAM_UNITS)}$`, 'i');

/** A stretch of time said as a noun ("for the evening"), which compromise does not tag as a date. */
const A_SPAN = /^(?:evening|night|weekend|day|morning|afternoon|week|month|holidays?|rest of the \w+)$/i;

/** Whether the value starting at `at` is a time ("July", "the 20th", "next week"). */
function isWhen(s: Stream, at: number): boolean {
  const i = s.starts.findIndex((start, j) => start >= at && !s.terms[j]!.tags.has('Determiner'));
  const term = s.terms[i];
  return term !== undefined && (term.tags.has('Date') || term.tags.has('Ordinal') || /^\d/.test(term.text));
}

/** Where a time said after a value begins ("Shetland | in September", "Lyon | from the 3rd"), or `to` when none follows it. */
function beforeTime(s: Stream, from: number, to: number): number {
  for (const m of s.text.slice(from, to).matchAll(/ (?:in|on|for|from|by|around) /g)) {
    if (m.index > 0 && isWhen(s, from + m.index + m[0].length)) return from + m.index;
  }
  return to;
}

/** A trip, not a home ("going to Sicily instead"). */
const TRAVEL = /\b(?:go|fly|travel|visit|head|trip|holiday|vacation|book|drive|tour)\b/;
/** A pastime done somewhere, not a job there ("I swim laps at the Y instead"). */
const PASTIME_AT =
  /\b(?:swim|run|jog|play|train|climb|boulder|cycle|lift|box|dance|sing|skate|surf|row|paddle|practise|practice|work out|hike|lap|laps|yoga|pilates)\b/;

/** "now I work in the Pix integration project": a piece of work, never a home. */
const A_PROJECT = /\b(?:project|programme|program|initiative|rollout|roll-out|workstream|pilot)$/i;
/** Whether the new value `value`, starting at `at`, is a job title, a team, a place the user lives or an organisation they work at: by compromise's tags and the word before it. */
const VEHICLES = new Set(kindNamed('vehicle').things);
/** How a business's name ends ("Crescent Cars", "Northshore Mechanical"). */
const BUSINESS_NAMED =
  /\s(?:Cars|Taxis?|Cabs|Ltd|Limited|Inc|LLC|Plc|PLC|GmbH|Group|Services|Solutions|Motors|Logistics|Consulting|Labs|Studios|Systems|Technologies|Holdings|Partners|Associates|Plumbing|Electrical|Mechanical|Builders|Construction|Couriers|Insurance|Bank)$/u;
function roleOf(s: Stream, part: string, at: number, value: string): Change['role'] {
  // "bought a Ford Ranger": a vehicle's name is no job title.
  if (A_JOB_TITLE.test(value) && !VEHICLES.has(categoryOf(value) ?? '')) return 'job';
  if (A_TEAM.test(value)) return 'team';
  if (A_PROJECT.test(value)) return 'project';
  if (DIET_SAID.test(value)) return 'diet';
  // "moved from Python 2 to Python 3": a thing of a known category is no home and no employer.
  if (categoryOf(value) !== undefined) return undefined;
  // "now I am in the Hotel New Otani kitchen": a room or site of a workplace is no home; "everything here is in German now": nor is a language.
  if (WORK_SITE.test(value) || SPOKEN_ALONE.test(value)) return undefined;
  const i = s.starts.findIndex((start, j) => start >= at && s.text[start] !== '|' && !s.terms[j]!.tags.has('Determiner'));
  const term = s.terms[i];
  if (!term || TRAVEL.test(part) || PASTIME_AT.test(part)) return undefined;
  const before = s.text.slice(0, at).trimEnd().split(' ').at(-1) ?? '';
  // "moved down to hobart": a lower-case name is a place only after a verb of moving home.
  if (!/^\p{Lu}/u.test(term.text)) return MOVED_TO.test(s.text.slice(0, at)) && categoryOf(value) === undefined && term.tags.has('Noun') ? 'place' : undefined;
  const at_ = /^(?:at|join|for|with)$/.test(before);
  // "back on the XXXX": what the user is on again is a drink, a diet or a tool, never where they work.
  const on = /\b(?:on|onto)(?: (?:the|a|an|my|our))?$/.test(s.text.slice(0, at).trimEnd());
  // "I'm into Fortnite now": what the user is into is a taste, never where they live or work.
  if (/\bbe (?:\w+ )?into$/.test(s.text.slice(0, at).trimEnd())) return undefined;
  // "it's NA beer only": letters in capitals before a word in lower case are no organisation's name.
  const acronymOnly = term.tags.has('Acronym') && !term.tags.has('Organization') && / \p{Ll}/u.test(value);
  if ((term.tags.has('Organization') || term.tags.has('Acronym')) && !term.tags.has('Place') && !on && !acronymOnly) return 'org';
  // "moved over to Crescent Cars": a name a business ends on is no place.
  if (BUSINESS_NAMED.test(value)) return 'org';
  // "I've moved on to Succession": what the user moved on to is the next thing, a place only by its name.
  if (/\bmove on to$/.test(s.text.slice(0, at).trimEnd()) && !term.tags.has('Place')) return undefined;
  if (HOME_CUE.test(part) || /^(?:in|into|near|outside)$/.test(before)) return 'place';
  return at_ && !term.tags.has('Place') ? 'org' : undefined;
}

/** Whether the words of a part before what it says changed name someone else as its subject, and not the user beside them ("my wife and I"); "they moved me…" is said of the user. */
function saidOfSomeoneElse(s: Stream, from: number, to: number): boolean {
  const terms = s.terms.filter((_, i) => s.starts[i]! >= from && s.starts[i]! < to && s.text[s.starts[i]!] !== '|');
  if (terms.some((t) => /^(?:i|we|me|us)$/i.test(t.text))) return false;
  // "they transferred my team from…": an employer's "they" acting on the user's own.
  if (/^they$/i.test(terms[0]?.text ?? '') && terms.some((t) => /^(?:my|our)$/i.test(t.text))) return false;
  const first = terms[0];
  const named = !!first && /^\p{Lu}/u.test(first.text) && (first.tags.has('Person') || first.tags.has('FirstName'));
  return named || someoneElseBefore(terms.map((t) => t.text).join(' '));
}

function inPart(s: Stream, from: number, to: number): Change | null {
  // A leading "so", "and" or "but", or the mark of an item of a list ("2)", "(b)"), is blanked, keeping every word where it was.
  const part = s.text.slice(from, to).replace(/^(?:(?:so|and|but|then|\(?[a-z\d]{1,2}\)) )+/, (w) => ' '.repeat(w.length));
  const text = part.trimStart();
  const shift = from + part.length - text.length;
  for (const [re, what] of PATTERNS) {
    const m = re.exec(text);
    if (!m) continue;
    // "my brother switched from iPhone to Android", "Tom moved from Calgary to Halifax": a change someone else is the subject of is theirs.
    if (m.index > 0 && !/\b(?:me|my|us|our)\b/.test(m[0]) && saidOfSomeoneElse(s, shift, shift + m.index)) return null;
    const group = (name: 'x' | 'y') => {
      const span = m.indices?.groups?.[name]?.map((i) => i + shift);
      if (!span) return undefined;
      const last = name === 'y' && ((what === 'switch' && /instead|rather|place of/.test(m[0])) || what === 'instead' || what === 'marked');
      // "no longer doing morning yoga", "haven't run a half": the thing after the verb that opens the span.
      const verb = name === 'x' && what === 'end' ? doing(s, span[0], span[1]) : null;
      const within = heldIn(s, span[0] + (verb?.[0].length ?? 0), span[1], to, name);
      if (within.place) placeAt = within.from;
      // "a lil place in baton rouge": a home is every word of its name, whatever compromise tags them.
      // "going to Shetland in September instead": read from its end, the new value stops before the time said after it.
      const until = last ? beforeTime(s, within.from, within.to) : within.to;
      const thing =
        (what === 'home' && name === 'y' && placeNamed(s, within.from, within.to)) ||
        said(s, within.from, until, last, name === 'x', name === 'x' && (what === 'end' || what === 'switch'));
      // "I don't run anymore": a pastime said by its verb alone is the activity.
      const pastime = name === 'x' && what === 'end' && !thing ? PASTIMES.get(s.text.slice(span[0], span[1]).trim()) : undefined;
      if (pastime) return pastime;
      // A bare new value is a noun phrase and nothing else; said alone, one of a known category.
      if (what === 'bare' && m[0] === m.groups!.y && categoryOf(thing) === undefined) return undefined;
      // "commuting on a Brompton now": a verb's -ing before its preposition is what the user does, not a new value.
      if (what === 'bare' && / (?:at|in|for|with|before|after|on) /.test(s.text.slice(span[1], to)) && /ing$/i.test(thing)) return undefined;
      if (
        what === 'bare' &&
        thing.split(' ').length !==
          s.text
            .slice(span[0], span[1])
            .replace(MEASURED, '')
            .replace(/^(?:the|a|an|my|our) /, '')
            .split(' ').length
      )
        return undefined;
      if (name === 'x' && what === 'end' && PRONOUN.test(s.text.slice(span[0], span[1]).trim() || 'it')) return IT;
      if (name === 'x' && what === 'end' && span[0] === shift && (verbWithParticle(s, span[0]) || phrasalEnd(s, span[0], span[1]))) return undefined;
      if (name === 'y' && howItIs(s, span[0], thing)) return undefined;
      const person = name === 'y' && (what === 'boss' || what === 'partner');
      // "ayodele's back as my manager": the name, not its "'s"; "the senior partner, Mrs Imogen Sato": the name after the title.
      // "a senior caseworker there": where is said by the clause's other words, not by the value.
      const named = person ? (appositiveName(s, span[1], thing) ?? thing).replace(/['’]s$/, '') : name === 'y' ? thing.replace(/ (?:there|here)$/i, '') : thing;
      // "I report to my boss, who…": a title alone names nobody.
      if (person && /^(?:boss|manager|supervisor|line manager|team lead|partner|lead)$/i.test(named)) return undefined;
      // "my boss is a nightmare": said with "a", what someone is like, unless a name follows ("a woman called Deirdre").
      if (
        person &&
        /^an? (?!(?:mr|mrs|ms|mx|miss|dr|prof|sir|madam)\b)/.test(s.text.slice(span[0], span[1])) &&
        !/\b(?:call|called|name|named) /.test(s.text.slice(span[0], to))
      )
        return undefined;
      return named && !NOT_A_THING.test(named) ? named : undefined;
    };
    // "I went to an LGBTQ conference", "went to Lisbon": somewhere the user went, not what they switched to ("went over to Android").
    if (what === 'to' && wentTo(s, shift + m.index, m[0])) continue;
    let placeAt: number | undefined;
    if (re === HANDED_OVER && personAlone(s, m.indices!.groups!.x!.map((i) => i + shift) as [number, number])) continue;
    const x = group('x');
    const y = group('y');
    // "Books are in Lexware now": what a part of the user's work runs on, whichever reading found it.
    const runs = y !== undefined && placeAt === undefined && what !== 'switch' ? runsOn(text, m.indices!.groups!.y![0], y) : undefined;
    const read =
      placeAt !== undefined
        ? 'place'
        : runs ||
            (y !== undefined &&
              categoryOf(y) === undefined &&
              /^\p{Lu}/u.test(y) &&
              WORKPLACE_ON.test(`${s.text.slice(0, m.indices!.groups!.y![0] + shift).trimEnd()} `))
          ? 'tool'
          : y === undefined || what === 'into' || what === 'home'
            ? undefined
            : roleOf(s, s.text, m.indices!.groups!.y![0] + shift, y);
    // "we've got a new depot manager": a new manager at the user's work is no job of the user's.
    if (read === 'job' && A_BOSS.test(y!) && /\b(?:get|have) (?:a |an )?new $/.test(s.text.slice(0, m.indices!.groups!.y![0] + shift))) continue;
    // "migrated from ROS 1 to ROS 2": a thing swapped for another is no employer, whatever its tags.
    // "I am moved to Adler now": moved by someone else to what is no place's name, the user's work moved, not their home.
    const movedBy = read === 'place' && /\b(?:be|get|have be) (?:now )?move (?:over |across )?to $/.test(s.text.slice(0, m.indices!.groups!.y![0] + shift));
    const role =
      read === 'org' && what === 'switch' && /\b(?:from|off)\b/.test(m[0]) ? undefined : movedBy && !tag(y!)[0]?.tags.has('Place') ? 'project' : read;
    const as = role ? { role, ...(runs?.for ? { for: runs.for } : {}) } : {};
    // "first shift done": a stretch of work over is news of a job, not the end of a thing of the user's.
    if (what === 'end' && x && STRETCH_DONE.test(x)) continue;
    // "Practice has finally binned VetPro": a subject that did the ending to what follows it is not what ended.
    if (what === 'end' && x && ENDED_SOMETHING.test(s.text.slice(m.indices!.groups!.x![1] + shift))) continue;
    if (what === 'end' && x) return { ends: [x], ...thenTo(s, m.indices!.groups!.x![0] + shift, to) };
    if (what === 'was_favorite' && x) return { ends: [x], favorite: m.groups!.f!, ...thenTo(s, m.indices!.groups!.x![0] + shift, to) };
    // "gave my surfboard to my nephew": a thing given away is named, or the gear of a pastime.
    if (what === 'taken' && x && /^\p{Lu}/u.test(x)) return { ends: [x] };
    if (what === 'named' && x && (/^\p{Lu}/u.test(x) || pastimesOf(x, stemWord).length > 0)) return { ends: [x] };
    // "from time to time": the same thing on both sides is no switch; nor is "off my phone for the evening", a time.
    if (what === 'switch' && x && y && x.toLowerCase() === y.toLowerCase()) return null;
    // "teaching the new recruits rather than driving the routes": an activity said by its verb alone is not swapped for what another verb is done to.
    if (what === 'switch' && x && y && /\b(?:rather than|instead of)\b/.test(m[0]) && /^[a-z]+ing$/i.test(x) && !/ing\b/i.test(y)) continue;
    if (what === 'switch' && y && / off /.test(` ${m[0]}`) && (isWhen(s, m.indices!.groups!.y![0] + shift) || A_SPAN.test(y))) return null;
    // "put me off coffee for the blood pressure": what it is off for is why, and the coffee is what ended.
    if (what === 'switch' && x && y && / off /.test(` ${m[0]}`) && FOR_HEALTH.test(y)) return { ends: [x] };
    // "they moved my whole unit from felony trial to juvenile justice": the user's unit is now the new one, named by all its words ("probate").
    const unit = what === 'switch' ? UNIT_MOVED.exec(text)?.groups?.unit : undefined;
    const [unitFrom, unitTo] = (['x', 'y'] as const).map((g) => {
      const span = m.indices?.groups?.[g];
      return unit && span ? wordsOf(s, span[0] + shift, span[1] + shift) : '';
    });
    if (unitFrom && unitTo) return { ends: [unitFrom], to: A_TEAM.test(unitTo) ? unitTo : `${unitTo} ${unit}`, role: 'team' };
    // "the studio moved everything from Figma to Penpot": from a thing of a known category, the new one is no home or employer.
    if (what === 'switch' && x && y) return { ends: [x], to: y, ...(categoryOf(x) !== undefined && (role === 'place' || role === 'org') ? {} : as) };
    // "Moved the Lisbon trip to July": a plan at a new time.
    if (what === 'into' && x && y && isWhen(s, m.indices!.groups!.y![0] + shift)) return { ends: [], to: y, of: x };
    // "back at IIT Kharagpur I was state-level in chess": where the user was then, not where they are back at.
    const then =
      / back (?:at|in) /.test(` ${m[0]}`) &&
      s.terms.some(
        (t, i) =>
          s.starts[i]! > (m.indices!.groups!.y?.[0] ?? 0) + shift &&
          s.starts[i]! < to &&
          /^(?:was|were)$/i.test(t.text) &&
          /^(?:i|we)$/i.test(s.terms[i - 1]?.text ?? ''),
      );
    // "CN chloe now": said alone, a name in capitals then a word in lower case is no organisation (a title and the user's own name).
    const mixed = role === 'org' && /^\p{Lu}/u.test(y ?? '') && / \p{Ll}/u.test(y ?? '');
    // "Paying half rent now": what the user is doing, said alone, is no value.
    // "Mum's home now": someone is back at their home; "desk job now": what kind of work it is. No value of the user's either.
    if (what === 'bare' && y && !then && !saysDoing(y) && !/^[\p{L}-]+'s home$|^(?:[\p{L}-]+ )?(?:job|gig|shifts?|hours)$/iu.test(y))
      return { ends: [], to: y, ...(mixed ? {} : as), alone: true };
    if ((what === 'to' || what === 'into' || what === 'marked') && y && !then)
      return { ends: [], to: role === 'diet' ? DIET_SAID.exec(y)!.groups!.diet! : y, ...as };
    if (what === 'runs_on') {
      const runs = y === undefined ? undefined : runsOn(text, m.indices!.groups!.y![0], y);
      if (!runs) continue;
      return { ends: [], to: y!, ...runs };
    }
    if (what === 'boss' && y) return { ends: [], to: y, role: 'boss' };
    if (what === 'kept' && y && categoryOf(y) !== undefined) return { ends: [], to: y };
    const titled = what === 'titled' ? appositiveName(s, to, 'manager') : undefined;
    if (titled) return { ends: [], to: titled, role: 'boss' };
    // "I have a new boss on Monday": a title with no name after it names nobody yet.
    if (what === 'titled') continue;
    // "now I'm in Lisbon" is a home; "now I work in Berlin" names where, not who the user works for.
    if (what === 'org' && y && role === 'place') {
      if (/ be (?:at|in) /.test(` ${m[0]}`)) return { ends: [], to: y, role: 'place' };
      continue;
    }
    if (what === 'org' && y && role === 'project') return { ends: [], to: y, role };
    if ((what === 'org' || what === 'partner' || what === 'plan') && y) return { ends: [], to: y, role: what };
    if (what === 'project' && y) return { ends: [], to: y, role: role === 'team' ? role : 'project' };
    if (what === 'favorite' && y) return { ends: [], to: y, favorite: m.groups!.f! };
    // "new truck since monday, a Volvo FH": the name said after the break, unless said with "is".
    const owned = what === 'owned' ? (y ?? nameAfter(s, to)) : undefined;
    if (owned) return { ends: [], to: owned, thing: m.groups!.h! };
    if (what === 'owned') continue;
    // A title is read by the words of jobs, whatever compromise makes of them ("made me counsel").
    const titleSaid =
      what === 'title' ? wordsOf(s, m.indices!.groups!.y![0] + shift, m.indices!.groups!.y![1] + shift).split(/ (?:for|at|in|with|on|as) /)[0]! : '';
    // "made me a cup of tea": after "made me a", only a title is one ("made me service manager" needs none).
    if (what === 'title' && (A_TITLE.test(titleSaid) || (y && !/\b(?:make|made) (?:me|us) an? /.test(m[0]))))
      return { ends: [], to: A_TITLE.test(titleSaid) ? titleSaid : y!, role: 'job' };
    // A title is said whole, prepositions and all ("Head of Operations").
    const title =
      what === 'title_now' && m.indices?.groups?.y
        ? wordsOf(s, m.indices.groups.y[0] + shift, m.indices.groups.y[1] + shift).split(/ (?:for|at|in|with|on|from|starting|effective) /)[0]!
        : '';
    if (title && A_TITLE.test(title)) return { ends: [], to: title, role: 'job' };
    // "I'm a flat white woman now", "an Android guy these days": what the user is a person of is a new thing of its category.
    const ofThing = title && listedIn(A_PERSON_OF.exec(title)?.groups?.thing ?? '');
    const at = ofThing ? title.toLowerCase().indexOf(ofThing) : -1;
    if (ofThing && at >= 0) return { ends: [], to: title.slice(at, at + ofThing.length) };
    if (what === 'diet' && y) return { ends: [], to: y, role: 'diet' };
    // "I got married on June 3rd, 2018" is an event of the past, not news; "we're getting married in June" one ahead.
    if (what === 'status')
      return PAST_DATE.test(s.text) || /\bbe get (?:marry|married|engage|engaged|hitched)\b/.test(s.text)
        ? null
        : { ends: [], to: /marr|knot|hitch/.test(m[0]) ? 'married' : 'engaged', role: 'status' };
    if (what === 'home' && y) return { ends: [], to: y, role: 'place' };
    // Gone to instead of somewhere else, a place (never a time) is the user's new plan, unless the clause says it is where they live.
    const trip = TRAVEL.test(text) || (role === 'place' && !HOME_CUE.test(text));
    if (what === 'goes' && y && !isWhen(s, m.indices!.groups!.y![0] + shift))
      return { ends: [], to: y, instead: true, ...(trip && role !== 'org' ? { role: 'plan' as const } : as) };
    if (what === 'instead' && y) return { ends: [], to: y, instead: true, ...as };
    // "Quick one before my shift": a word of moving tagged a noun moves nothing.
    const matched = s.terms.filter((_, i) => s.starts[i]! >= (m.indices!.groups!.x?.[1] ?? 0) + shift && s.starts[i]! < m.index + m[0].length + shift);
    const verbs = matched.filter((t) => MOVING.test(lemmaOf(t.text)));
    const moving = what === 'moved' && (verbs.length === 0 || verbs.some((t) => t.tags.has('Verb')));
    if (what === 'moved' && x && moving) return y ? { ends: [], to: y, of: x } : { ends: [], of: x };
    if (what === 'moved' && y && / (?:it|them|everything) /.test(m[0])) return { ends: [], to: y, of: PLAN };
  }
  return null;
}

/** "haven't touched pottery in ages", "no longer doing morning yoga": the verb that opens what ended, before the thing it names. */
/** A value that opens with a verb's -ing form ("paying half rent"), whatever else the tagger makes of it, says what is done. */
function saysDoing(value: string): boolean {
  const first = tag(value)[0];
  return !!first && /^\p{L}+ing$/iu.test(first.text) && !['Noun', 'ProperNoun', 'Place'].some((t) => first.tags.has(t));
}

/** The part of work a clause says runs on `y`, read at `at` in the part's text, when `y` names a tool: `for` the part, if one of work's things. */
function runsOn(text: string, at: number, y: string): { role: 'tool'; for?: string } | undefined {
  const m = RUNS_ON.exec(text) ?? ALL_ON.exec(text) ?? ALL_OF.exec(text);
  const start = (i: number) => i + text.slice(i).length - text.slice(i).trimStart().length;
  if (!m || start(m.indices!.groups!.y![0]) !== start(at) || !toolNamed(y, /^(?:\S+ )*new /.test(m[0]) ? 'now' : text)) return undefined;
  const part = m.groups!.p!.replace(/^(?:(?:the|our|my|all|all of|whole|every|most of|new) )+/, '');
  // "we're in Limerick now": where "we" are is a home; what "we" are on is what the work runs on.
  if (part === 'we' && /\bin(?:to)? $/.test(text.slice(0, at))) return undefined;
  // "we're going to Yosemite at the end of July": where "we" are going is a trip.
  if (part === 'we' && /\b(?:go|going) to $/.test(text.slice(0, at))) return undefined;
  return { role: 'tool', ...(WORK_THINGS.some((w) => part === w || part === `${w}s`) ? { for: part } : {}) };
}
/**
 * A tool's name after "on", "in" or "through": a name, or a word of no common sense ("servicetitan") after a part of work that is
 * news ("we're on jobber now"); never how things are ("on hold", "in chaos") or where.
 */
function toolNamed(y: string, said: string): boolean {
  if (NO_TOOL.test(y) || y.split(' ').length > 3 || /^(?:an?|my|our|his|her|their|this|that|these|those|some)\b/i.test(y)) return false;
  if (tag(y).some((t) => ['Place', 'Date', 'Person', 'Pronoun', 'Value', 'Plural'].some((n) => t.tags.has(n)))) return false;
  const category = categoryOf(y);
  if (category !== undefined) return TOOL_CATEGORIES.has(category);
  if (/^(?:the )?\p{Lu}/u.test(y)) return !SPOKEN_ALONE.test(y);
  return / (?:now|again|these days|nowadays|from now on)\b|(?:thru|through|via) /.test(` ${said}`) && !inLexicon(y.split(' ')[0]!);
}
function doing(s: Stream, from: number, to: number): RegExpExecArray | null {
  const listed = /^(?:do|play|run|go|eat|drink|use|watch|follow|support|attend|take|have) (?!it\b|them\b)/.exec(s.text.slice(from, to));
  if (listed) return listed;
  const i = s.starts.indexOf(from);
  // A verb opening the part is its own clause's ("developed a nut allergy out of nowhere"), not what ended.
  if (i <= 0 || s.text[s.starts[i - 1]!] === '|') return null;
  const verb = s.terms[i];
  const next = s.terms[i + 1];
  // "touched" after "haven't" may be tagged an adjective: a participle all the same.
  const participle = verb?.tags.has('Adjective') === true && /(?:ed|en)$/.test(verb.text);
  const isVerb = participle || (verb?.tags.has('Verb') && !verb.tags.has('Gerund') && !verb.tags.has('ProperNoun') && !verb.tags.has('Auxiliary'));
  return isVerb && next && !next.tags.has('Pronoun') && !next.tags.has('Preposition') ? /^\S+ /.exec(s.text.slice(from, to)) : null;
}

const PART_OF_WHOLE = new RegExp(`^(?:(?:the|my|our) )?${PART_OF} of (?:(?:the|my|our) )?`);
const MEASURED = /^(?:(?:a|an|one|two|three|\d+) )?(?:pot|cup|mug|glass|pint|bottle|can|jug|flask|shot|bowl|plate|slice|pack|packet|tin)s? of (?=[^| ])/;
/** The thing measured, up to when or how it is had ("tea | first thing", "rooibos | a day"). */
const MEASURED_WHAT = /^[^| ]+(?: (?!(?:first|every|each|a|an|in|at|on|with|now|for|then|daily|before|after)\b)[^| ]+){0,2}/;
const SEAT_IN = new RegExp(`^(?:(?:my|our|the) )?${SEAT} (?:in|at|on|with) (?:(?:the|my|our) )?`);
const DWELLING_IN = new RegExp(`^(?:(?:an?|my|our|the) )?(?:[^| ]+ ){0,2}${DWELLING} (?:in|on|near|at|outside) (?=[^| ])`);
/**
 * Where the thing a span names starts, past what the user held in it: "the last of the cherry
 * trees" names the cherry trees, "my spot in the Tuesday group" the group; a new value "a senior
 * apartment in Baton Rouge" is the place (`place`), whatever its case.
 */
function heldIn(s: Stream, from: number, to: number, end: number, name: 'x' | 'y'): { from: number; to: number; place?: boolean } {
  // What the user held in something, and where a dwelling is, may be said past the span's own end ("my spot | in the choir" is not split).
  const text = s.text.slice(from, end);
  const part = PART_OF_WHOLE.exec(text);
  if (part) return { from: from + part[0].length, to };
  const seat = name === 'x' ? SEAT_IN.exec(text) : null;
  if (seat) return { from: from + seat[0].length, to: end };
  // "it's a pot of tea first thing now": what is drunk, not how much of it.
  const measured = name === 'y' ? MEASURED.exec(text) : null;
  if (measured) {
    const what = MEASURED_WHAT.exec(text.slice(measured[0].length))![0];
    return { from: from + measured[0].length, to: from + measured[0].length + what.length };
  }
  const home = name === 'y' ? DWELLING_IN.exec(text) : null;
  return home ? { from: from + home[0].length, to: end, place: true } : { from, to };
}

/** The stream's index of the first word at or after `at`. */
const wordAt = (s: Stream, at: number) => s.starts.findIndex((start) => start >= at);
const LINKING = /^(?:be|have|get)$/;

/** Particles a verb takes ("help out", "head off", "go on"): after a verb, never an ending. */
const PARTICLE = /^(?:out|off|over|up|on|away|to|ahead|back|around)$/;

/**
 * "Helping out like that", "Being out in the water", "Keep going", "gonna head out": a verb said
 * first in the clause, with its particle or another verb, is what the user does, not a thing that
 * ended. Compromise tags such a word by its context (a noun before "to"), so its form decides too.
 */
function verbWithParticle(s: Stream, at: number): boolean {
  const i = wordAt(s, at);
  const subject = s.terms[i];
  const next = s.terms[i + 1];
  if (!subject || !next || s.text[s.starts[i + 1]!] === '|' || subject.tags.has('ProperNoun')) return false;
  // "After being out for so long": a word that joins clauses is no subject.
  if (['Preposition', 'Conjunction', 'QuestionWord'].some((tag) => subject.tags.has(tag))) return true;
  const verb = (subject.tags.has('Verb') && !subject.tags.has('Noun')) || /^\p{Ll}+ing$/u.test(subject.text.toLowerCase());
  const following = s.text.slice(s.starts[i + 1]!).split(' ')[0]!;
  if (!verb || LINKING.test(following)) return false;
  return PARTICLE.test(following) || ['Gerund', 'Determiner', 'Pronoun'].some((tag) => next.tags.has(tag));
}

/** "Networking really pays off": the particle of the verb before it ("pay off"), not an ending of the subject. */
function phrasalEnd(s: Stream, from: number, to: number): boolean {
  const words = s.terms.filter((_, i) => s.starts[i]! >= from && s.starts[i]! < to);
  const last = words.at(-1);
  return (
    last !== undefined &&
    words.length > 1 &&
    last.tags.has('Verb') &&
    !last.tags.has('Copula') &&
    !last.tags.has('Auxiliary') &&
    !LINKING.test(lemmaOf(last.text))
  );
}

/** "went to", "going to": a visit or a plan; "gone to part time" is where the user is now. */
function wentTo(s: Stream, at: number, matched: string): boolean {
  const go = /(?:^|\s)go to /.exec(matched);
  if (!go) return false;
  const verb = s.terms[wordAt(s, at + go.index + (go[0].startsWith(' ') ? 1 : 0))];
  return verb?.text.toLowerCase() !== 'gone';
}

/**
 * "It's amazing to see…", "it's awesome seeing the kids…": an adjective, alone or before a verb,
 * says how something is, not a new value (a diet or a status is read by its own rows).
 */
function howItIs(s: Stream, at: number, thing: string): boolean {
  if (A_DIET.test(thing) || /^\p{Lu}/u.test(thing)) return false;
  const i = wordAt(s, at);
  const words = thing.split(' ').length;
  const [first, last] = [s.terms[i], s.terms[i + words - 1]];
  const only = (t: Term | undefined, tag: string) => t?.tags.has(tag) === true && !t.tags.has('Noun');
  return only(first, 'Adjective') && (words === 1 || only(last, 'Verb') || /ing$/.test(last?.text ?? ''));
}

/** "ditched tableau lol everything's in looker now": what takes the ended thing's place later in the same part. */
function thenTo(s: Stream, from: number, to: number): Pick<Change, 'to' | 'role'> {
  for (const m of s.text.slice(from, to).matchAll(/ (?:so|and|but|then|lol|haha|tbh|now) /g)) {
    const later = inPart(s, from + m.index + m[0].length, to);
    // "…and I'm so happy now" says how the user feels, not what replaced it.
    const word = later?.to?.split(' ')[0];
    const feeling = s.terms.some((t) => t.text === word && t.tags.has('Adjective') && !t.tags.has('Noun'));
    if (later?.to !== undefined && later.of === undefined && !feeling) return { to: later.to, ...(later.role && { role: later.role }) };
  }
  return {};
}

const WE_COUPLE =
  /^(?:(?:so|and|now|but|ok|okay)\s+)*we(?:'re| are|'ve been| have been)?\s+(?=(?:now |officially |finally )*(?:a thing|together|an item|dating|seeing each other)\b)/i;
const SOMEONE_NAMED = /\b(?:this|a|an) (?:guy|girl|woman|man|person|lad|lass)(?: called| named)? (?<name>\p{L}[\p{L}'-]*)$|(?:^|\s)(?<cap>\p{Lu}[\p{L}'-]*)$/u;
const AS_MY = /^(?:as )?(?:my|our) (?:new )?(?:manager|boss|line manager|supervisor|team lead)\b/i;
const IS_BACK = /(?:'s|\bis|\bare) (?:now |back |now back )?$/i;
/** "that's Deniz now", after a clause that named the user's manager: who the manager is now. */
const THATS_NOW = /^(?:that|this|which|who)(?:'s| is) (?<name>\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?) now\b/u;
const WHO_IS_MY = new RegExp(`^(?:so |and )?(?:guess )?who(?:'s| is) (?:my|our) (?:new )?(?<title>${MANAGER_WORD})(?: now| again)?$`, 'i');
const NAME_ALONE = /^\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?[.!]*$/u;
const MY_MANAGER = new RegExp(`\\b(?:my|our) (?:new )?(?<title>${MANAGER_WORD})\\b`, 'gi');
/**
 * A change the clause says with the clause before it, split apart when the turn was read:
 * "there's this guy Ezra | and we're officially a thing now", "Ayodele's back | as my manager".
 */
export function readAcross(clause: string, before: string | undefined, asked?: string): Change | null {
  // "guess who's my boss again — Jostein!": the name answers the question that was none.
  const who = asked && NAME_ALONE.test(clause) ? WHO_IS_MY.exec(asked)?.groups?.title : undefined;
  if (who) return readChange(`my ${who} is ${clause.replace(/[.!]+$/, '')} now`);
  if (!before) return null;
  const couple = WE_COUPLE.exec(clause);
  const named = couple && SOMEONE_NAMED.exec(before.replace(/[.,!]+$/, ''))?.groups;
  if (couple && named) return readChange(`${named.name ?? named.cap} and I are ${clause.slice(couple[0].length)}`);
  const now = THATS_NOW.exec(clause)?.groups?.name;
  const title = now && [...before.matchAll(MY_MANAGER)].at(-1)?.groups?.title;
  if (now && title) return readChange(`my ${title} is ${now} now`);
  // "It's Porto | not Lisbon": what is wrong, said as a clause of its own, is read with what was put right before it.
  if (NOT_ALONE.test(clause)) {
    const joined = readChange(`${before.replace(/[\s.,!;:—–-]+$/, '')}, ${clause}`);
    // What was put right, read from the clause before already, takes the wrong value's place there.
    if (joined?.to !== undefined && readChange(before)?.to === joined.to) delete joined.to;
    return joined;
  }
  return AS_MY.test(clause) && IS_BACK.test(`${before} `) ? readChange(`${before} ${clause.replace(/^(?!as )/i, 'as ')}`) : null;
}
const NOT_ALONE = /^(?:but |and )?not \p{L}[\p{L}'’ -]{0,40}[.!]*$/iu;

/** A clause that only names a thing ("The accordion", "About kendo", "Padel"), or its label ("Chess: done"): what an "it" stands for. */
const TOPIC = /^(?:(?:about|as for|re|regarding|and)\s+)?(?:(?:the|my|our)\s+)?(?<thing>[\p{L}\d][\p{L}\d' -]{0,40})$/iu;
const NOT_A_TOPIC =
  /(?<![\p{L}'])(?:i|i'm|i've|we|we're|we've|you|he|he's|she|she's|they|they're|it|it's|that's|is|am|are|was|were|be|been|have|has|had|do|does|did|not|no|yes|ok|okay|so|lol|haha|news|update)(?![\p{L}'])/iu;
export function topicOf(clause: string): string | undefined {
  const label = /^([^:]{1,40}):\s/.exec(clause)?.[1];
  const thing = TOPIC.exec((label ?? clause).trim().replace(/\s+and (?:me|i)$/i, ''))?.groups?.thing;
  return thing && thing.split(' ').length <= 4 && !NOT_A_TOPIC.test(thing) ? thing : undefined;
}

/** The change with "it" read as the topic said before it; without one, "it" ends nothing. */
export function ofTopic(change: Change | null, topicFor: () => string | undefined): Change | null {
  if (!change?.ends.includes(IT)) return change;
  const topic = topicFor();
  const ends = change.ends.flatMap((e) => (e !== IT ? [e] : topic ? [topic] : []));
  return ends.length || change.to !== undefined ? { ...change, ends } : null;
}

const MARKED_NEW =
  /\s+(?:now|these days|nowadays|everywhere|instead|all the way|from now on|full time|full-time|only|since (?:(?:last|this|the) )?[\p{L}\d]+)$/iu;
/**
 * "Jenkins is gone. GitHub Actions everywhere.", "VS Code's out too. Zed.": a clause that only
 * names a thing, right after one that ended something, is what takes its place — a thing of a
 * known category, or a name said as the new state of things ("… everywhere", "… now", "… since Friday").
 */
const TAKEN_UP_FIRST = /^(?:(?:i've|i have|i|we've|we)\s+)?(?:just\s+|now\s+)?(?:taken up|took up|take up|picked up|started|got into|gotten into)\s+/i;
export function replacing(clause: string, before: Change | null): Change | null {
  if (!before || before.to !== undefined || before.ends.length === 0) return null;
  const marked = MARKED_NEW.test(clause);
  // "Taken up golf instead": a new pastime said by taking it up is the thing, not the words that take it up.
  const thing = topicOf(clause.replace(MARKED_NEW, '').replace(TAKEN_UP_FIRST, ''));
  if (!thing || before.ends.includes(thing)) return null;
  return categoryOf(thing) !== undefined || (marked && /^\p{Lu}/u.test(thing)) || pastimesOf(thing, stemWord).length > 0 ? { ends: [], to: thing } : null;
}
