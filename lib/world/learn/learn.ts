import { loadConfig } from '../../stores/config.ts';
import type { Deps } from '../../deps.ts';
import type { Belief } from '../../db/schema.ts';
import { readPart } from './extract/segment.ts';
import { holdsSecret, ownWords } from './extract/pasted.ts';
import { askedBefore, SENTENCE_END } from './asked.ts';
import { saidWords } from '../recall/terms.ts';
import { extractInSlices, yieldToEventLoop, type StepRunner } from './run-extractor.ts';
import type { Held } from './extract/resolve.ts';
import { extractWithModel, type KnownBelief } from './model-extract.ts';
import { searchBeliefs } from '../recall/retrieval.ts';
import { slotKeys } from '../beliefs/slots.ts';
import { extractionCharge } from '../beliefs/quota.ts';
import { parseList } from '../../json-list.ts';
import { activeByKeys, applyCandidate, retractKey, type WriteOptions } from '../beliefs/beliefs.ts';
import type { BeliefEvent, BeliefSource, Extraction, Turn } from '../../ports/beliefs.ts';

/** How many of the caller's beliefs the extraction model is shown, by key and by retrieval. */
const KNOWN_BY_KEY = 30;
const KNOWN_BY_SEARCH = 10;
/** Beliefs (and retractions) one extraction applies at most (API.md §6). */
const MAX_BELIEFS_PER_TURN = 8;

/** How many of the owner's beliefs a change is resolved against: the most recently changed. */
const HELD_ACTIVE = 400;
const HELD_SUPERSEDED = 100;

/** The owner's beliefs a change in their words is resolved against (extract/resolve.ts); read only for a turn that states one. */
async function heldBeliefs(deps: Deps, owner: string): Promise<Held[]> {
  const recent = (status: string, limit: number) =>
    deps.db
      .selectFrom('beliefs')
      .select(['id', 'key', 'statement'])
      .where('owner', '=', owner)
      .where('status', '=', status)
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
  const [active, superseded] = await Promise.all([recent('active', HELD_ACTIVE), recent('superseded', HELD_SUPERSEDED)]);
  return [...active.map((b) => ({ ...b, active: true })), ...superseded.map((b) => ({ ...b, active: false }))];
}

/** When the user said these turns: the latest one's `at`, else now. */
export function observedAt(deps: Pick<Deps, 'now'>, turns: Turn[]): string {
  return turns.findLast((t) => t.role === 'user' && t.at !== undefined)?.at ?? deps.now().toISOString();
}

/**
 * Learning from a user's words, run inside the owner's actor. Only user turns are ever read —
 * what the user said is what the user believes; assistant, system and tool text never is — and
 * of each only the part extraction reads (readPart). With an extraction model configured it
 * answers (API.md §6); when its answer is invalid, or without one, the built-in extractor does.
 * The built-in extractor runs on every turn (on `runner`'s thread when given); `charge` is told what it cost (extractionCharge).
 */
export async function learnFrom(
  deps: Deps,
  owner: string,
  turns: Turn[],
  charge: (ms: number) => void = () => undefined,
  runner?: StepRunner,
): Promise<Extraction> {
  const said = turns.filter((t) => t.role === 'user').map((t) => ({ ...t, content: readPart(t.content) }));
  if (said.length === 0) return { beliefs: [], retract: [] };
  const { found: builtIn, ms } = await extractInSlices(said, () => heldBeliefs(deps, owner), runner);
  charge(
    extractionCharge(
      ms,
      said.reduce((n, t) => n + t.content.length, 0),
    ),
  );
  const config = await loadConfig(deps.db);
  const found =
    config.extraction.enabled && config.extraction.model
      ? ((await extractWithModel(
          deps,
          config.extraction.model,
          said.map((t) => t.content),
          await beliefsBearingOn(deps, owner, said, builtIn),
          observedAt(deps, said),
          owner,
        )) ?? builtIn)
      : builtIn;
  const sentences = [...ownSentences(said), ...askedBefore(turns)];
  return { ...found, beliefs: found.beliefs.map((b) => ({ ...b, said: saidWords(sentences, b.statement) })) };
}

/** The user's own sentences of these turns, which what is learned from them is indexed by: nothing pasted or quoted, no sentence holding a secret. */
function ownSentences(turns: Turn[]): string[] {
  return turns.flatMap((t) => ownWords(t.content).split(SENTENCE_END)).filter((s) => s.trim() !== '' && !holdsSecret(s));
}

/**
 * Applies an extraction in the owner's actor: retractions first, then beliefs in order, at most
 * MAX_BELIEFS_PER_TURN of each, each its own atomic change with a pause for the event loop
 * between them, and none once `budget` writes are made. A key both retracted and restated is
 * superseded by the restatement (keeping the chain), not retracted. A turn's single domain scope
 * is the scope of everything learned from it.
 */
export async function applyExtraction(
  deps: Deps,
  owner: string,
  found: Extraction,
  source: BeliefSource,
  scope: string,
  options: WriteOptions & { budget?: number } = {},
): Promise<BeliefEvent[]> {
  const beliefs = found.beliefs.slice(0, MAX_BELIEFS_PER_TURN);
  const restated = new Set(beliefs.flatMap((b) => (b.key ? slotKeys(b.key) : [])));
  const budget = options.budget ?? Number.POSITIVE_INFINITY;
  const events: BeliefEvent[] = [];
  const writes: Array<() => Promise<BeliefEvent[]>> = [
    ...found.retract
      .filter((r) => !restated.has(r.key))
      .slice(0, MAX_BELIEFS_PER_TURN)
      .map((r) => () => retractKey(deps, owner, r, source, source.kind, options)),
    ...beliefs.map((cand) => () => applyCandidate(deps, owner, scope === 'universal' ? cand : { ...cand, scope }, source, source.kind, options)),
  ];
  for (const [i, write] of writes.entries()) {
    if (events.length >= budget) break;
    if (i > 0) await yieldToEventLoop();
    events.push(...(await write()));
  }
  return events;
}

/**
 * The caller's active beliefs that bear on these turns: those under the keys (and slots) the
 * built-in rules would touch, then the best retrieval matches. The one call into retrieval.
 */
async function beliefsBearingOn(deps: Deps, owner: string, turns: Turn[], builtIn: Extraction): Promise<KnownBelief[]> {
  const keys = [...new Set([...builtIn.beliefs.flatMap((b) => (b.key ? slotKeys(b.key) : [])), ...builtIn.retract.flatMap((r) => slotKeys(r.key))])];
  // A turn can touch several slots, each with dozens of keys: more than one statement binds (activeByKeys splits them).
  const byKey = (await activeByKeys(deps.db, owner, keys)).slice(0, KNOWN_BY_KEY);
  const found = await searchBeliefs(deps, owner, turns.map((t) => t.content).join('\n'), KNOWN_BY_SEARCH);
  const ids = found.map((f) => f.id).filter((id) => !byKey.some((b) => b.id === id));
  const bySearch = ids.length ? await deps.db.selectFrom('beliefs').selectAll().where('id', 'in', ids).execute() : [];
  const rank = new Map(ids.map((id, i) => [id, i]));
  bySearch.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...byKey, ...bySearch.filter((b) => b.owner === owner && b.status === 'active')].map(known);
}

function known(row: Belief): KnownBelief {
  return { id: row.id, key: row.key, statement: row.statement, aliases: parseList(row.aliases) };
}
