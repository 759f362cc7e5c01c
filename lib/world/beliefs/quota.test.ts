import { describe, expect, it } from 'vitest';
import { extractionCharge, MAX_EXTRACTION_MS_PER_MINUTE } from './quota.ts';

describe("an owner's extraction time budget", () => {
  it('charges what the extractor ran, at most 2 ms plus 0.1 ms a character', () => {
    expect(extractionCharge(0.4, 20)).toBe(0.4);
    expect(extractionCharge(300, 8192)).toBe(300);
    // A short turn timed on a loaded host: its clock ran on while the cores served others.
    expect(extractionCharge(150, 20)).toBe(4);
    expect(extractionCharge(5000, 29_000)).toBe(2902);
  });

  it('still refuses an owner who sends heavy turns: a handful of 29 KB turns spends the minute', () => {
    const heavy = extractionCharge(1000, 29_000);
    expect(Math.ceil(MAX_EXTRACTION_MS_PER_MINUTE / heavy)).toBeLessThanOrEqual(2);
  });
});
