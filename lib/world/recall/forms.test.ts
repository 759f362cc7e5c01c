import { describe, expect, it } from 'vitest';
import { otherForms } from './forms.ts';

describe('the forms of an irregular verb', () => {
  it('gives each form the others of its verb', () => {
    expect(otherForms('buy')).toEqual(['bought']);
    expect(otherForms('bought')).toEqual(['buy']);
    expect(otherForms('felt')).toEqual(['feel']);
    expect(otherForms('write')).toEqual(['wrote', 'written']);
    expect(otherForms('taken')).toEqual(['take', 'took']);
  });

  it('gives nothing for a regular verb, another word, or a form that is mostly another word', () => {
    for (const word of ['paint', 'painted', 'bike', 'left', 'saw', 'found', 'rose', 'went']) expect(otherForms(word), word).toEqual([]);
  });
});
