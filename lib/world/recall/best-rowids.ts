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
    if (rowids.length === count) {
      rowids.pop();
      scores.pop();
    }
    rowids.splice(at, 0, rowid);
    scores.splice(at, 0, score);
  });
  return rowids;
}

/**
 * Rough scores summed per rowid, as a Map<rowid, score> would hold them, without a heap number per
 * score: the map holds each rowid's index (a small integer) and the scores sit in one array of doubles
 * (a request sums a few hundred of them; as map values they were a tenth of the garbage recall made).
 */
export class RoughScores {
  private readonly index = new Map<number, number>();
  private readonly rowids: number[] = [];
  private readonly scores: number[] = [];

  add(rowid: number, score: number): void {
    const i = this.index.get(rowid);
    if (i === undefined) {
      this.index.set(rowid, this.rowids.length);
      this.rowids.push(rowid);
      this.scores.push(score);
    } else this.scores[i]! += score;
  }

  get size(): number {
    return this.rowids.length;
  }

  forEach(each: (score: number, rowid: number) => void): void {
    for (let i = 0; i < this.rowids.length; i++) each(this.scores[i]!, this.rowids[i]!);
  }
}
