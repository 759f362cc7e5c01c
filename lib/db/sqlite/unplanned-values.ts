/** What ends the quoted text or comment each opening starts. */
const CLOSES: Record<string, string> = { "'": "'", '"': '"', '`': '`', '[': ']', '--': '\n', '/*': '*/' };

/**
 * The statement's parameters written `+?`: the same values and the same comparisons (a parameter has
 * no affinity either way), but ones the planner does not read. Where SQLite holds ANALYZE's samples
 * (sqlite_stat4: an operator ran ANALYZE or `PRAGMA optimize`), a statement whose plan used a bound
 * value is prepared again on every run after its parameters are bound, which is every run: parsing
 * and planning cost more than the small indexed reads of the request path (recall's pinned read,
 * 20 rows at 100k beliefs, went from ~100 to ~55 µs, an empty one from ~33 to ~5). Plans are then
 * those of a database without samples, as the service's own never holds any. Only a `?` outside
 * quoted text ('…', "…", `…`, […]) and comments is rewritten.
 */
export function unplannedValues(sql: string): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    const close = CLOSES[ch] ?? ((ch === '-' && sql[i + 1] === '-') || (ch === '/' && sql[i + 1] === '*') ? CLOSES[ch + sql[i + 1]] : undefined);
    if (close !== undefined) {
      // A doubled quote inside quoted text ends it and opens it again: the same state.
      const end = sql.indexOf(close, i + (close === '*/' ? 2 : 1));
      i = end === -1 ? sql.length : end + close.length;
      continue;
    }
    if (ch === '?') {
      out += `${sql.slice(from, i)}+`;
      from = i;
    }
    i++;
  }
  return out + sql.slice(from);
}
