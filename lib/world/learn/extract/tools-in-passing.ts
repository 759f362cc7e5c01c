import { someoneElseBefore } from './someone-else.ts';
import { inLexicon } from './tagger.ts';
import { TOOL_THINGS } from './values.ts';
import { thingsNamed } from './vocabulary/categories.ts';

/**
 * The tools a sentence about the user's work says they work in, on the way to something else: "work's
 * DevOps, mostly Terraform and Azure, bit of Ansible", "I'm a backend dev — Go services, Postgres,
 * everything deployed on Kubernetes", said again as the clauses the phrase table reads ("I use Terraform").
 * Only of a tool the catalogue knows (kinds.ts `things`), in a turn that speaks of work, never in
 * someone else's clause or one that says the tool is gone.
 */
export function toolsInPassing(clause: string, turn: string): string[] {
  if (!AT_WORK.test(turn) || NOT_USED.test(clause) || SAID_OUTRIGHT.test(clause)) return [];
  const said: string[] = [];
  for (const { thing } of thingsNamed(clause).filter(({ category }) => TOOL_THINGS.has(category))) {
    // "outside work I go climbing": a tool's name written as a common word is the word.
    if (thing === thing.toLowerCase() && inLexicon(thing)) continue;
    const at = clause.indexOf(thing);
    // "switched over to Linear from Jira": where the user came from is no tool of theirs.
    if (/\b(?:from|off|instead of|rather than|away from|replacing)\s+(?:the\s+|our\s+|my\s+)?$/i.test(clause.slice(Math.max(0, at - 24), at))) continue;
    const before = clause
      .slice(0, at)
      .split(/[,;:—–]|\band\b/)
      .at(-1)!;
    if (!someoneElseBefore(before)) said.push(`I use ${thing}`);
  }
  return said;
}

/** Words of a turn about the user's own work. */
const AT_WORK =
  /\b(?:work|works|work's|job|day job|at the office|dev|developer|engineer|engineering|devops|sre|analyst|scientist|stack|day to day|day-to-day|all day|deployed|deploy|using|in production|prod|codebase|our team|my team|client work|freelance)\b/i;
/** A clause the phrase table reads the tools of itself: "we use…", "Stack-wise it's…", "I do most of my work in…", "Invoices: FreeAgent". */
const SAID_OUTRIGHT = /\b(?:use|uses|using|stack|(?:my|our) work in)\b|:/i;
/** A clause that says a tool is gone, wished for or someone else's. */
const NOT_USED =
  /\b(?:stopped|quit|gave up|given up|dropped|ditched|no longer|not|never|don't|dont|used to|moved off|migrated off|migrating off|switched from|replaced|hate|want to learn|thinking about|might|would|should|if|rip|r\.i\.p|bye|goodbye|farewell|so long|retired|sunset|sunsetted|dead|gone|killed|binned|dumped|scrapped|axed)\b|n't\b/i;
