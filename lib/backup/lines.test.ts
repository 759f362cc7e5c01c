import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, readLines } from './lines.ts';
import { inPieces } from '../../test/support/streams.ts';

async function lines(text: string, size: number): Promise<string[]> {
  const out: string[] = [];
  for await (const line of readLines(inPieces(new TextEncoder().encode(text), size))) out.push(`${line.number}:${line.text}`);
  return out;
}

describe('readLines', () => {
  it('splits lines however the chunks fall, multi-byte characters included', async () => {
    const text = 'first\n\nz\u00fcrich \u{1F600} line\nlast\n';
    for (const size of [1, 2, 3, 5, 64]) {
      expect(await lines(text, size)).toEqual(['1:first', '2:', '3:z\u00fcrich \u{1F600} line', '4:last']);
    }
  });

  it('reads a line of exactly the bound spread over many chunks, and refuses one past it naming its number', async () => {
    const fits = 'a'.repeat(MAX_LINE_CHARS);
    expect((await lines(`x\n${fits}\n`, 4096)).map((l) => l.length)).toEqual([3, MAX_LINE_CHARS + 2]);
    await expect(lines(`x\n${fits}b\n`, 4096)).rejects.toThrow(/^line 2 is longer than 1048576 characters/);
    await expect(lines(`x\n${fits}b\n`, 4 * MAX_LINE_CHARS)).rejects.toThrow(/^line 2 is longer/);
    await expect(lines(`x\n${fits}bbbb`, 4096)).rejects.toThrow(/^line 2 is longer/);
  });

  it('refuses a last line without its newline', async () => {
    await expect(lines('one\ntwo', 2)).rejects.toThrow('the archive ends in the middle of a record');
  });
});
