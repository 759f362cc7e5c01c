import { extractBeliefs } from '../../lib/world/learn/extractor.ts';
import type { Held } from '../../lib/world/learn/extract/resolve.ts';

/** What the built-in extractor learns from one user message, as "statement [key]", given the beliefs already held. */
export function learned(content: string, held: Held[] = []): string[] {
  return extractBeliefs([{ role: 'user', content }], { held }).beliefs.map((b) => `${b.statement} [${b.key}]`);
}
