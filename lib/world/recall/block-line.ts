/** Anything `line` would change: a control or line-separator character, a bracket, or whitespace other than single inner spaces. */
const NEEDS_FLATTENING = /[\p{Cc}\p{Zl}\p{Zp}[\]<>]|[^\S ]| {2}|^ | $/u;

/**
 * One belief as one line of the block: control characters and line breaks become spaces and
 * square and angle brackets are replaced, so a stored statement cannot end its line, open a tier
 * label or close the block (stored prompt-injection defence). A statement with nothing to change
 * (most) is tested once instead of rewritten six times: context assembly renders every line it weighs.
 */
export function line(statement: string): string {
  if (!NEEDS_FLATTENING.test(statement)) return `- ${statement}`;
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
