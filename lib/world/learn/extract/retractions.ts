import { kindNamed } from '../../kinds.ts';

/**
 * How the user says something stopped being true. Each rewrite turns the retraction into the
 * positive statement it retracts, so the phrase that reads that statement names the key, and the
 * value it captures is what the retracted belief must mention. `RETRACTED_SLOTS` retract a whole
 * kind of the catalogue without naming its value ("I quit my job").
 */
export const RETRACTIONS: [string, string][] = [
  [String.raw`(i|i'm|i am|im|i've|i have) no longer (.+)`, '$1 $2'],
  [String.raw`i (?:don't|do not|dont) (.+?) (?:any ?more|any longer)`, 'I $1'],
  [String.raw`(?:i am|i'm|im) not (?:really )?into (.+?)(?: any ?more| any longer)`, 'I like $1'],
  [String.raw`(?:i am|i'm|im) not (.+?) (?:any ?more|any longer)`, "I'm $1"],
  [String.raw`(.+?) (?:isn't|is not|aren't|are not) (?:really )?(?:my thing|for me|my cup of tea) (?:any ?more|any longer)`, 'I like $1'],
  [String.raw`(.+?) (?:is|are) no longer (?:my thing|for me|my cup of tea)`, 'I like $1'],
  [String.raw`i (?:lost|have lost|kind of lost) (?:all )?(?:interest|my interest) in (.+)`, 'I like $1'],
  [String.raw`my (.+?) (?:is|are) no longer (.+)`, 'my $1 is $2'],
  [String.raw`my (.+?) (?:isn't|is not|aren't|are not) (.+?) (?:any ?more|any longer)`, 'my $1 is $2'],
  [String.raw`(.+?) (?:is|are) no longer my (.+)`, '$1 is my $2'],
  [String.raw`(.+?) (?:isn't|is not) my (.+?) (?:any ?more|any longer)`, '$1 is my $2'],
  [String.raw`i (?:stopped|quit|gave up) (?:learning|studying) (.+)`, "I'm learning $1"],
  [String.raw`i (?:stopped|quit|gave up) playing (.+)`, 'I play $1'],
  [String.raw`i (?:stopped|quit|gave up) (?:going |doing )?(\w+ing)`, 'I go $1'],
  [String.raw`(?:i|i've|i have|ive) (?:stopped|quit) being (.+)`, "I'm $1"],
  [String.raw`i (?:quit|left) my (?:job|position|role) (?:at|with) (.+)`, 'I work at $1'],
  [
    String.raw`i (?:have |'ve )?(?:left|quit) (?!(?:the|my|a|an|for|to|from|home|work|early|late|it|at|in|on|school|town|after|before|because|with)\b)(.+)`,
    'I work at $1',
  ],
  [String.raw`i (?:moved|have moved|'ve moved) (?:away )?(?:out of|away from) (.+)`, 'I live in $1'],
  [String.raw`(?:i|we) (?:broke|have broken|'ve broken) up with (.+)`, 'my partner is $1'],
];

export const RETRACTED_SLOTS: [string, string][] = [
  [String.raw`i (?:quit|left|lost) my job`, kindNamed('employer').key],
  [String.raw`i (?:got|was|have been|'ve been) (?:laid off|fired|let go)`, kindNamed('employer').key],
  [String.raw`(?:i am|i'm|im) (?:now )?(?:unemployed|between jobs|out of work|looking for (?:a )?work|job hunting)`, kindNamed('employer').key],
  [String.raw`(?:i|we) (?:broke up|split up|separated|got divorced)`, kindNamed('partner').key],
  [String.raw`(?:i am|i'm|im) (?:single|divorced) (?:now|again)`, kindNamed('partner').key],
];
