import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/schema.ts';
import { beliefsById } from './retrieval.ts';
import { FOUND_COLUMNS, type Found } from './found.ts';
import { precompiled } from '../../db/precompiled.ts';
import { parseList } from '../../json-list.ts';
import { line } from './block-line.ts';
import type { Persona } from '../../ports/beliefs.ts';

const personaQuery = precompiled<Persona>((db) => db.selectFrom('persona_cache').selectAll().where('owner', '=', ''));

/** The owner's cached persona row (read on every injecting chat request: compiled once). */
export async function readPersona(db: Db, owner: string): Promise<Persona | undefined> {
  return (await personaQuery(db, [owner]))[0];
}

/** The dashboard's persona: the cached text, rebuilt by the owner's actor when a belief change invalidated it. */
export async function currentPersona(deps: Pick<Deps, 'db' | 'world'>, owner: string): Promise<Persona> {
  return (await readPersona(deps.db, owner)) ?? deps.world.change(owner, { op: 'persona' });
}

/** Beliefs injected as the persona tier, at most. */
const PERSONA_INJECTED = 10;
/** Universal beliefs read in rank order per build (beside the keyed ones): bounds the cost for large owners. */
const SCAN = 200;

/**
 * How the user wants to be answered: length, directness, tone, format, pushback, the level to
 * explain at, who edits whose text. A universal preference about these opens every request.
 */
