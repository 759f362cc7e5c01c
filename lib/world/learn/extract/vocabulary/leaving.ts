/**
 * How people and animals leave a part in the user's life, by the way they leave (kinds.ts `Way`):
 * predicates said of whoever left, over a clause's words with every verb by its infinitive
 * ("resigned" → "resign"); compromise leaves a few past forms as they are ("left", "gone",
 * "retired"), so both are written. Each is a regex fragment; departures.ts reads them.
 */
import type { Way } from '../../../kinds.ts';

/** A unit of a workplace someone moves to or leaves ("the Lyon branch", "another team"). */
export const UNIT =
  '(?:company|firm|business|team|department|dept|job|role|position|post|branch|office|site|store|shop|restaurant|kitchen|ward|unit|division|org|organisation|organization|agency|practice|hospital|school|project|group|crew|section|shift|line|floor|depot|warehouse|plant|factory|yard|clinic|lab|campus|pool|vertical|account|region|area|territory)';
/** Where someone went instead of the job: another unit, a named place or organisation (checked by case), or studies. */
export const ELSEWHERE = `(?:(?:another|a different|a new|a rival|a bigger|a smaller)(?: [^| ]+){0,2}|the competition|(?:the |our |their )?[^| ]+ ${UNIT}|do (?:her|his|their|a) [^|]+)`;

/** Whom a partner who left goes back to. */
const PARENTS = 'mum|mam|mom|ma|mother|dad|father|parents?|folks|family|sister|brother|nan|gran';

/** Said of someone who left: each way's predicates. `{dest}` stands for where they went (a name, or ELSEWHERE). */
export const LEFT_AS: Record<Way, readonly string[]> = {
  work: [
    'resign(?: from [^|]+)?',
    '(?:retire|retired)(?: from [^|]+)?',
    'take (?:an? )?(?:early |voluntary )?(?:retirement|redundancy)',
    // "went into pension" (said so in German, Dutch, Polish…), "went into retirement".
    '(?:go|gone|went) into (?:early )?(?:retirement|pension)',
    // "took a lecturer post in Pune", "took a job at another school": a job of their own elsewhere.
    'take (?:up )?(?:an? |the )?(?:[^| ]+ ){0,2}(?:job|post|position|role|offer|professorship|chair)(?: (?:at|in|with|for) [^|]+)?',
    'quit(?: (?:her|his|their|the) (?:job|post|role|position))?',
    'step (?:down|aside)(?: from [^|]+)?',
    '(?:hand|put) (?:in )?(?:her|his|their) (?:notice|resignation)(?: in)?',
    'give (?:her|his|their) notice',
    `(?:leave|left)(?: (?:the|our) ${UNIT}| us| work)?`,
    '(?:leave|left|move|moved) (?:over )?(?:for|to) (?:work (?:for|at) )?{dest}',
    // "went to Spain" is a trip; "went to another firm", "went to work for Ocado" is a job.
    `(?:go|gone) (?:over |back )?to (?:work (?:for|at) {dest}|${ELSEWHERE})`,
    'move on(?: to [^|]+)?',
    '(?:fire|fired|sack|sacked|get the sack|be give the sack|get the boot|lay off|laid off|let go|make redundant|made redundant|push out|pushed out|poach|poached|headhunt|headhunted)',
    '(?:transfer|transferred|second|seconded|reassign|reassigned|relocate|relocated|post|posted|send|sent|move|moved)(?: over| across| away| up| back)? (?:to|into) {dest}',
    'promote (?:out|away)(?: of)?[^|]*',
    '(?:go |gone )?(?:off )?on (?:maternity|paternity|parental|sick|long-term sick|medical|extended|long) leave',
    '(?:take|go on|be on|off on) (?:a |an |her |his |their )?(?:[^| ]+ )?(?:sabbatical|(?:maternity|paternity|parental|sick|medical|extended|long) leave)',
    'be on (?:her|his|their) way out',
    'go(?: for good)?',
    'gone(?: for good)?',
  ],
  couple: [
    '(?:break up|split(?: up)?|separate|separated|divorce|divorced|get divorce|get divorced|call it quit|call it quits|end (?:it|things))(?: with me)?',
    '(?:dump|ditch|leave|left|walk out on|block|blocked) me(?: on [^|]+)?',
    // "Kylie walked out Thursday": out of the home they shared; "walked out of the meeting" is somewhere else.
    '(?:walk|walked) out',
    // "tyler is blocked on everything": cut off by the user.
    '(?:be (?:now )?|have (?:be )?|get )block(?:ed)?(?: on (?:everything|every [^|]+|all (?:my |the )?[^|]+|(?:whatsapp|insta|instagram|ig|fb|facebook|snap|snapchat|tiktok|socials|social media|my phone)\\b[^|]*)|(?! (?:in|by|at|behind|from|with|on)\\b))',
    // "moved out", "moved the last of his things out to his brother's place".
    '(?:move|moved) (?:(?:the last of |the rest of |all )?(?:her|his|their) (?:things|stuff|bags|boxes) )?out(?: of (?:our|my|the) (?:place|flat|apartment|house|home))?(?: to [^|]+)?',
    "(?:pack|packed|take|took|collect|collected|clear|cleared|load|loaded)(?: up)? (?:all |the last of |the rest of )?(?:her |his |their |(?:a|two|three|a few|some) )(?:things|stuff|bags|boxes|suitcases|cases|belongings|clothes)(?: out)?(?: (?:in|into) (?:her|his|their) (?:[^| ]+['’]s )?(?:car|truck|van|ute))?(?: and (?:leave|left|go|move out|moved out))?",
    // "gone back to her mum's", "went home to his parents for good": back to where they lived before the user.
    `(?:(?:go|gone|went) (?:back|home)|(?:move|moved)(?: back| home)?) (?:home )?to (?:[^| ]+ )?(?:${PARENTS})(?:['’]s?)?(?: (?:place|house|home))?(?: for good)?`,
    'be (?:now )?(?:my|an) ex(?: now)?',
    // "Tamsin's not my problem anymore", "she's off with some bloke from Truro".
    'be (?:not|no longer) my (?:problem|concern|headache|business)',
    'be off with (?:some|a|another|her|his|their) [^|]+',
  ],
  life: [
    '(?:die|died|pass away|passed away|pass on|pass|passed)',
    'cross the rainbow bridge',
    // "Murchyk left us in the night": said of a pet, its life; of a manager, the job (work).
    '(?:leave|left) us',
    '(?:be|get|lie) (?:now )?(?:buried|bury)(?: [^|]+)?',
    '(?:do )?not make it(?: through [^|]+)?',
    // "Kópur did not wake up on Sunday morning", "never woke up from the operation".
    '(?:do not|never) (?:wake|woke) up(?: (?:from|after) [^|]+)?',
    'be no longer with us',
    '(?:be |get )?put (?:down|to sleep)',
    'go(?: for good)?',
    'gone(?: for good)?',
  ],
  rehomed: [
    '(?:get|be) (?:rehome|rehomed|rehom|re-homed|re-home|adopt|adopted)',
    '(?:go|gone) (?:back )?to [^|]+ for good',
    '(?:go|gone) back to (?:the )?(?:shelter|rescue|breeder|pound)',
    '(?:go|gone) to (?:live with [^|]+|a new (?:home|family|owner))',
    'live with [^|]+ (?:now )?for good',
    'have a new (?:home|family|owner)(?: now)?',
  ],
};

