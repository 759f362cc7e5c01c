import { expect } from 'vitest';
import type { Caller } from '../support/as.ts';
import { call } from '../support/http.ts';
import type { Target } from '../support/targets.ts';

/** One row of GET /admin/api/usage. */
export interface Row {
  key: string;
  requests: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  injected: number;
}

export const zero = (key: string): Row => ({ key, requests: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, injected: 0 });

/** The usage rows the caller sees for the query (asserting a 200). */
export async function usageRows(t: Target, caller: Caller, query: string): Promise<Row[]> {
  const res = await call(t, `/admin/api/usage${query}`, { headers: caller });
  expect(res.status, query).toBe(200);
  return ((await res.json()) as { data: Row[] }).data;
}
