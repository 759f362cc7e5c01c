/**
 * Makes row objects of one statement's columns from better-sqlite3's raw arrays: a function per
 * column list, written as one object literal, so every row of a statement has the same shape from
 * the start (setting the properties one by one in a loop, keyed by name, cost several times more on
 * wide rows and left recall's code reading rows of many shapes). A name an object literal would read
 * otherwise (`__proto__`) gets the loop.
 */
export function rowMaker(names: readonly string[]): (values: readonly unknown[]) => Record<string, unknown> {
  if (names.includes('__proto__')) return (values) => byLoop(names, values);
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as (values: readonly unknown[]) => Record<string, unknown>;
}

function byLoop(names: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i++) Object.defineProperty(row, names[i]!, { value: values[i], enumerable: true, writable: true, configurable: true });
  return row;
}