/** Said by the user of whom they left, `{who}` where the person or animal is named. */
export const LEFT_BY_USER: Record<Way, readonly string[]> = {
  work: [],
  couple: [
    '(?:dump|dumped|ditch|ditched|leave|left|divorce|divorced|block|blocked) {who}',
    '(?:break up|split(?: up)?|end (?:it|things)|call it quits?) with {who}',
  ],
  life: [
    '(?:have to |have )?let {who} go',
    '(?:have to |have )?put {who} (?:down|to sleep)',
    '(?:have to )?have {who} put (?:down|to sleep)',
    '(?:lose|lost|bury|buried) {who}',
    '(?:have to )?say goodbye to {who}',
  ],
  rehomed: [
    '(?:rehome|rehomed|rehom|re-home|re-homed) {who}',
    'find (?:a )?(?:new )?(?:home|family) for {who}',
    'find {who} a (?:new )?(?:home|family)',
    'give {who} (?:away|up|to [^|]+)',
  ],
};

/** Said of the user and whom they were with, together ("X and I", "we"): the couple is no more. */
export const COUPLE_ENDED =
  '(?:break up|split(?: up)?|separate|separated|be separate|be separated|be separating|divorce|divorced|get divorce|get divorced|get (?:a )?divorce|be get (?:a )?divorce|be get divorced|call it quit|call it quits|part ways|go (?:our|our own) separate ways|end (?:it|things)|be (?:not|no longer) (?:together|a thing|an item|a couple)(?: anymore| any more)?|(?:be |r )?(?:done|over|finish|finished|through))';
