import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../lib/db/sqlite/database.ts';
import { VectorCache } from '../../lib/embeddings/nearest.ts';

/**
 * An owner past the size from which the search reads an index (lists of vectors near the query)
 * instead of every vector: the most similar belief is still found, similarities are the exact
 * centred ones, and later writes (new, changed, dropped vectors) reach the index. The cache is
 * in-process and the same on every database, so SQLite alone.
 */
const OWNER = 'big@example.com';
const MODEL = 'test/embed';
const DIMS = 100;
const SIZE = 25_000;

function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function unit(v: number[]): Float32Array {
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / norm);
}

const random = generator(42);
const randomUnit = () => unit(Array.from({ length: DIMS }, () => random() * 2 - 1));
const query = randomUnit();
/** Close to the query (cosine about 0.9), as a paraphrase is. */
const near = unit(Array.from(query, (x) => x + (random() * 2 - 1) * 0.05));

describe('nearest-neighbour search over an indexed owner', () => {
  let dir: string;
  let sqlite: ReturnType<typeof openSqlite>;
  const cache = new VectorCache();
  const vectors = new Map<string, Float32Array>();

  const write = (id: string, vector: Float32Array | null, stamp: number) => {
    sqlite.raw
      .prepare(
        'INSERT INTO belief_vectors (belief_id, owner, model, source_updated_at, text_hash, vector, stamp) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (belief_id) DO UPDATE SET vector = excluded.vector, stamp = excluded.stamp',
      )
      .run(id, OWNER, MODEL, '2026-01-01T00:00:00.000Z', 'h', vector ? Buffer.from(new Float32Array(vector).buffer) : null, stamp);
    if (vector) vectors.set(id, vector);
    else vectors.delete(id);
  };
  /** Every belief's centred similarity, by brute force. */
  const reference = () => {
    const cos = new Map([...vectors].map(([id, v]) => [id, v.reduce((n, x, i) => n + x * query[i]!, 0)]));
    const mean = [...cos.values()].reduce((n, c) => n + c, 0) / cos.size;
    return new Map([...cos].map(([id, c]) => [id, (c - mean) / (1 - mean)]));
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bs-nearest-'));
    sqlite = openSqlite(dir);
    sqlite.raw.transaction(() => {
      for (let i = 0; i < SIZE; i++) write(`b${i}`, i === 777 ? near : randomUnit(), 1);
    })();
  });
  afterAll(async () => {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the most similar belief with its exact centred similarity', async () => {
    const similar = await cache.similar(sqlite.db, OWNER, MODEL, query, 5);
    const expected = reference();
    expect(similar.top[0]![0]).toBe('b777');
    expect(similar.top[0]![1]).toBeCloseTo(expected.get('b777')!, 5);
    for (const [id, sim] of similar.top) expect(sim).toBeCloseTo(expected.get(id)!, 5);
    expect(similar.of('b123')).toBeCloseTo(expected.get('b123')!, 5);
  });

  it('sees a later vector, a changed one and a dropped one', async () => {
    write('b-new', query, 2);
    let similar = await cache.similar(sqlite.db, OWNER, MODEL, query, 5);
    expect(similar.top.map(([id]) => id).slice(0, 2)).toEqual(['b-new', 'b777']);
    expect(similar.top[0]![1]).toBeCloseTo(reference().get('b-new')!, 5);

    write('b777', randomUnit(), 3);
    write('b-new', null, 3);
    similar = await cache.similar(sqlite.db, OWNER, MODEL, query, 5);
    const ids = similar.top.map(([id]) => id);
    expect(ids).not.toContain('b777');
    expect(ids).not.toContain('b-new');
    expect(similar.of('b-new')).toBe(0);
    const expected = reference();
    expect(similar.of('b777')).toBeCloseTo(expected.get('b777')!, 5);
    for (const [id, sim] of similar.top) expect(sim).toBeCloseTo(expected.get(id)!, 5);
  });

  it('reads a vector holding NaN (stored before answers were checked) as none: the owner’s other similarities stay finite and ranked', async () => {
    const owner = 'nan@example.com';
    const put = (id: string, v: Float32Array) =>
      sqlite.raw
        .prepare('INSERT INTO belief_vectors (belief_id, owner, model, source_updated_at, text_hash, vector, stamp) VALUES (?, ?, ?, ?, ?, ?, 1)')
        .run(id, owner, MODEL, '2026-01-01T00:00:00.000Z', 'h', Buffer.from(v.buffer));
    put('n-near', near);
    put('n-far', randomUnit());
    put('n-nan', new Float32Array(DIMS).fill(Number.NaN));
    const similar = await new VectorCache().similar(sqlite.db, owner, MODEL, query, 3);
    expect(similar.top.map(([id]) => id)).toEqual(['n-near', 'n-far']);
    for (const [, sim] of similar.top) expect(Number.isFinite(sim)).toBe(true);
    expect(similar.of('n-nan')).toBe(0);
  });
});
