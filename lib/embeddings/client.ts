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

/** The longest vector accepted (the largest models give 4,096 values). */
const MAX_DIMENSIONS = 8192;
/** Bytes of answer read per input at most (MAX_DIMENSIONS values of up to 32 characters each), beside a fixed allowance. */
const ANSWER_BYTES_PER_INPUT = MAX_DIMENSIONS * 32;
const ANSWER_BYTES_BASE = 64 * 1024;
/** The largest finite float32: a value past it would be stored as Infinity. */
const FLOAT32_MAX = 3.4028234663852886e38;

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

/** Each input's vector (null: the answer's embedding for it was unusable) and the provider tokens the call used (0 when `usage` did not say). */
interface EmbeddingResult {
  vectors: (Float32Array | null)[];
  promptTokens: number;
}

/**
 * One OpenAI-shape `POST {base_url}/embeddings` with `input` as an array, answered as unit-length
 * vectors in input order (null for an input whose embedding is unusable). Never follows a redirect
 * (the key would go along); reads at most a bounded answer. Rejects with EmbeddingError on any
 * failure of the call as a whole, or when `signal` aborts.
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
  const limit = ANSWER_BYTES_BASE + inputs.length * ANSWER_BYTES_PER_INPUT;
  let json: { data?: { embedding?: unknown; index?: unknown }[]; usage?: { prompt_tokens?: unknown } };
  try {
    json = JSON.parse(await cappedText(answer.body, limit, () => new EmbeddingError(`${provider}: the embedding answer is longer than ${limit} bytes`)));
  } catch (err) {
    if (err instanceof EmbeddingError) throw err;
    throw new EmbeddingError(`${provider}: the embedding answer is not JSON`);
  }
  const data = Array.isArray(json.data) ? json.data : [];
  if (data.length !== inputs.length) throw new EmbeddingError(`${provider}: ${data.length} embeddings for ${inputs.length} inputs`);
  const vectors: (Float32Array | null)[] = new Array(inputs.length).fill(null);
  data.forEach((item, i) => {
    const at = typeof item.index === 'number' ? item.index : i;
    if (!Number.isInteger(at) || at < 0 || at >= inputs.length) throw new EmbeddingError(`${provider}: a malformed embedding`);
    vectors[at] = usableVector(item.embedding);
  });
  const dims = vectors.find((v) => v !== null)?.length;
  if (vectors.some((v) => v !== null && v.length !== dims)) throw new EmbeddingError(`${provider}: embeddings of different lengths`);
  const tokens = json.usage?.prompt_tokens;
  return { vectors, promptTokens: typeof tokens === 'number' ? tokens : 0 };
}

/**
 * One answered embedding as a unit vector, or null (that input failed) unless it is an array of
 * 1–MAX_DIMENSIONS finite numbers within float32's range: anything else would be stored as NaN or
 * Infinity and spoil every similarity of its owner.
 */
function usableVector(v: unknown): Float32Array | null {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_DIMENSIONS) return null;
  if (!v.every((x) => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= FLOAT32_MAX)) return null;
  const unitVector = unit(Float32Array.from(v as number[]));
  return unitVector.every(Number.isFinite) ? unitVector : null;
}

/** The body as UTF-8 text, read as it streams in, failing with `tooLong()` past `limit` bytes (nothing more is read). */
async function cappedText(body: ReadableStream<Uint8Array> | null, limit: number, tooLong: () => Error): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLong();
    }
    chunks.push(next.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The vector scaled to length 1 (a zero vector stays zero): cosine similarity is then a dot product. */
function unit(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}
