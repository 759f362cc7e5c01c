import { describe, expect, it } from 'vitest';
import { base64Decode, base64Encode, base64url, randomSecret, safeEqual, safeEqualBytes, sha256Hex } from './crypto.ts';

describe('crypto helpers', () => {
  it('hashes UTF-8 text with SHA-256 as lower-case hex', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('é')).not.toBe(sha256Hex('e\u0301'));
  });

  it('writes base64url without padding, and round-trips standard base64 past its 32 KiB chunks', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-');
    expect(base64url(new Uint8Array([1]))).toBe('AQ');
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 3 }, (_, i) => (i * 31) % 256);
    const encoded = base64Encode(bytes);
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
    expect(Buffer.from(base64Decode(encoded)).equals(Buffer.from(bytes))).toBe(true);
    expect(base64Encode(new Uint8Array([0xfb, 0xff]))).toBe('+/8=');
  });

  it('makes 256-bit secrets, each new', () => {
    const a = randomSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomSecret()).not.toBe(a);
  });

  it.each([
    ['secret', 'secret', true],
    ['secret', 'secreT', false],
    ['secret', 'secret\0', false],
    ['', '', true],
    ['a', '', false],
  ])('safeEqual(%j, %j) is %s', (a, b, equal) => {
    expect(safeEqual(a, b)).toBe(equal);
    expect(safeEqualBytes(new TextEncoder().encode(a), new TextEncoder().encode(b))).toBe(equal);
  });
});
