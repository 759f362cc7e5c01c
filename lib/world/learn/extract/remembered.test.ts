import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.ts';

describe('a reading remembered by its clause', () => {
  it('reads a clause once, null readings too, and forgets them all when full', () => {
    const seen: string[] = [];
    const read = remembered(2, (clause: string) => {
      seen.push(clause);
      return clause === 'nothing' ? null : clause.length;
    });
    expect([read('a'), read('a'), read('nothing'), read('nothing')]).toEqual([1, 1, null, null]);
    expect(seen).toEqual(['a', 'nothing']);
    read('bb');
    read('a');
    expect(seen).toEqual(['a', 'nothing', 'bb', 'a']);
  });
});
