/** Values per `IN (…)` list, so a statement stays within D1's limit of 100 bound parameters. */
export const IN_LIST_MAX = 90;

/** Splits values for `IN (…)` lists of at most IN_LIST_MAX each. */
export function inLists<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += IN_LIST_MAX) out.push(values.slice(i, i + IN_LIST_MAX));
  return out;
}
