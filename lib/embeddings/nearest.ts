import type { Db } from '../db/schema.ts';
import { latestStamp, vectorsSince } from './store.ts';
import { vectorOf } from './text.ts';

/** Floats of owners' vectors kept by an app instance (256 MB), the least recently searched owner dropped first. */
const CACHED_FLOATS = 64 * 1024 * 1024;

/**
 * From this many vectors an owner's search reads only the lists (below) nearest the query, not
 * every vector: below it a brute-force scan is about as fast and exact.
 */
const INDEX_FROM = 20_000;
/** Lists of the index: each vector belongs to the list of its nearest centre (centres sampled evenly from the vectors). */
const INDEX_LISTS = 64;
/** Lists read per search, the nearest the query first (about a tenth of the vectors at 100k). */
const LISTS_READ = 6;

/** An inverted-file index over an owner's rows: a centre per list, and the rows of each list. */
interface Lists {
  centres: Float32Array;
  members: number[][];
  listOf: Int32Array;
}

/** One owner's unit vectors of one model, as rows of one Float32Array. */
class OwnerVectors {
  ids: (string | null)[] = [];
  slots = new Map<string, number>();
  data = new Float32Array(0);
  dims = 0;
  /** The sum of the live rows: their mean similarity to a query is one dot product (the centring). */
  sum = new Float64Array(0);
  lists: Lists | null = null;
  /** The newest stamp read: rows written at or after it are read again on the next search. */
  stamp = 0;

  apply(rows: { belief_id: string; vector: Uint8Array | number[] | null; stamp: number }[]): void {
    for (const row of rows) {
      this.stamp = Math.max(this.stamp, Number(row.stamp));
      const slot = this.slots.get(row.belief_id);
      // A vector holding NaN or Infinity (stored before answers were checked) is read as none: it would spoil every similarity.
      const read = row.vector ? vectorOf(row.vector) : null;
      const v = read?.every(Number.isFinite) ? read : null;
      if (v && this.dims === 0) {
        this.dims = v.length;
        this.sum = new Float64Array(v.length);
      }
      if (slot !== undefined) this.addToSum(slot, -1);
      if (!v || v.length !== this.dims) {
        if (slot !== undefined) {
          // A zero row: its dot product is 0, and the search skips its null id.
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
      this.addToSum(at, 1);
      if (this.lists) this.file(this.lists, at);
    }
  }

  private addToSum(slot: number, sign: number): void {
    const { data, dims, sum } = this;
    for (let i = 0, base = slot * dims; i < dims; i++) sum[i]! += sign * data[base + i]!;
  }

  /** Puts the row in the list of its nearest centre (moving it out of its former one). */
  private file(lists: Lists, slot: number): void {
    if (slot >= lists.listOf.length) {
      const grown = new Int32Array(Math.max(1024, 2 * (slot + 1))).fill(-1);
      grown.set(lists.listOf);
      lists.listOf = grown;
    }
    let list = 0;
    let best = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < INDEX_LISTS; c++) {
      const d = dot(lists.centres, c * this.dims, this.data, slot * this.dims, this.dims);
      if (d > best) {
        best = d;
        list = c;
      }
    }
    const former = lists.listOf[slot]!;
    if (former === list) return;
    if (former >= 0) {
      const members = lists.members[former]!;
      members.splice(members.indexOf(slot), 1);
    }
    lists.members[list]!.push(slot);
    lists.listOf[slot] = list;
  }

  /** Builds the index once the owner holds INDEX_FROM vectors (kept up to date by apply from then on). */
  private indexed(): Lists | null {
    if (this.lists || this.slots.size < INDEX_FROM) return this.lists;
    const { dims, ids } = this;
    const centres = new Float32Array(INDEX_LISTS * dims);
    const live = ids.flatMap((id, slot) => (id === null ? [] : [slot]));
    for (let c = 0; c < INDEX_LISTS; c++) {
      const slot = live[Math.floor((c * live.length) / INDEX_LISTS)]!;
      centres.set(this.data.subarray(slot * dims, (slot + 1) * dims), c * dims);
    }
    const lists: Lists = { centres, members: Array.from({ length: INDEX_LISTS }, () => []), listOf: new Int32Array(ids.length).fill(-1) };
    for (const slot of live) this.file(lists, slot);
    this.lists = lists;
    return lists;
  }

  /**
   * The owner's beliefs' similarity to the query, centred on the owner's typical one: (cos − mean)
   * / (1 − mean), so 0 is as similar as the owner's average belief and 1 identical, whatever the
   * model's baseline (some models put unrelated texts at 0.1, others at 0.7). The `top` most
   * similar come from every row, or, with an index, from the rows of the lists nearest the query.
   */
  similar(query: Float32Array, top: number): Similarity {
    const { data, dims, ids, slots } = this;
    if (query.length !== dims || slots.size === 0) return NO_SIMILARITY;
    let total = 0;
    for (let i = 0; i < dims; i++) total += this.sum[i]! * query[i]!;
    const mean = Math.min(total / slots.size, 0.99);
    const centred = (cos: number) => (cos - mean) / (1 - mean);
    const ranked = new TopK(top);
    const lists = this.indexed();
    if (lists) {
      const near = new TopK(LISTS_READ);
      for (let c = 0; c < INDEX_LISTS; c++) near.offer(c, dot(lists.centres, c * dims, query, 0, dims));
      for (const list of near.items) {
        for (const slot of lists.members[list]!) ranked.offer(slot, dot(data, slot * dims, query, 0, dims));
      }
    } else {
      for (let slot = 0, base = 0; slot < ids.length; slot++, base += dims) {
        if (ids[slot] !== null) ranked.offer(slot, dot(data, base, query, 0, dims));
      }
    }
    return {
      of: (id) => {
        const slot = slots.get(id);
        return slot === undefined ? 0 : centred(dot(data, slot * dims, query, 0, dims));
      },
      top: ranked.items.map((slot, i) => [ids[slot]!, centred(ranked.scores[i]!)]),
    };
  }
}

/** The `size` highest-scoring items offered, best first (insertion into a short sorted array). */
class TopK {
  items: number[] = [];
  scores: number[] = [];
  private floor = Number.NEGATIVE_INFINITY;
  constructor(private size: number) {}

