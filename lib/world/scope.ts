import { SCOPE_PATTERN } from './types.ts';

/**
 * Memory scopes named by a request (API.md §6 `x-belief-store-scope`, §8 turn frames): each
 * `universal` or `domain:<name>`, comma-separated in one string or given as a list.
 * Null when any is malformed.
 */
export function parseScopes(value: string | string[]): string[] | null {
  const parts = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim().toLowerCase());
  if (parts.length > MAX_SCOPES || (parts.length === 0 && !Array.isArray(value))) return null;
  return parts.every((s) => SCOPE_PATTERN.test(s)) ? [...new Set(parts)] : null;
}

const MAX_SCOPES = 32;

export const SCOPE_GRAMMAR = 'must be "universal" or "domain:<name>", or a list of them';

/**
 * The scope of a belief learned under these scopes: a single domain scope is the belief's;
 * universal, none, or several domains (the belief cannot tell which) give universal.
 */
export function learnedScope(scopes: readonly string[] | undefined): string {
  if (!scopes || scopes.length !== 1) return 'universal';
  return scopes[0]!;
}
