import { describe, expect, it } from 'vitest';
import { rowMaker } from './row-shape.ts';

describe('rowMaker', () => {
  it('names each value by its column, in order', () => {
    const make = rowMaker(['id', 'owner', 'n']);
    expect(make(['b1', 'a@x', 3])).toEqual({ id: 'b1', owner: 'a@x', n: 3 });
    expect(Object.keys(make([null, undefined, 0]))).toEqual(['id', 'owner', 'n']);
  });

  it('takes any column name SQL can write: quotes, spaces, backslashes, code-like text', () => {
    const names = ['a"b', "c'd", 'e f', 'g\\h', '}; throw 1; {', 'count(*)', 'ünï', ''];
    const row = rowMaker(names)(names.map((_, i) => i));
    expect(Object.entries(row)).toEqual(names.map((n, i) => [n, i]));
  });

  it('keeps the last value of a name given twice, as a join selecting two columns of one name reads', () => {
    expect(rowMaker(['id', 'id'])(['first', 'second'])).toEqual({ id: 'second' });
  });

  it('makes __proto__ an own property, never the row prototype', () => {
    const row = rowMaker(['__proto__', 'x'])([{ polluted: true }, 1]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['__proto__', 'x']);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
