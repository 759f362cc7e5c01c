import type { Persona } from '../../ports/beliefs.ts';

/** Reads remembered in all, across owners: past it every owner's are dropped (each at most ~200 row ids: a few tens of MB). */
const MAX_READS = 20_000;
/**
 * What beliefs' rows were worked out to (Remembered.ofRow), in all, across owners (~0.5 KB each): past it every owner's are dropped, and only
 * those. An owner of 100,000 beliefs meets tens of thousands of candidates; counted with the reads, they emptied the
 * word reads with them every few hundred requests, and recall read the words' index entries again.
 */
const MAX_ROWS = 30_000;

/** One owner's remembered reads (or none: `Remembered.none` reads afresh every time). Remembered results are shared: never change them. */
export class Remembered {
  static readonly none = new Remembered(
    null,
    null,
    () => undefined,
    () => undefined,
  );

  constructor(
    private readonly reads: Map<string, unknown> | null,
    private readonly byRowid: Map<number | string, unknown> | null,
    private readonly full: () => void,
    private readonly fullRows: () => void,
  ) {}

  /** A read by a key naming what it reads (its parameters included): remembered, or read now. */
  read<T>(key: string, read: () => Promise<T>): Promise<T> {
    const remembered = this.reads?.get(key);
    if (remembered) return remembered as Promise<T>;
    const reading = read();
    this.keep(key, reading);
    // A failed read is not remembered: the next request reads again.
    reading.catch(() => {
      if (this.reads?.get(key) === reading) this.reads.delete(key);
    });
    return reading;
  }

  /** A value computed from what was read (named by `key`), remembered while `valid` holds for it. */
  value<T>(key: string, valid: (known: T) => boolean, compute: () => T): T {
    const known = this.reads?.get(key) as T | undefined;
    if (known !== undefined && valid(known)) return known;
    const value = compute();
    this.keep(key, value);
    return value;
  }

  /**
   * A value worked out of one belief's row as read now (`row`), by the belief's rowid (or its id, for another value),
   * remembered while `valid` holds for it and the row, across the owner's changes (OwnerReads): with no key string or
   * closure made per belief (recall asks for each of ~90 rows a request).
   */
  ofRow<T, Row>(rowid: number | string, row: Row, valid: (known: T, row: Row) => boolean, compute: (row: Row) => T): T {
    const known = this.byRowid?.get(rowid) as T | undefined;
    if (known !== undefined && valid(known, row)) return known;
    const value = compute(row);
    if (this.byRowid) {
      const added = !this.byRowid.has(rowid);
      this.byRowid.set(rowid, value);
      if (added) this.fullRows();
    }
    return value;
  }

  private keep(key: string, value: unknown): void {
    if (!this.reads) return;
    if (!this.reads.has(key)) this.full();
    this.reads.set(key, value);
  }
}

/**
 * Reads of each owner's index that recall repeats from request to request (the persona's selection,
 * a word's index entries and typo corrections, the beliefs of a kind by key, the recently superseded),
 * remembered while the owner's cached persona row stands with the stamp they were read under. Every
 * change to an owner's beliefs deletes that row in the same transaction (beliefs.ts
 * invalidatePersonaQuery; reindex.ts for beliefs written by hand), and a request reads the row before the index, so a remembered read never
 * outlives a change: the request after it finds no row (and reads afresh) or a new stamp. They only
 * say which beliefs to read: the beliefs themselves are read afresh (owner and status checked), so a
 * belief changed directly in the database is never injected stale. Beside them, what a belief's row
 * was worked out to (what a candidate answers to, a belief's persona kind: `ofRow`), by its rowid or
 * id, is kept across the owner's changes too: it is checked against the row as read on every use and
 * worked out again when the row differs, and it never says which beliefs to read (a chat right after
 * one that learned something would otherwise work out every row it reads again). One per app instance
 * (lib/services.ts); each process of a cluster keeps its own, over the same rows.
 */
export class OwnerReads {
  private readonly byOwner = new Map<string, { stamp: string; reads: Map<string, unknown> }>();
  private readonly worked = new Map<string, Map<number | string, unknown>>();
  private held = 0;
  private heldRows = 0;

  /** The owner's remembered reads under its cached persona row (none without a row), and what its rows were worked out to. */
  of(owner: string, cached: Pick<Persona, 'built_at' | 'belief_count'> | undefined): Remembered {
    let rows = this.worked.get(owner);
    if (!rows) {
      rows = new Map();
      this.worked.set(owner, rows);
    }
    const fullRows = () => {
      if (++this.heldRows > MAX_ROWS) this.clearRows();
    };
    if (!cached) return new Remembered(null, rows, () => undefined, fullRows);
    const stamp = `${cached.built_at} ${cached.belief_count}`;
    let known = this.byOwner.get(owner);
    if (known?.stamp !== stamp) {
      this.held -= known?.reads.size ?? 0;
      known = { stamp, reads: new Map() };
      this.byOwner.set(owner, known);
    }
    return new Remembered(
      known.reads,
      rows,
      () => {
        if (++this.held > MAX_READS) this.clear();
      },
      fullRows,
    );
  }

  private clearRows(): void {
    for (const rows of this.worked.values()) rows.clear();
    this.worked.clear();
    this.heldRows = 0;
  }

  private clear(): void {
    for (const { reads } of this.byOwner.values()) reads.clear();
    this.byOwner.clear();
    this.held = 0;
    this.clearRows();
  }
}
