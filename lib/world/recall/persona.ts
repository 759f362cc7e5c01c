import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/schema.ts';
import { beliefsById } from './retrieval.ts';
import { FOUND_COLUMNS, type Found } from './found.ts';
import { precompiled, precompiledPlanned } from '../../db/precompiled.ts';
import { parseList } from '../../json-list.ts';
import { line } from './block-line.ts';
import { datedStatement } from '../beliefs/dated.ts';
import type { Persona } from '../../ports/beliefs.ts';
import { KINDS, kindOfKey, sameSubjectKeys, type Kind } from '../kinds.ts';
import { PERSONA_MAX_LIMIT } from '../../runtime-config.ts';
import { loadConfig } from '../../stores/config.ts';
import { DIET, EXCLUDES } from '../learn/extract/vocabulary/diet.ts';
import { ROLE } from '../learn/extract/vocabulary/work.ts';
import { alternation } from '../learn/extract/vocabulary/alternation.ts';
import { type OwnerReads, Remembered } from './owner-reads.ts';

const personaQuery = precompiled<Persona>((db) => db.selectFrom('persona_cache').selectAll().where('owner', '=', ''));

/** The owner's cached persona row (read on every injecting chat request: compiled once). */
export async function readPersona(db: Db, owner: string): Promise<Persona | undefined> {
  return (await personaQuery(db, [owner]))[0];
}

/** The dashboard's persona: the cached text, rebuilt by the owner's actor when a belief change invalidated it. */
export async function currentPersona(deps: Pick<Deps, 'db' | 'world'>, owner: string): Promise<Persona> {
  return (await readPersona(deps.db, owner)) ?? deps.world.change(owner, { op: 'persona' });
}

/** Values of a several-value kind (allergies, languages, ways to be answered) in the persona, at most: as many as a default persona holds. */
const SEVERAL_MAX = 5;
/** Universal beliefs read in rank order per build (beside the keyed ones): bounds the cost for large owners. */
const SCAN = 200;

/**
 * The persona's kinds, most important first: health and diet (what an answer must never get
 * wrong), how the user wants to be answered, then who the user is, in catalogue order. Only kinds
 * the catalogue marks `persona` (lib/world/kinds.ts).
 */
const FIRST: readonly string[] = ['allergy', 'intolerance', 'condition', 'diet', 'answer_style'];
const PERSONA_KINDS: readonly Kind[] = KINDS.filter((k) => k.persona).sort((a, b) => rank(a) - rank(b));
function rank(k: Kind): number {
  const first = FIRST.indexOf(k.kind);
  return first >= 0 ? first : FIRST.length + (KINDS as readonly Kind[]).indexOf(k);
}

/**
 * How the user wants to be answered: length, directness, tone, format, pushback, the level to
 * explain at, who edits whose text (a preference, by its statement, key or aliases).
 */
