import type { Deps } from '../../deps.ts';
import type { OwnerReads } from './owner-reads.ts';
import { beliefsById } from './retrieval.ts';
import type { ServiceCall } from '../../providers/accounting.ts';

/** A query embedding's call, as chat counts it (for the request's owner). */
export type QueryEmbeddingCall = Omit<ServiceCall, 'owner'>;
import { byRank, RANKING, score, vectorGain, type Scored } from './ranking.ts';
import { embedTexts, type EmbeddingModel, type EmbeddingModels } from '../../embeddings/client.ts';
import type { Similarity, VectorCache } from '../../embeddings/nearest.ts';

/** Query embeddings that failed or timed out, each leaving its request to words (`belief_store_embedding_fallbacks_total`). */
export interface FallbackCount {
  count: number;
}

/** What recall needs of the app beside the runtime: the fallback count and the caches of its services (lib/services.ts). */
export type RecallDeps = Deps & {
  services: { embeddingFallbacks: FallbackCount; embeddingModels: EmbeddingModels; vectors: VectorCache; ownerReads: OwnerReads };
};

/** The similarity of the owner's beliefs to the query; null when recall is by words (no model, or the query embedding failed). */
export type QuerySimilarity = Similarity | null;

/** The vector side of one request: the similarity, and the query embedding's call for the caller to count (null without one). */
export interface VectorSide {
  similarity: QuerySimilarity;
  call: QueryEmbeddingCall | null;
}

const WORDS_ONLY: VectorSide = { similarity: null, call: null };

/**
 * Starts the vector side of a search, to run beside the lexical one: the query's embedding (at
 * most RANKING.vector.timeoutMs; a failure or timeout is counted and leaves the request to words) and
 * the cosine similarity of each of the owner's beliefs embedded with the configured model
 * (vectors of another model are never read). Resolves once the embedding call is on its way (the
 * transport's `sent`), with the side to await after the lexical work; the side never rejects. The
 * embedding call is returned, not written: chat counts it through the usage buffer, off the request path.
 * With `configured` false (the config the request was read with names no embeddings model), it is words
 * only without reading the stored config again.
 */
export async function startQuerySimilarity(deps: RecallDeps, owner: string, query: string, configured?: boolean): Promise<{ side: Promise<VectorSide> }> {
  let model: EmbeddingModel | null;
  try {
    model = query.trim() && configured !== false ? await deps.services.embeddingModels.current(deps) : null;
  } catch {
    model = null;
  }
  if (!model) return { side: Promise.resolve(WORDS_ONLY) };
  const side = querySimilarity(deps, owner, model, query);
  await deps.platform.upstream?.sent?.();
  return { side };
}

async function querySimilarity(deps: RecallDeps, owner: string, model: EmbeddingModel, query: string): Promise<VectorSide> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('timeout'));
    }, RANKING.vector.timeoutMs);
  });
  let vector: Float32Array;
  let call: QueryEmbeddingCall;
  try {
    const result = await Promise.race([embedTexts(deps, model, [query], controller.signal), deadline]);
    const first = result.vectors[0];
    if (!first) throw new Error('the query embedding is unusable');
    vector = first;
    call = { purpose: 'embeddings', model: model.id, usage: { prompt_tokens: result.promptTokens, completion_tokens: 0 } };
  } catch {
    deps.services.embeddingFallbacks.count++;
    return { similarity: null, call: { purpose: 'embeddings', model: model.id, failed: true } };
  } finally {
    clearTimeout(timer);
  }
  try {
    return { similarity: await deps.services.vectors.similar(deps.db, owner, model.id, vector, RANKING.vector.onlyMax + 1), call };
  } catch (err) {
    deps.platform.log({ level: 'error', msg: 'belief vectors unreadable; recall by words', error: String(err) });
    return { similarity: null, call };
  }
}

/**
 * Fuses vector similarity into the lexical candidates (lib/world/recall/ranking.ts score: each gains
 * vectorGain of its similarity), and beliefs sharing no word with the query come in when their
 * similarity stands out (standingOut) and the question allows it (`byMeaningAlone`: it speaks of
 * the user; "how TCP slow start works" is about no belief however near a weak model puts one;
 * scored by their vector alone, so the relevance cutoff,
 * applied afterwards to the fused score, keeps them only beside comparable matches). In the one
 * order (byRank).
 */
export async function fuseSimilarity(
  deps: Deps,
  owner: string,
  scored: Scored[],
  similarity: QuerySimilarity,
  options: { byMeaningAlone: boolean },
): Promise<Scored[]> {
  if (!similarity || similarity.top.length === 0) return scored;
  const fused = scored.map((s) => ({ ...s, score: score(s, similarity.of(s.belief.id)) }));
  const lexical = new Set(scored.map((s) => s.belief.id));
  const only = options.byMeaningAlone ? standingOut(similarity.top).filter((id) => !lexical.has(id)) : [];
  for (const belief of await beliefsById(deps.database, owner, only)) {
    // A token of its own: what it matched is its meaning, which no other belief's words explain away.
    // Its coverage is its meaning: the fused score alone decides it against the relevance cutoff.
    fused.push({
      belief,
      score: vectorGain(similarity.of(belief.id)),
      lexical: 0,
      byName: 0,
      byDate: 0,
      bySaid: 0,
      matched: new Set([`\u0000vector:${belief.id}`]),
      named: false,
      anchored: false,
      category: false,
      mentions: 0,
      strong: false,
      coverage: 1,
      queryWords: 1,
    });
  }
  return fused.sort(byRank);
}

/** The most similar beliefs, up to the last one that opens a `gap`-fold drop while the group stays tight (at most `onlyMax`). */
function standingOut(ranked: [string, number][]): string[] {
  const { only, gap, group, floor, onlyMax } = RANKING.vector;
  const first = ranked[0]?.[1] ?? 0;
  let cut = 0;
  for (let k = 0; k < Math.min(ranked.length, onlyMax); k++) {
    const sim = ranked[k]![1];
    if (sim < only || sim < group * first) break;
    if (sim >= gap * Math.max(ranked[k + 1]?.[1] ?? 0, floor)) cut = k + 1;
  }
  return ranked.slice(0, cut).map(([id]) => id);
}