const ANSWER_STYLE =
  /\b(answers?|responses?|repl(?:y|ies)|respond\w*|explain\w*|explanations?|tone|verbos\w*|concise\w*|brevity|brief|terse|succinct|direct(?:ly|ness)?|preamble|bullet\w*|formatting|formal|informal|jargon|pushback|push back|disagree\w*|candid|blunt|recommendations?|basics|beginner|expertise|drafts?|(?:ai|assistant|model)(?:'s)? output|emojis?|examples?)\b/i;

/**
 * Durable facts about the user and how they want to be answered, most important kind first:
 * health, answer style, diet, name, location, work, languages; at most `max` of a kind. A belief
 * is of a kind by its key (`user.allergy`, `user.allergy.penicillin`) or else by its statement;
 * answer style only for a `preference` (by its statement, key or aliases). Anything else is not
 * durable and never fills the persona.
 */
const KINDS: { key: string[]; text: RegExp; max: number; preference?: boolean }[] = [
  {
    key: ['user.allergy', 'user.allergies', 'user.health', 'user.medical', 'user.medication', 'user.medications', 'user.condition'],
    text: /\b(allerg\w*|intoleran\w*|anaphyla\w*|diabet\w*|asthma\w*|epilep\w*|coeliac|celiac|medications?|medicines?|prescri\w*|pregnan\w*|blood pressure|migraines?|disorder)\b/i,
    max: 3,
  },
  { key: ['user.communication', 'user.style', 'user.answers', 'user.responses', 'user.tone'], text: ANSWER_STYLE, max: 5, preference: true },
  {
    key: ['user.diet', 'user.food'],
    text: /\b(vegetarian|vegan|pescatarian|plant-based|kosher|halal|gluten|lactose|dairy|keto|teetotal\w*|(?:does not|doesn't|never) (?:eat|drink)s?|avoids (?:meat|pork|beef|fish|dairy|gluten|alcohol|sugar))\b/i,
    max: 3,
  },
  { key: ['user.name', 'user.pronouns'], text: /\b(name is|is named|is called|goes by|pronouns)\b/i, max: 2 },
  {
    key: ['user.location', 'user.home', 'user.city', 'user.country', 'user.timezone'],
    text: /\b(lives in|living in|based in|moved to|is from|comes from|time ?zone)\b/i,
    max: 3,
  },
  {
    key: ['user.occupation', 'user.job', 'user.role', 'user.employer', 'user.work', 'user.company', 'user.profession'],
    text: /\b(works (?:at|for|as)|employed|(?:is|as) an? [\w -]*(?:engineer|developer|scientist|teacher|doctor|nurse|designer|manager|student|researcher|lawyer|writer|analyst|architect|consultant|pilot|surgeon))\b/i,
    max: 3,
  },
  { key: ['user.language', 'user.languages'], text: /\b(speaks|native language|mother tongue)\b/i, max: 3 },
];

/** An unkeyed statement is read as the user's own fact only when the user is its subject ("The user's sister is a nurse" is not). */
const ABOUT_THE_USER =
  /^(the )?user\b(?!'s (sister|brother|son|daughter|mother|father|parents?|wife|husband|partner|friends?|manager|colleagues?|child|children|kids?|team|boss|cat|dog|pets?)\b)/i;

function kindOf(b: Pick<Found, 'key' | 'statement' | 'type' | 'aliases'>): number {
  if (b.type === 'question' || b.type === 'relation') return -1;
  const key = b.key;
  const byKey = key === null ? -1 : KINDS.findIndex((k) => k.key.some((p) => key === p || key.startsWith(`${p}.`) || key.startsWith(`${p}_`)));
  if (byKey >= 0) return byKey;
  if (b.type === 'preference') {
    const names = `${b.statement} ${(key ?? '').replace(/[._-]+/g, ' ')} ${parseList(b.aliases).join(' ')}`;
    const style = KINDS.findIndex((k) => k.preference && k.text.test(names));
    if (style >= 0) return style;
  }
  return ABOUT_THE_USER.test(b.statement.trim()) ? KINDS.findIndex((k) => !k.preference && k.text.test(b.statement)) : -1;
}

/**
 * The owner's persona, read-only: its universal active beliefs of a durable kind (KINDS order,
 * the more confident first), at most PERSONA_INJECTED of them and each kind's `max`. Bounded for
 * any owner: keyed facts by index range, the rest among the SCAN best-ranked universal beliefs.
 */
async function personaBeliefs(db: Db, owner: string): Promise<Found[]> {
  const [keyed, ranked] = await Promise.all([
    db
      .selectFrom('beliefs')
      .select(FOUND_COLUMNS)
      .where('owner', '=', owner)
      .where('status', '=', 'active')
      .where((eb) => eb.or(KINDS.flatMap((k) => k.key).map((p) => eb.and([eb('key', '>=', p), eb('key', '<', `${p}\uffff`)]))))
      .limit(50)
      .execute(),
    db
      .selectFrom('beliefs')
      .select(FOUND_COLUMNS)
      .where('owner', '=', owner)
      .where('status', '=', 'active')
      .orderBy('pinned', 'desc')
      .orderBy('confidence', 'desc')
      .orderBy('reinforced_count', 'desc')
      .orderBy('updated_at', 'desc')
      .limit(SCAN)
      .execute(),
  ]);
  const seen = new Set<string>();
  const universal = [...keyed, ...ranked].filter((b) => b.scope === 'universal' && !seen.has(b.id) && seen.add(b.id));
  const perKind = new Map<number, number>();
  return universal
    .map((b) => ({ b, kind: kindOf(b) }))
    .filter((x) => x.kind >= 0)
    .sort((x, y) => x.kind - y.kind || y.b.confidence - x.b.confidence || y.b.updated_at.localeCompare(x.b.updated_at))
    .filter((x) => {
      const n = perKind.get(x.kind) ?? 0;
      perKind.set(x.kind, n + 1);
      return n < KINDS[x.kind]!.max;
    })
    .slice(0, PERSONA_INJECTED)
    .map((x) => x.b);
}

/** Persona selections by owner, each valid while the owner's cached persona keeps the `built_at` it was read under. */
const selections = new Map<string, { builtAt: string; ids: string[] }>();
const MAX_SELECTIONS = 10_000;

/**
 * The persona tier of a chat request, read-only: personaBeliefs, remembered per owner while the
 * owner's persona_cache row stands. Every belief change deletes that row (beliefs.ts), so a
 * remembered selection never outlives a change; the beliefs themselves are re-read by id each
 * time, so a statement or status is never stale. Without a cached row it is computed afresh (a
 * bounded read); chat then asks the actor to rebuild the cache in the background (refreshPersona).
 */
export async function injectedPersona(db: Db, owner: string): Promise<InjectedPersona> {
  const cached = await readPersona(db, owner);
  // A cached row's count is exact: any change to the owner's beliefs deletes the row.
  const activeBeliefs = cached?.belief_count;
  const known = cached && selections.get(owner);
  if (cached && known && known.builtAt === cached.built_at) {
    const rows = new Map((await beliefsById(db, owner, known.ids)).map((b) => [b.id, b]));
    if (rows.size === known.ids.length) return { beliefs: known.ids.map((id) => rows.get(id)!), cached: true, activeBeliefs };
  }
  const beliefs = await personaBeliefs(db, owner);
  if (cached) {
    if (selections.size >= MAX_SELECTIONS) selections.clear();
    selections.set(owner, { builtAt: cached.built_at, ids: beliefs.map((b) => b.id) });
  }
  return { beliefs, cached: cached !== undefined, activeBeliefs };
}

export interface InjectedPersona {
  beliefs: Found[];
  /** Whether the owner's persona cache stood; when not, chat rebuilds it in the background. */
  cached: boolean;
  /** The owner's active beliefs, known exactly while the cache stands. */
  activeBeliefs: number | undefined;
}

/** Rebuilds the owner's cached persona through its actor unless a cached one stands (background work). */
export async function refreshPersona(deps: Pick<Deps, 'db' | 'world'>, owner: string): Promise<void> {
  if (!(await readPersona(deps.db, owner))) await deps.world.change(owner, { op: 'persona' });
}

/** The persona tier as the model sees it: one line per belief, as in the injected block (and the receipt). */
export function personaText(beliefs: Pick<Found, 'statement'>[]): string {
  return beliefs.map((b) => line(b.statement)).join('\n');
}

/**
 * Caches the owner's persona as injected into a request without a query (the dashboard's
 * preview: the same selection, count and text the model sees; no model call). Runs inside the
 * owner's actor, so no change to the beliefs can slip between the read and the cache write.
 * Chat never waits for it: injection reads personaBeliefs directly.
 */
export async function buildPersona(deps: Deps, owner: string): Promise<Persona> {
  const { db } = deps;
  const [beliefs, count] = await Promise.all([
    personaBeliefs(db, owner),
    db
      .selectFrom('beliefs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', owner)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow(),
  ]);
  const persona: Persona = {
    owner,
    persona: personaText(beliefs),
    belief_count: Number(count.n),
    built_at: deps.now().toISOString(),
  };
  await db
    .insertInto('persona_cache')
    .values(persona)
    .onConflict((oc) => oc.column('owner').doUpdateSet({ persona: persona.persona, belief_count: persona.belief_count, built_at: persona.built_at }))
    .execute();
  return persona;
}
