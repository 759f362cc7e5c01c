/**
 * How a sentence says the user does something as a habit, and when it says they do not: read by the
 * readers of what is said in passing (drinks-in-passing.ts, pastimes-in-passing.ts).
 */

/** Words that say a thing is done as a habit: "every morning", "Tuesday nights", "a day", "my Sunday routine". */
const HABIT =
  /\b(?:every|each|always|usually|normally|daily|weekly|first thing|mornings|in the (?:morning|afternoon|evening)s?|nights|evenings|afternoons|weekends|in the day|after (?:work|lunch|dinner|school)|at gigs|fuel|go-to|staple|routine|ritual|habit|hooked|minimum|keeps me going|keeping me going|gets me through|getting me through|a day|per day|a week|on tap|(?:mon|tues|wednes|thurs|fri|satur|sun)days|(?:mon|tues|wednes|thurs|fri|satur|sun)day (?:nights|mornings|evenings|afternoons))\b/i;

/** "can't start the day without…": a need, not a refusal. */
const CANNOT_DO_WITHOUT = /\b(?:can't|cannot|can not|couldn't|won't)\s+(?:start|get through|function|survive|face|do)\b[^,.;!?]{0,30}?\bwithout\b/gi;

const REFUSED =
  /\b(?:stopped|quit|gave up|given up|giving up|cut out|cut down|cutting down|no longer|not|never|don't|dont|used to|hate|hates|can't stand|allergic|intolerant|instead of|switched from|swapped|off the|gone off|went off|avoid|if|should|would|might|thinking|want to|trying to|wish|i'd|we'd|love to|like to|hope to|plan to|planning|going to|gonna|someday|one day|back in|back then|years ago|when i was|as a (?:kid|child|teen|teenager|student)|in the (?:sixties|seventies|eighties|nineties|\d0s))\b|n't\b/i;

/** Whether a sentence says a thing is given up, disliked, someone's wish or only thought of (a need said as "can't … without" is none of these). */
const notDone = (sentence: string): boolean => REFUSED.test(sentence.replace(CANNOT_DO_WITHOUT, ''));

/** Whether a sentence tells a habit of the user's: a word of habit, no question, nothing given up, wished for or long ago. */
export const saysHabit = (sentence: string): boolean => HABIT.test(sentence) && !/\?\s*$/.test(sentence) && !notDone(sentence);
