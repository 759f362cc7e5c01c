/**
 * Paraphrase cases: questions that share no word with the belief they need ("What can't I eat?"
 * for the user's allergy), which only recall by meaning can answer. What GloVe's averaged word
 * vectors cannot tell ("Who do I report to?" for the manager: no word of it is near "manager")
 * is left to a real embedding model; docs/embeddings.md has the figures. They are Carol's, a user
 * the other cases do not touch, with a few unrelated beliefs beside them so a case also shows what
 * vector recall must not pull in. Run with an embeddings model (`EVAL_EMBEDDINGS=1 npm run eval`),
 * or `EVAL_PARAPHRASE=1` to see them fail on words alone.
 */
import { CASES, type Case } from './cases.ts';
import { CORPUS, type SeedBelief } from './corpus.ts';

const WORK = 'domain:work';
const HEALTH = 'domain:health';

const PARAPHRASE_CORPUS: SeedBelief[] = [
  { name: 'c.manager', user: 'carol', statement: "The user's manager is Priya Raman", type: 'entity', scope: WORK },
  { name: 'c.commute', user: 'carol', statement: 'The user takes the train to the office', scope: WORK },
  { name: 'c.laptop', user: 'carol', statement: "The user's laptop is a ThinkPad running Fedora", scope: WORK },
  { name: 'c.salary', user: 'carol', statement: 'The user earns 70000 euros a year', scope: WORK },
  { name: 'c.shellfish', user: 'carol', statement: 'The user is allergic to shellfish', scope: HEALTH },
  { name: 'c.knee', user: 'carol', statement: 'The user injured a knee while skiing', scope: HEALTH },
  { name: 'c.yoga', user: 'carol', statement: 'The user does yoga twice a week', scope: HEALTH },
  { name: 'c.sleep', user: 'carol', statement: 'The user sleeps badly when stressed', scope: HEALTH },
];

const PARAPHRASE_CASES: Case[] = [
  { name: "paraphrase: what can't I eat → the allergy", user: 'carol', scope: HEALTH, turns: ["What can't I eat?"], expect: { relevant: ['c.shellfish'] } },
  {
    name: 'paraphrase: which computer → the laptop',
    user: 'carol',
    scope: WORK,
    turns: ['Which computer do I use?'],
    expect: { relevant: ['c.laptop'] },
  },
  { name: 'paraphrase: annual pay → the salary', user: 'carol', scope: WORK, turns: ['What is my annual pay?'], expect: { relevant: ['c.salary'] } },
  {
    name: 'paraphrase: food to avoid → the allergy',
    user: 'carol',
    scope: HEALTH,
    turns: ['What food should I avoid?'],
    expect: { relevant: ['c.shellfish'] },
  },
  { name: 'paraphrase: an unrelated question pulls nothing in', user: 'carol', scope: HEALTH, turns: ["What's the capital of Peru?"], expect: {} },
];

/** `EVAL_EMBEDDINGS=1`: the instance embeds with the fake provider's GloVe model, and the paraphrase cases run. */
const EMBEDDINGS = process.env.EVAL_EMBEDDINGS === '1';
const PARAPHRASE = EMBEDDINGS || process.env.EVAL_PARAPHRASE === '1';

export const EVAL_CORPUS: SeedBelief[] = PARAPHRASE ? [...CORPUS, ...PARAPHRASE_CORPUS] : CORPUS;
export const EVAL_CASES: Case[] = PARAPHRASE ? [...CASES, ...PARAPHRASE_CASES] : CASES;

/** The config's `embeddings` section for the eval: the fake provider's model, or none. */
export function embeddingsConfig(): { model: string } | null {
  return EMBEDDINGS ? { model: 'oai/glove-100d' } : null;
}

/** Waits (bounded) until the background embedding has embedded every seeded belief. */
export async function embeddingsDone(progress: () => Promise<{ pending: number; failed: number }>): Promise<void> {
  if (!EMBEDDINGS) return;
  for (let i = 0; i < 600; i++) {
    const p = await progress();
    if (p.failed) throw new Error(`eval: ${p.failed} beliefs failed to embed`);
    if (p.pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('eval: beliefs still pending embedding after 60 s');
}
