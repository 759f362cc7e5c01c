import { extractBeliefs } from '../../lib/world/learn/extractor.ts';
import type { Held } from '../../lib/world/learn/extract/resolve.ts';

/** What the built-in extractor learns from one user message, as "statement [key]", given the beliefs already held. */
export function learned(content: string, held: Held[] = []): string[] {
  return extractBeliefs([{ role: 'user', content }], { held }).beliefs.map((b) => `${b.statement} [${b.key}]`);
}

/** Beliefs already held, each "statement [key]" (ids b0, b1, … in order). */
export function holding(...said: string[]): Held[] {
  return said.map((s, i) => {
    const [, statement, key] = /^(.*?)(?: \[(.+)\])?$/.exec(s)!;
    return { id: `b${i}`, key: key ?? null, statement: statement!, active: true };
  });
}

/** The statements of the held beliefs one user message ends. */
export function ended(content: string, held: Held[]): string[] {
  const gone = new Set(extractBeliefs([{ role: 'user', content }], { held }).retract.map((r) => r.id));
  return held.filter((h) => gone.has(h.id)).map((h) => h.statement);
}
