import { loadConfig } from '../stores/config.ts';
import type { Deps } from '../deps.ts';
import type { Db } from '../db/schema.ts';
import { completeText } from '../providers/complete.ts';
import { beliefsById, FOUND_COLUMNS, type Found } from './retrieval.ts';
import { precompiled } from '../db/precompiled.ts';
import type { Persona } from './types.ts';

const personaQuery = precompiled<Persona>((db) => db.selectFrom('persona_cache').selectAll().where('owner', '=', ''));

/** The owner's cached persona row (read on every injecting chat request: compiled once). */
export async function readPersona(db: Db, owner: string): Promise<Persona | undefined> {
  return (await personaQuery(db, [owner]))[0];
}

/** The dashboard's persona: the cached text, rebuilt by the owner's actor when a belief change invalidated it. */
export async function currentPersona(deps: Pick<Deps, 'db' | 'world'>, owner: string): Promise<Persona> {
  return (await readPersona(deps.db, owner)) ?? deps.world.change(owner, { op: 'persona' });
}

/** Beliefs the dashboard's persona text is written from. */
const PERSONA_BELIEFS = 12;
/** Durable facts injected as the persona tier, at most, and at most this many of one kind. */
const PERSONA_INJECTED = 6;
const PER_KIND = 3;
/** Universal beliefs read in rank order per build (beside the keyed ones): bounds the cost for large owners. */
const SCAN = 200;

/**
 * Durable facts about the user, most important kind first: health, diet, name, location, work,
 * languages. A belief is of a kind by its key (`user.allergy`, `user.allergy.penicillin`) or
 * else by its statement. Anything else is not durable identity and never fills the injected persona.
 */
const KINDS: { key: string[]; text: RegExp }[] = [
  {
    key: ['user.allergy', 'user.allergies', 'user.health', 'user.medical', 'user.medication', 'user.medications', 'user.condition'],
    text: /\b(allerg\w*|intoleran\w*|anaphyla\w*|diabet\w*|asthma\w*|epilep\w*|coeliac|celiac|medications?|medicines?|prescri\w*|pregnan\w*|blood pressure|migraines?|disorder)\b/i,
  },
  {
    key: ['user.diet', 'user.food'],
    text: /\b(vegetarian|vegan|pescatarian|plant-based|kosher|halal|gluten|lactose|dairy|keto|teetotal\w*|(?:does not|doesn't|never) (?:eat|drink)s?|avoids (?:meat|pork|beef|fish|dairy|gluten|alcohol|sugar))\b/i,
  },
  { key: ['user.name', 'user.pronouns'], text: /\b(name is|is named|is called|goes by|pronouns)\b/i },
  {
    key: ['user.location', 'user.home', 'user.city', 'user.country', 'user.timezone'],
    text: /\b(lives in|living in|based in|moved to|is from|comes from|time ?zone)\b/i,
  },
  {
    key: ['user.occupation', 'user.job', 'user.role', 'user.employer', 'user.work', 'user.company', 'user.profession'],
    text: /\b(works (?:at|for|as)|employed|(?:is|as) an? [\w -]*(?:engineer|developer|scientist|teacher|doctor|nurse|designer|manager|student|researcher|lawyer|writer|analyst|architect|consultant|pilot|surgeon))\b/i,
  },
  { key: ['user.language', 'user.languages'], text: /\b(speaks|native language|mother tongue)\b/i },
];

/** An unkeyed statement is read as the user's own fact only when the user is its subject ("The user's sister is a nurse" is not). */
const ABOUT_THE_USER =
  /^(the )?user\b(?!'s (sister|brother|son|daughter|mother|father|parents?|wife|husband|partner|friends?|manager|colleagues?|child|children|kids?|team|boss|cat|dog|pets?)\b)/i;

function kindOf(b: Pick<Found, 'key' | 'statement' | 'type'>): number {
  if (b.type === 'question' || b.type === 'relation') return -1;
  const key = b.key;
  const byKey = key === null ? -1 : KINDS.findIndex((k) => k.key.some((p) => key === p || key.startsWith(`${p}.`) || key.startsWith(`${p}_`)));
  if (byKey >= 0) return byKey;
  return ABOUT_THE_USER.test(b.statement.trim()) ? KINDS.findIndex((k) => k.text.test(b.statement)) : -1;
}

/**
 * The owner's persona, read-only: its universal active beliefs, durable identity first (KINDS
 * order, the more confident first), at most PERSONA_INJECTED of them and PER_KIND of a kind.
 * With `fill`, other universal beliefs follow by rank up to PERSONA_BELIEFS (the dashboard's text);
 * without it (injection), only durable facts. Bounded for any owner: keyed facts by index
 * range, the rest among the SCAN best-ranked universal beliefs.
 */
async function personaBeliefs(db: Db, owner: string, fill = false): Promise<Found[]> {
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
  const durable = universal
    .map((b) => ({ b, kind: kindOf(b) }))
    .filter((x) => x.kind >= 0)
    .sort((x, y) => x.kind - y.kind || y.b.confidence - x.b.confidence || y.b.updated_at.localeCompare(x.b.updated_at))
    .filter((x) => {
      const n = perKind.get(x.kind) ?? 0;
      perKind.set(x.kind, n + 1);
      return n < PER_KIND;
    })
    .slice(0, PERSONA_INJECTED)
    .map((x) => x.b);
  if (!fill) return durable;
  const chosen = new Set(durable.map((b) => b.id));
  return [...durable, ...universal.filter((b) => !chosen.has(b.id) && b.type !== 'question')].slice(0, PERSONA_BELIEFS);
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

/**
 * Synthesises the owner's persona text for the dashboard from personaBeliefs (by the extraction
 * model when one is configured, templated otherwise) and caches it. Runs inside the owner's actor,
 * so no change to the beliefs can slip between the read and the cache write. Chat never waits
 * for it: injection reads personaBeliefs directly.
 */
export async function buildPersona(deps: Deps, owner: string): Promise<Persona> {
  const { db } = deps;
  const [top, count] = await Promise.all([
    personaBeliefs(db, owner, true),
    db
      .selectFrom('beliefs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', owner)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow(),
  ]);
  const statements = top.map((r) => r.statement);
  const persona: Persona = {
    owner,
    persona: statements.length ? await synthesise(deps, owner, statements) : '',
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

async function synthesise(deps: Deps, owner: string, statements: string[]): Promise<string> {
  const template = `${statements.map((s) => s.replace(/[.\s]+$/, '')).join('. ')}.`;
  const config = await loadConfig(deps.db);
  if (!config.extraction.enabled || !config.extraction.model) return template;
  try {
    const text = await completeText(
      deps,
      config.extraction.model,
      [
        {
          role: 'system',
          content: 'Write a short third-person profile (at most 80 words) of the user from these beliefs. Use only what they say; no preamble.',
        },
        { role: 'user', content: statements.map((s) => `- ${s}`).join('\n') },
      ],
      undefined,
      { owner, purpose: 'persona' },
    );
    const trimmed = text.trim().slice(0, 1200);
    return trimmed || template;
  } catch (err) {
    deps.platform.log({ level: 'warn', event: 'persona_model_failed', error: String(err) });
    return template;
  }
}
