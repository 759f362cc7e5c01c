/**
 * The `count` rowids of the best rough scores, best first (ties: the higher rowid, the more recent
 * belief): what sorting them all and keeping the first would give, without sorting the thousand
 * rowids a few common words match.
 */
export function bestRowids(rough: Map<number, number>, count: number): number[] {
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
