/** Values per `IN (…)` list, so a statement stays within D1's limit of 100 bound parameters. */
export const IN_LIST_MAX = 90;

/** Splits values for `IN (…)` lists of at most `size` each (IN_LIST_MAX; half of it for a statement with two lists). */
export function inLists<T>(values: readonly T[], size = IN_LIST_MAX): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}
