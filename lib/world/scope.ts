import { badRequest } from '../errors.ts';
import { SCOPE_PATTERN } from './types.ts';

/** The request header naming a chat request's memory scope (API.md §6). */
export const SCOPE_HEADER = 'x-belief-store-scope';

/**
 * A scope list as the header (or a PAT's default scope) spells it: `<scope>[, <scope>…]`, each
 * `universal` or `domain:<name>`. Returns the scopes in order without duplicates, or null when
 * the value is malformed.
 */
export function parseScopes(value: string): string[] | null {
  const scopes = value.split(',').map((s) => s.trim().toLowerCase());
  if (scopes.length === 1 && scopes[0] === '') return null;
  if (scopes.length > 32 || scopes.some((s) => !SCOPE_PATTERN.test(s))) return null;
  return [...new Set(scopes)];
}

/** The request's scopes from the header value; a malformed value is a 400 naming the header. */
export function scopeHeader(value: string): string[] {
  const scopes = parseScopes(value);
  if (!scopes) throw badRequest(SCOPE_HEADER, 'must be a comma-separated list of "universal" or "domain:<name>" (lower case letters, digits, ".", "_", "-")');
  return scopes;
}

/**
 * Whether a belief of this scope applies to a request of these scopes: universal beliefs always;
 * `domain:<name>` beliefs when the request names that domain. A request with no scope gets
 * domain beliefs only on a strong match, which the caller decides.
 */
export function inScope(beliefScope: string, requestScopes: readonly string[]): boolean {
  return beliefScope === 'universal' || requestScopes.includes(beliefScope);
}
