/**
 * The `count` rowids of the best rough scores, best first (ties: the higher rowid, the more recent
 * belief): what sorting them all and keeping the first would give, without sorting the thousand
 * rowids a few common words match.
 */
export function bestRowids(rough: { forEach(each: (score: number, rowid: number) => void): void }, count: number): number[] {
  const rowids: number[] = [];
  const scores: number[] = [];
  const before = (score: number, rowid: number, i: number) => score > scores[i]! || (score === scores[i]! && rowid > rowids[i]!);
  rough.forEach((score, rowid) => {
    if (rowids.length === count && !before(score, rowid, count - 1)) return;
    let at = rowids.length === count ? count - 1 : rowids.length;
    while (at > 0 && before(score, rowid, at - 1)) at--;
    // Shifted by hand: splice makes an array of what it removes on every call.
    let i = rowids.length === count ? count - 1 : rowids.length;
    for (; i > at; i--) {
      rowids[i] = rowids[i - 1]!;
      scores[i] = scores[i - 1]!;
    }
    rowids[at] = rowid;
    scores[at] = score;
  });
  return rowids;
}

/**
 * Rough scores summed per rowid over the words that find it (each word's rowids and gain), as a
 * Map<rowid, score> filled word by word would hold them, without building one: a rowid is visited
 * under the first word that holds it and its score summed over that word and the later ones that
 * hold it, in word order (the same sum, in the same order). A request's words hold a few hundred
 * rowids, and the map and its growth were a tenth of the garbage recall made.
 */
export class RoughScores {
  private readonly words: { rowids: ReadonlySet<number>; gain: number }[] = [];

  add(rowids: ReadonlySet<number>, gain: number): void {
    if (rowids.size > 0) this.words.push({ rowids, gain });
  }

  get size(): number {
    return this.words.length;
  }

  forEach(each: (score: number, rowid: number) => void): void {
    const words = this.words;
    for (let i = 0; i < words.length; i++) {
      visit: for (const rowid of words[i]!.rowids) {
        for (let j = 0; j < i; j++) if (words[j]!.rowids.has(rowid)) continue visit;
        let score = words[i]!.gain;
        for (let j = i + 1; j < words.length; j++) if (words[j]!.rowids.has(rowid)) score += words[j]!.gain;
        each(score, rowid);
      }
    }
  }
}
