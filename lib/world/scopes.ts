import { SCOPE_PATTERN } from './types.ts';

/**
 * A scope list as the `x-belief-store-scope` header and a PAT's default scope carry it:
 * `universal` or `domain:<name>`, comma-separated. Null when any entry is malformed or none is given.
 */
export function parseScopes(text: string): string[] | null {
  const scopes = text.split(',').map((s) => s.trim());
  if (scopes.length > 32 || !scopes.every((s) => SCOPE_PATTERN.test(s))) return null;
  return [...new Set(scopes)];
}
