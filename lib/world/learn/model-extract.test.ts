import { describe, expect, it } from 'vitest';
import { KINDS } from '../kinds.ts';
import { INSTRUCTIONS } from './model-extract.ts';

describe("the extraction model's prompt", () => {
  it('names every kind of the catalogue by its key: one-value kinds exactly, several-value kinds as prefix.<value>', () => {
    for (const k of KINDS) {
      expect(INSTRUCTIONS).toContain(k.one_value ? `${k.key} (${k.kind})` : `${k.key}.<value> (${k.kind})`);
      if (k.one_value) expect(INSTRUCTIONS).not.toContain(`${k.key}.<value>`);
    }
  });

  it('says a new belief under a one-value key replaces the old one', () => {
    expect(INSTRUCTIONS).toMatch(/One value at a time, where a new belief under the key replaces the old one: user\.name/);
  });
});
