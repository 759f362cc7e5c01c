/**
 * A table of cases written as text, one row a line, cells split at " → " and trimmed; blank lines
 * are skipped: rows`Home Budget → home_budget` is [['Home Budget', 'home_budget']]. For it.each.
 */
export function rows(text: TemplateStringsArray): string[][] {
  return text[0]!
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => line.split(' → ').map((cell) => cell.trim()));
}

/** One case a line, trimmed; blank lines are skipped. */
export function lines(text: TemplateStringsArray): string[] {
  return rows(text).map((row) => row.join(' → '));
}
