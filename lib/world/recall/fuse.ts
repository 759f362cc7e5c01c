import type { Deps } from '../../deps.ts';
import { beliefsById } from './retrieval.ts';
import { recordServiceCall } from '../../providers/accounting.ts';
import type { Scored } from './relevance.ts';
import { currentEmbeddingModel, embedTexts, type EmbeddingModel } from '../../embeddings/client.ts';
import { similarBeliefs, type Similarity } from '../../embeddings/nearest.ts';

/** The query embedding's deadline on the request path (API.md §7): past it, words alone. */
const QUERY_TIMEOUT_MS = 300;
/**
 * Similarity (centred on the owner's average belief, lib/embeddings/nearest.ts) from which a
 * belief's vector adds to its score; below it, no contribution.
 */
const SIMILARITY_FLOOR = 0.15;
/**
 * A belief found by its vector alone (no shared word) must be clearly similar: a centred
 * similarity of VECTOR_ONLY, standing out VECTOR_GAP times over the next most similar belief
 * (lexical or not), and, when several come in together, each within VECTOR_GROUP of the most
 * similar one. Near-misses of a weak model crowd together or trail off; a real paraphrase (or
 * a tight group of them) stands apart.
 */
const VECTOR_ONLY = 0.35;
const VECTOR_GAP = 1.8;
const VECTOR_GROUP = 0.8;
/** What a perfect similarity adds to a belief's lexical score (about one rare shared word's weight). */
const VECTOR_WEIGHT = 4;
/** Beliefs found by vector alone read per request, at most. */
const VECTOR_ONLY_MAX = 20;

/** Query embeddings that failed or timed out, each leaving its request to words (`belief_store_embedding_fallbacks_total`). */
export interface FallbackCount {
  count: number;
}

/** The deps querySimilarity needs: the app's fallback count beside the runtime's. */
export type WithFallbacks = Deps & { services: { embeddingFallbacks: FallbackCount } };

/** The similarity of the owner's beliefs to the query; null when recall is by words (no model, or the query embedding failed). */
export type QuerySimilarity = Similarity | null;

/**
 * Starts the vector side of a search, to run beside the lexical one: the query's embedding (at
 * most QUERY_TIMEOUT_MS; a failure or timeout is counted and leaves the request to words) and
 * the cosine similarity of each of the owner's beliefs embedded with the configured model
 * (vectors of another model are never read). Never rejects.
 */
export async function querySimilarity(deps: WithFallbacks, owner: string, query: string): Promise<QuerySimilarity> {
  let model: EmbeddingModel | null;
  try {
    model = query.trim() ? await currentEmbeddingModel(deps) : null;
  } catch {
    return null;
  }
  if (!model) return null;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('timeout'));
    }, QUERY_TIMEOUT_MS);
  });
  let vector: Float32Array;
  try {
    const result = await Promise.race([embedTexts(deps, model, [query], controller.signal), deadline]);
    vector = result.vectors[0]!;
    void recordServiceCall(deps, { owner, purpose: 'embeddings', model: model.id, usage: { prompt_tokens: result.promptTokens, completion_tokens: 0 } });
  } catch {
    deps.services.embeddingFallbacks.count++;
    void recordServiceCall(deps, { owner, purpose: 'embeddings', model: model.id, failed: true });
    return null;
  } finally {
    clearTimeout(timer);
  }
  try {
    return await similarBeliefs(deps.db, owner, model.id, vector, VECTOR_ONLY_MAX + 1);
  } catch (err) {
    deps.platform.log({ level: 'error', msg: 'belief vectors unreadable; recall by words', error: String(err) });
    return null;
  }
}

/**
 * Fuses vector similarity into the lexical candidates: each scored belief gains VECTOR_WEIGHT ×
 * how far its similarity lies above SIMILARITY_FLOOR, and beliefs sharing no word with the query
 * come in when their similarity reaches VECTOR_ONLY (scored by their vector alone, so the relevance
 * cutoff, applied afterwards to the fused score, keeps them only beside comparable matches).
 * Best first, as scoreBeliefs orders.
 */
export async function fuseSimilarity(deps: Deps, owner: string, scored: Scored[], similarity: QuerySimilarity): Promise<Scored[]> {
  if (!similarity || similarity.top.length === 0) return scored;
  const gain = (sim: number) => (VECTOR_WEIGHT * Math.max(0, sim - SIMILARITY_FLOOR)) / (1 - SIMILARITY_FLOOR);
  const fused = scored.map((s) => ({ ...s, score: s.score + gain(similarity.of(s.belief.id)) }));
  const lexical = new Set(scored.map((s) => s.belief.id));
  const only = standingOut(similarity.top).filter((id) => !lexical.has(id));
  for (const belief of await beliefsById(deps.db, owner, only)) {
    // A token of its own: what it matched is its meaning, which no other belief's words explain away.
    // Its coverage is its meaning: the fused score alone decides it against the relevance cutoff.
    const score = gain(similarity.of(belief.id));
    fused.push({
      belief,
      score,
      lexical: 0,
      matched: new Set([`\u0000vector:${belief.id}`]),
      named: false,
      mentions: 0,
      strong: false,
      coverage: 1,
      queryWords: 1,
    });
  }
  return fused.sort(
    (a, b) =>
      b.score - a.score ||
      b.belief.pinned - a.belief.pinned ||
      b.belief.confidence - a.belief.confidence ||
      b.belief.updated_at.localeCompare(a.belief.updated_at),
  );
}

/** The most similar beliefs, up to the last one that opens a VECTOR_GAP-fold drop while the group stays tight (at most VECTOR_ONLY_MAX). */
function standingOut(ranked: [string, number][]): string[] {
  const first = ranked[0]?.[1] ?? 0;
  let cut = 0;
  for (let k = 0; k < Math.min(ranked.length, VECTOR_ONLY_MAX); k++) {
    const sim = ranked[k]![1];
    if (sim < VECTOR_ONLY || sim < VECTOR_GROUP * first) break;
    if (sim >= VECTOR_GAP * Math.max(ranked[k + 1]?.[1] ?? 0, SIMILARITY_FLOOR)) cut = k + 1;
  }
  return ranked.slice(0, cut).map(([id]) => id);
}
