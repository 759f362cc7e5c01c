import type { Json } from './translate.ts';

/** The request with the belief block as its first system message (OpenAI shape). */
export function injectOpenAi(body: Json, block: string | null): Json {
  if (!block) return body;
  return { ...body, messages: [{ role: 'system', content: block }, ...(body.messages as Json[])] };
}

/** The request with the belief block ahead of its system prompt (Anthropic shape). */
export function injectAnthropic(body: Json, block: string | null): Json {
  if (!block) return body;
  const system = body.system;
  if (system === undefined || system === null || system === '') return { ...body, system: block };
  if (typeof system === 'string') return { ...body, system: `${block}\n\n${system}` };
  return { ...body, system: [{ type: 'text', text: block }, ...(system as Json[])] };
}
