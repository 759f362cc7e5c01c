import { describe, expect, it } from 'vitest';
import { BackupError } from './errors.ts';
import { boundaryOf, MultipartReader } from './multipart.ts';
import { inPieces } from '../../test/support/streams.ts';

async function encode(fields: Array<[string, string | Uint8Array]>): Promise<{ body: Uint8Array; type: string }> {
  const f = new FormData();
  for (const [k, v] of fields) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, new Blob([Uint8Array.from(v)]), 'a.bin');
  }
  const req = new Request('http://x/', { method: 'POST', body: f });
  return { body: new Uint8Array(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('streamed multipart reader', () => {
  it('yields each part whole, whatever the chunking', async () => {
    const file = new Uint8Array(5000).map((_, i) => (i * 7 + 13) % 256);
    file.set(new TextEncoder().encode('\r\n--not-the-boundary\r\n'), 100);
    const { body, type } = await encode([
      ['passphrase', 'pässphrase long enough'],
      ['archive', file],
      ['extra', 'x'],
    ]);
    for (const size of [1, 2, 3, 7, 64, 1000, body.length]) {
      const parts = new MultipartReader(inPieces(body, size), boundaryOf(type));
      expect(await parts.next()).toEqual({ name: 'passphrase', filename: null });
      expect(await parts.text(4096)).toBe('pässphrase long enough');
      expect(await parts.next()).toEqual({ name: 'archive', filename: 'a.bin' });
      expect(await readAll(parts.body())).toEqual(file);
      expect((await parts.next())?.name).toBe('extra');
      expect(await parts.text(10)).toBe('x');
      expect(await parts.next()).toBeNull();
    }
  });

  it('refuses a body without boundary, a truncated body and an oversized field', async () => {
    expect(() => boundaryOf('application/json')).toThrow(BackupError);
    const { body, type } = await encode([
      ['passphrase', 'p'.repeat(100)],
      ['archive', new Uint8Array(10)],
    ]);
    const cut = new MultipartReader(inPieces(body.slice(0, body.length - 20), 16), boundaryOf(type));
    await cut.next();
    await expect(cut.text(50)).rejects.toThrow(/longer than 50/);
    const truncated = new MultipartReader(inPieces(body.slice(0, body.length - 20), 16), boundaryOf(type));
    await truncated.next();
    await truncated.text(4096);
    await truncated.next();
    await expect(readAll(truncated.body())).rejects.toThrow(/ends inside a part/);
  });
});
