import { badRequest } from '../../errors.ts';
import { SCOPE_PATTERN } from '../../ports/beliefs.ts';

/** The request header naming a chat request's memory scope (API.md §6). */
export const SCOPE_HEADER = 'x-belief-store-scope';

export const SCOPE_GRAMMAR = 'must be "universal" or "domain:<name>", or a list of them';

const MAX_SCOPES = 32;

/**
 * Memory scopes as a request names them (the `x-belief-store-scope` header, a PAT's default
 * scope, §8 turn frames): each `universal` or `domain:<name>`, comma-separated in one string or
 * given as a list; letter case is folded. Returns them in order without duplicates, or null when
 * any is malformed.
 */
export function parseScopes(value: string | string[]): string[] | null {
  const parts = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim().toLowerCase());
  if (parts.length > MAX_SCOPES || (parts.length === 0 && !Array.isArray(value))) return null;
  return parts.every((s) => SCOPE_PATTERN.test(s)) ? [...new Set(parts)] : null;
}

/** The request's scopes from the header value; a malformed value is a 400 naming the header. */
export function scopeHeader(value: string): string[] {
  const scopes = parseScopes(value);
  if (!scopes) throw badRequest(SCOPE_HEADER, 'must be a comma-separated list of "universal" or "domain:<name>" (letters, digits, ".", "_", "-")');
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

/**
 * The scope of a belief learned under these scopes: a single domain scope is the belief's;
 * universal, none, or several domains (the belief cannot tell which) give universal.
 */
export function learnedScope(scopes: readonly string[] | undefined): string {
  if (scopes?.length !== 1) return 'universal';
  return scopes[0]!;
}
