import type { Db } from '../db/schema.ts';
import { latestStamp, vectorsSince } from './store.ts';
import { vectorOf } from './text.ts';

/** Floats of owners' vectors kept in a process (256 MB), the least recently searched owner dropped first. */
const CACHED_FLOATS = 64 * 1024 * 1024;

/** One owner's unit vectors of one model, as rows of one Float32Array (brute-force cosine). */
class OwnerVectors {
  ids: (string | null)[] = [];
  slots = new Map<string, number>();
  data = new Float32Array(0);
  dims = 0;
  /** The newest stamp read: rows written at or after it are read again on the next search. */
  stamp = 0;

  apply(rows: { belief_id: string; vector: Uint8Array | number[] | null; stamp: number }[]): void {
    for (const row of rows) {
      this.stamp = Math.max(this.stamp, Number(row.stamp));
      const slot = this.slots.get(row.belief_id);
      const v = row.vector ? vectorOf(row.vector) : null;
      if (v && this.dims === 0) this.dims = v.length;
      if (!v || v.length !== this.dims) {
        if (slot !== undefined) {
          // A zero row: its dot product is 0, adding nothing to the mean over the live ones.
          this.ids[slot] = null;
          this.slots.delete(row.belief_id);
          this.data.fill(0, slot * this.dims, (slot + 1) * this.dims);
        }
        continue;
      }
      const at = slot ?? this.ids.length;
      if (slot === undefined) {
        this.ids.push(row.belief_id);
        this.slots.set(row.belief_id, at);
        if ((at + 1) * this.dims > this.data.length) {
          const grown = new Float32Array(Math.max(1024, 2 * (at + 1)) * this.dims);
          grown.set(this.data);
          this.data = grown;
        }
      }
      this.data.set(v, at * this.dims);
    }
  }

  /**
   * Each cached belief's similarity to the query, centred on the owner's typical one: (cos − mean)
   * / (1 − mean), so 0 is as similar as the owner's average belief and 1 identical, whatever the
   * model's baseline (some models put unrelated texts at 0.1, others at 0.7).
   */
  similar(query: Float32Array, top: number): Similarity {
    const { data, dims, ids } = this;
    if (query.length !== dims || this.slots.size === 0) return NO_SIMILARITY;
    // One pass: every dot product, their sum, and the `top` largest (centring keeps the order).
    const best: number[] = [];
    const bestCos: number[] = [];
    let floor = Number.NEGATIVE_INFINITY;
    let sum = 0;
    for (let slot = 0, base = 0; slot < ids.length; slot++, base += dims) {
      const cos = dot(data, base, query);
      sum += cos;
      if (cos <= floor || ids[slot] === null) continue;
      let at = bestCos.length;
      while (at > 0 && bestCos[at - 1]! < cos) at--;
      best.splice(at, 0, slot);
      bestCos.splice(at, 0, cos);
      if (best.length > top) {
        best.pop();
        bestCos.pop();
      }
      if (best.length === top) floor = bestCos[top - 1]!;
    }
    const mean = Math.min(sum / this.slots.size, 0.99);
    const centred = (cos: number) => (cos - mean) / (1 - mean);
    const slots = this.slots;
    return {
      of: (id) => {
        const slot = slots.get(id);
        return slot === undefined ? 0 : centred(dot(data, slot * dims, query));
      },
      top: best.map((slot, i) => [ids[slot]!, centred(bestCos[i]!)]),
    };
  }
}

/** The dot product of the row at `base` with the query, four accumulators wide (the CPU overlaps independent additions: about 5× one sum). */
function dot(data: Float32Array, base: number, query: Float32Array): number {
  const dims = query.length;
  const unrolled = dims & ~3;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i < unrolled; i += 4) {
    a += data[base + i]! * query[i]!;
    b += data[base + i + 1]! * query[i + 1]!;
    c += data[base + i + 2]! * query[i + 2]!;
    d += data[base + i + 3]! * query[i + 3]!;
  }
  for (; i < dims; i++) a += data[base + i]! * query[i]!;
  return a + b + c + d;
}

/** A query's similarity to the owner's beliefs: any belief's (0 without a vector), and the most similar first. */
export interface Similarity {
  of(id: string): number;
  top: [string, number][];
}

const NO_SIMILARITY: Similarity = { of: () => 0, top: [] };

const caches = new WeakMap<Db, Map<string, OwnerVectors>>();

/**
 * How similar the owner's beliefs with a vector of `model` are to the (unit) query vector, centred
 * on the owner's average (OwnerVectors.similar), with the `top` most similar. The owner's vectors are read once and cached per (owner, model) in
 * the process; each search first reads the owner's newest write stamp (one index probe) and then
 * only the rows written since, so every node and isolate sees other writers' vectors.
 */
export async function similarBeliefs(db: Db, owner: string, model: string, query: Float32Array, top: number): Promise<Similarity> {
  let byKey = caches.get(db);
  if (!byKey) {
    byKey = new Map();
    caches.set(db, byKey);
  }
  const key = `${model}\n${owner}`;
  const latest = await latestStamp(db, owner, model);
  let entry = byKey.get(key);
  byKey.delete(key);
  // Rows gone from under the cache (purged, or re-embedded under another model): read them all again.
  if (!entry || latest < entry.stamp) entry = new OwnerVectors();
  byKey.set(key, entry);
  if (latest > entry.stamp || entry.ids.length === 0) entry.apply(await vectorsSince(db, owner, model, entry.stamp));
  let floats = 0;
  for (const e of byKey.values()) floats += e.data.length;
  for (const [k, e] of byKey) {
    if (floats <= CACHED_FLOATS || e === entry) break;
    byKey.delete(k);
    floats -= e.data.length;
  }
  return entry.similar(query, top);
}
