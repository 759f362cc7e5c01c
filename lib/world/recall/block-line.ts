/**
 * One belief as one line of the block: control characters and line breaks become spaces and
 * square and angle brackets are replaced, so a stored statement cannot end its line, open a tier
 * label or close the block (stored prompt-injection defence).
 */
export function line(statement: string): string {
  const flat = statement
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/\s+/g, ' ')
    .trim();
  return `- ${flat}`;
}
