import type { Deps } from '../deps.ts';
import { addProviderAuth, providerUrl } from '../providers/endpoint.ts';
import { resolveModel, type ModelRoute } from '../providers/route.ts';
import { fetchTransport } from '../providers/upstream.ts';
import { loadStoredConfig, parseConfig, storedProviderKey } from '../stores/config.ts';
import type { StoredConfig } from '../runtime-config.ts';

/** The configured embeddings model: its public id (what vectors are stored under), route and key. */
export interface EmbeddingModel {
  id: string;
  route: ModelRoute;
  key: string | null;
}

/** Why an embedding call failed; the message never carries the provider's URL or key. */
class EmbeddingError extends Error {}

/**
 * The configured embeddings model, remembered while the stored config and keys it was read from
 * stay the same (one per app instance, in its services: lib/services.ts).
 */
export class EmbeddingModels {
  private memo: { masterKey: Uint8Array | null; json: string | null; sealedKeys: string; model: EmbeddingModel | null } | null = null;

  /** The embeddings model configured now, or null (recall by words only). */
  async current(deps: Pick<Deps, 'database' | 'masterKey'>): Promise<EmbeddingModel | null> {
    return this.of(deps.masterKey, await loadStoredConfig(deps.database));
  }

  private of(masterKey: Uint8Array | null, stored: StoredConfig): EmbeddingModel | null {
    const memo = this.memo;
    if (memo && memo.masterKey === masterKey && memo.json === stored.json && memo.sealedKeys === stored.sealedKeys) return memo.model;
    const config = parseConfig(stored.json);
    const route = config.embeddings ? resolveModel(config, config.embeddings.model) : null;
    const model = route && route.provider.kind === 'openai' ? { id: route.id, route, key: storedProviderKey(masterKey, stored, route.provider.id) } : null;
    this.memo = { masterKey, json: stored.json, sealedKeys: stored.sealedKeys, model };
    return model;
  }
}

/** Provider tokens an embedding call used, as its `usage` reported them (0 when it did not). */
interface EmbeddingResult {
  vectors: Float32Array[];
  promptTokens: number;
}

/**
 * One OpenAI-shape `POST {base_url}/embeddings` with `input` as an array, answered as unit-length
 * vectors in input order. Never follows a redirect (the key would go along). Rejects with
 * EmbeddingError on any failure, or when `signal` aborts.
 */
export async function embedTexts(deps: Pick<Deps, 'platform'>, model: EmbeddingModel, inputs: string[], signal: AbortSignal): Promise<EmbeddingResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  addProviderAuth(headers, 'openai', model.key);
  const body = JSON.stringify({ model: model.route.model, input: inputs, encoding_format: 'float' });
  const provider = `provider "${model.route.provider.id}"`;
  let answer: Awaited<ReturnType<typeof fetchTransport>>;
  try {
    answer = await (deps.platform.upstream ?? fetchTransport)({ url: providerUrl(model.route.provider, 'embeddings'), headers, body, signal });
  } catch {
    throw new EmbeddingError(signal.aborted ? `${provider}: embedding call aborted` : `${provider} could not be reached`);
  }
  if (answer.status < 200 || answer.status > 299) {
    await answer.body?.cancel().catch(() => undefined);
    throw new EmbeddingError(`${provider} answered ${answer.status} to an embedding call`);
  }
  let json: { data?: { embedding?: unknown; index?: unknown }[]; usage?: { prompt_tokens?: unknown } };
  try {
    json = JSON.parse(await answer.text());
  } catch {
    throw new EmbeddingError(`${provider}: the embedding answer is not JSON`);
  }
  const data = Array.isArray(json.data) ? json.data : [];
  if (data.length !== inputs.length) throw new EmbeddingError(`${provider}: ${data.length} embeddings for ${inputs.length} inputs`);
  const vectors: Float32Array[] = new Array(inputs.length);
  data.forEach((item, i) => {
    const at = typeof item.index === 'number' ? item.index : i;
    const v = item.embedding;
    if (!Array.isArray(v) || v.length === 0 || at < 0 || at >= inputs.length || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new EmbeddingError(`${provider}: a malformed embedding`);
    }
    vectors[at] = unit(Float32Array.from(v as number[]));
  });
  const dims = vectors[0]?.length;
  if (vectors.some((v) => !v || v.length !== dims)) throw new EmbeddingError(`${provider}: embeddings of different lengths`);
  const tokens = json.usage?.prompt_tokens;
  return { vectors, promptTokens: typeof tokens === 'number' ? tokens : 0 };
}

/** The vector scaled to length 1 (a zero vector stays zero): cosine similarity is then a dot product. */
function unit(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}
