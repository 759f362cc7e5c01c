/** One case a line, trimmed; blank lines are skipped. For it.each. */
export function lines(text: TemplateStringsArray): string[] {
  return text[0]!
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * A table of cases written as text, one row a line, cells split at " → " and trimmed:
 * rows`Home Budget → home_budget` is [['Home Budget', 'home_budget']].
 */
export function rows(text: TemplateStringsArray): string[][] {
  return lines(text).map((line) => line.split(' → ').map((cell) => cell.trim()));
}