const ANSWER_STYLE =
  /\b(answers?|responses?|repl(?:y|ies)|respond\w*|explain\w*|explanations?|tone|verbos\w*|concise\w*|brevity|brief|terse|succinct|direct(?:ly|ness)?|preamble|bullet\w*|formatting|formal|informal|jargon|pushback|push back|disagree\w*|candid|blunt|recommendations?|basics|beginner|expertise|drafts?|(?:ai|assistant|model)(?:'s)? output|emojis?|examples?)\b/i;

/** What a diet leaves out: the foods a diet excludes (learn's vocabulary) and the common allergens. */
const FOODS = alternation([...EXCLUDES.keys(), 'peanuts', 'peanut', 'nuts', 'tree nuts', 'shellfish', 'gluten', 'wheat', 'soy', 'lactose', 'spicy food']);
const FREE_OF = '(?:dairy|gluten|lactose|meat|nut|sugar|alcohol|wheat|soy)';
const SUBJECT = String.raw`^(?:the )?user (?:(?:now|currently|still|also|recently|mostly|strictly|has been|is now|(?:just )?(?:found out|learned|learnt|discovered|reali[sz]ed)(?: that)? (?:they|he|she)) )?`;
const of = (verbs: string, cue: string) => new RegExp(`${SUBJECT}(?:${verbs})\\b.*\\b(?:${cue})\\b`, 'i');
/**
 * A persona kind of a statement whose key the catalogue does not know (or that has none): read in its
 * first clause only (FIRST_CLAUSE), and only where the user is the subject
 * and the kind's verb is the clause's own ("The user is allergic to…", "The user works at…"), so a
 * statement that only mentions the kind's word ("The user gave the dog away due to allergies", "reads
 * Rowling's works for fun", "enjoys vegan stir-fry") is an ordinary belief, found by its words.
 */
const BY_STATEMENT: [kind: string, text: RegExp][] = [
  ['allergy', of('is|are|has|have|gets|get|was|were', String.raw`allerg\w*|anaphyla\w*`)],
  ['intolerance', of('is|are|has|have|was|were', String.raw`intoleran\w*|coeliac|celiac`)],
  [
    'condition',
    of(
      'is|has|takes|uses|manages|lives with|was diagnosed with',
      String.raw`diabet\w*|asthma\w*|epilep\w*|medications?|medicines?|prescri\w*|pregnan\w*|blood pressure|migraines?|disorder`,
    ),
  ],
  [
    'diet',
    new RegExp(
      `${SUBJECT}(?:(?:is|are|eats|eat|went|became|follows|keeps|stays|stay) (?:an? |fully |mostly |now |strictly )?(?:${DIET}|${FREE_OF}[- ]free)|(?:does not|doesn't|do not|don't|never|cannot|can't|won't|avoids?|stays? away from) (?:eat|drink|have|touch)?s? ?(?:any |red )?${FOODS})\\b`,
      'i',
    ),
  ],
  ['name', /^(?:the )?user(?:'s (?:full |first |preferred )?name is| is called| goes by|'s pronouns are)\b/i],
  ['home', new RegExp(`${SUBJECT}(?:lives|is living|is based|moved|has moved)(?: down| back| over| up| out)? (?:in|to)\\b|\\btime ?zone\\b`, 'i')],
  ['employer', new RegExp(`${SUBJECT}(?:works|is employed) (?:at|for|by)\\b`, 'i')],
  ['role', new RegExp(`${SUBJECT}(?:works as (?:an? )?|is (?:an? |the )?)${ROLE}\\b`, 'i')],
  ['language', new RegExp(`${SUBJECT}speaks\\b|\\b(?:native language|mother tongue)\\b`, 'i')],
];

/** A statement's first clause: what the persona's statement rules read (a clause after it is about something else). */
const FIRST_CLAUSE = /^(.*?)(?:[,;:.!?]|\s(?:but|because|due to|while|although|though|after|before|so|and then)\s|$)/i;

/** The persona kind of a belief (catalogue kind by key; else by its statement), or undefined: never in the persona. */
function personaKindOf(b: Pick<Found, 'key' | 'statement' | 'type' | 'aliases'>): Kind | undefined {
  if (b.type === 'question' || b.type === 'relation') return undefined;
  const byKey = b.key === null ? undefined : kindOfKey(b.key);
  if (byKey) return byKey.persona ? byKey : undefined;
  const named = (kind: string) => PERSONA_KINDS.find((k) => k.kind === kind);
  if (b.type === 'preference' && ANSWER_STYLE.test(`${b.statement} ${(b.key ?? '').replace(/[._-]+/g, ' ')} ${parseList(b.aliases).join(' ')}`)) {
    return named('answer_style');
  }
  const clause = FIRST_CLAUSE.exec(b.statement.trim())?.[1] ?? '';
  const found = BY_STATEMENT.find(([, text]) => text.test(clause));
  return found && named(found[0]);
}

type KindRow = Pick<Found, 'key' | 'statement' | 'type' | 'aliases'>;
/** A belief's persona kind with what it was worked out of (remembered by the belief's id while they stay as read). */
const kindOfRow = (b: KindRow) => ({ type: b.type, key: b.key, statement: b.statement, aliases: b.aliases, kind: personaKindOf(b) });
const kindStands = (k: ReturnType<typeof kindOfRow>, b: KindRow) =>
  k.statement === b.statement && k.key === b.key && k.type === b.type && k.aliases === b.aliases;

/** Whether a persona belief says how the user wants to be answered: it applies to every answer, a recall question's too. */
export function answersHow(b: Found): boolean {
  return personaKindOf(b)?.kind === 'answer_style';
}

/** Every key the persona's kinds are stored under (their keys and synonyms; several-value kinds' keys as prefixes). */
const PERSONA_KEYS = PERSONA_KINDS.flatMap(sameSubjectKeys);

/**
 * The owner's active beliefs under the persona's keys, at most 50 (parameters: owner, 'active', then each key and its
 * end), compiled once. Its plan reads the values (a range of the owner's key index per key): precompiledPlanned.
 */
const keyedBeliefs = precompiledPlanned<Found>((db) =>
  db
    .selectFrom('beliefs')
    .select(FOUND_COLUMNS)
    .where('owner', '=', '')
    .where('status', '=', 'active')
    .where((eb) => eb.or(PERSONA_KEYS.map((p) => eb.and([eb('key', '>=', p), eb('key', '<', `${p}\uffff`)]))))
    .limit(50),
);
const KEY_RANGES = PERSONA_KEYS.flatMap((p) => [p, `${p}\uffff`]);

/** The owner's SCAN best-ranked active beliefs (parameters: owner, 'active'): compiled once. */
const rankedBeliefs = precompiled<Found>((db) =>
  db
    .selectFrom('beliefs')
    .select(FOUND_COLUMNS)
    .where('owner', '=', '')
    .where('status', '=', 'active')
    .orderBy('pinned', 'desc')
    .orderBy('confidence', 'desc')
    .orderBy('reinforced_count', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(sql.lit(SCAN)),
);

/**
 * The owner's persona, read-only: universal active beliefs of the catalogue's persona kinds
 * (PERSONA_KINDS order; in a kind the pinned, the more confident, then the more recent first),
 * one value of a one-value kind and SEVERAL_MAX of another, at most PERSONA_MAX_LIMIT (a request
 * takes the first `injection.persona_max`). Bounded for any owner: keyed facts by index range, the
 * rest among the SCAN best-ranked universal beliefs.
 */
async function personaBeliefs(db: Db, owner: string, remember: Remembered = Remembered.none): Promise<Found[]> {
  const [keyed, ranked] = await Promise.all([keyedBeliefs(db, [owner, 'active', ...KEY_RANGES, 50]), rankedBeliefs(db, [owner, 'active'])]);
  const seen = new Set<string>();
  const universal = [...keyed, ...ranked].filter((b) => b.scope === 'universal' && !seen.has(b.id) && seen.add(b.id));
  const perKind = new Map<Kind, number>();
  return universal
    .flatMap((b) => {
      const kind = remember.ofRow(b.id, b, kindStands, kindOfRow).kind;
      return kind ? [{ b, kind, keyed: b.key !== null && kindOfKey(b.key) === kind }] : [];
    })
    .sort(
      (x, y) =>
        rank(x.kind) - rank(y.kind) ||
        Number(y.keyed) - Number(x.keyed) ||
        y.b.pinned - x.b.pinned ||
        y.b.confidence - x.b.confidence ||
        y.b.updated_at.localeCompare(x.b.updated_at),
    )
    .filter((x) => {
      const n = perKind.get(x.kind) ?? 0;
      perKind.set(x.kind, n + 1);
      return n < (x.kind.one_value ? 1 : SEVERAL_MAX);
    })
    .slice(0, PERSONA_MAX_LIMIT)
    .map((x) => x.b);
}

/** The deps injectedPersona needs: the database and the app's remembered reads. */
export type WithPersonas = Pick<Deps, 'db' | 'database'> & { services: { ownerReads: OwnerReads } };

/**
 * The persona tier of a chat request, read-only: personaBeliefs, its selection remembered
 * (OwnerReads) while the owner's persona_cache row stands. Every belief change deletes that row
 * (beliefs.ts), so a remembered selection never outlives a change; the beliefs themselves are re-read
 * by id each time, so a statement or status changed directly in the database is never stale. Without
 * a cached row it is computed afresh (a bounded read); chat then asks the actor to rebuild the cache
 * in the background (refreshPersona). The request's other reads of the owner's index are remembered
 * under the same row (`remember`).
 */
export async function injectedPersona(deps: WithPersonas, owner: string): Promise<InjectedPersona> {
  const { db } = deps;
  const cached = await readPersona(db, owner);
  const remember = deps.services.ownerReads.of(owner, cached);
  // A cached row's count is exact: any change to the owner's beliefs deletes the row.
  const activeBeliefs = cached?.belief_count;
  let selected: Found[] | undefined;
  const ids = await remember.read('persona', async () => {
    selected = await personaBeliefs(db, owner, remember);
    return selected.map((b) => b.id);
  });
  if (selected) return { beliefs: selected, cached: cached !== undefined, activeBeliefs, remember };
  const rows = new Map((await beliefsById(deps.database, owner, ids)).map((b) => [b.id, b]));
  if (rows.size === ids.length) return { beliefs: ids.map((id) => rows.get(id)!), cached: true, activeBeliefs, remember };
  return { beliefs: await personaBeliefs(db, owner, remember), cached: true, activeBeliefs, remember };
}

export interface InjectedPersona {
  beliefs: Found[];
  /** Whether the owner's persona cache stood; when not, chat rebuilds it in the background. */
  cached: boolean;
  /** The owner's active beliefs, known exactly while the cache stands. */
  activeBeliefs: number | undefined;
  /** The request's reads of the owner's beliefs, remembered while the cache stands. */
  remember: Remembered;
}

/** Rebuilds the owner's cached persona through its actor unless a cached one stands (background work). */
export async function refreshPersona(deps: Pick<Deps, 'db' | 'world'>, owner: string): Promise<void> {
  if (!(await readPersona(deps.db, owner))) await deps.world.change(owner, { op: 'persona' });
}

/** The persona tier as the model sees it: one line per belief, as in the injected block (and the receipt). */
export function personaText(beliefs: Parameters<typeof datedStatement>[0][]): string {
  return beliefs.map((b) => line(datedStatement(b))).join('\n');
}

/**
 * Caches the owner's persona as injected into a request without a query (the dashboard's
 * preview: the same selection, count and text the model sees; no model call). Runs inside the
 * owner's actor, so no change to the beliefs can slip between the read and the cache write.
 * Chat never waits for it: injection reads personaBeliefs directly.
 */
export async function buildPersona(deps: Deps, owner: string): Promise<Persona> {
  const { db } = deps;
  const [selected, config, count] = await Promise.all([
    personaBeliefs(db, owner),
    loadConfig(db),
    db
      .selectFrom('beliefs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', owner)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow(),
  ]);
  const persona: Persona = {
    owner,
    persona: personaText(selected.slice(0, config.injection.persona_max)),
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