  offer(item: number, score: number): void {
    if (score <= this.floor) return;
    const { items, scores } = this;
    let at = scores.length;
    while (at > 0 && scores[at - 1]! < score) at--;
    items.splice(at, 0, item);
    scores.splice(at, 0, score);
    if (items.length > this.size) {
      items.pop();
      scores.pop();
    }
    if (items.length === this.size) this.floor = scores[this.size - 1]!;
  }
}

/** The dot product of a's row at `at` with b's at `bt`, four accumulators wide (the CPU overlaps independent additions: about 5× one sum). */
function dot(a: Float32Array, at: number, b: Float32Array, bt: number, dims: number): number {
  const unrolled = dims & ~3;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i < unrolled; i += 4) {
    s0 += a[at + i]! * b[bt + i]!;
    s1 += a[at + i + 1]! * b[bt + i + 1]!;
    s2 += a[at + i + 2]! * b[bt + i + 2]!;
    s3 += a[at + i + 3]! * b[bt + i + 3]!;
  }
  for (; i < dims; i++) s0 += a[at + i]! * b[bt + i]!;
  return s0 + s1 + s2 + s3;
}

/** A query's similarity to the owner's beliefs: any belief's (0 without a vector), and the most similar first. */
export interface Similarity {
  of(id: string): number;
  top: [string, number][];
}

const NO_SIMILARITY: Similarity = { of: () => 0, top: [] };

/**
 * Owners' vectors kept by one app instance (in its services: lib/services.ts), at most
 * CACHED_FLOATS floats, the least recently searched (owner, model) dropped first.
 */
export class VectorCache {
  private readonly owners = new Map<string, OwnerVectors>();

  /**
   * How similar the owner's beliefs with a vector of `model` are to the (unit) query vector, centred
   * on the owner's average (OwnerVectors.similar), with the `top` most similar. The owner's vectors
   * are read once and kept per (owner, model); each search first reads the owner's newest write stamp
   * (one index probe) and then only the rows written since, so every node and isolate sees other
   * writers' vectors.
   */
  async similar(db: Db, owner: string, model: string, query: Float32Array, top: number): Promise<Similarity> {
    const byKey = this.owners;
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
}
