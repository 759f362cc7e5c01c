import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';

/**
 * The heavy primitives of a backup: the passphrase KDF, the payload cipher and gzip. A runtime may
 * supply native ones (Platform.backup: the Node adapter uses node:crypto and node:zlib); the
 * portable ones below run anywhere (workerd).
 */
export interface BackupPrimitives {
  /** scrypt with N = 2^logN, r = 8, p = 1, 32-byte output. */
  scrypt(password: Uint8Array, salt: Uint8Array, logN: number): Promise<Uint8Array>;
  /** ChaCha20-Poly1305 (RFC 8439), 12-byte nonce; the 16-byte tag follows the ciphertext. */
  seal(key: Uint8Array, nonce: Uint8Array, plaintext: Uint8Array): Uint8Array;
  /** The inverse of seal; throws when the tag does not verify. */
  open(key: Uint8Array, nonce: Uint8Array, sealed: Uint8Array): Uint8Array;
  gzip(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array>;
  /** Errors when the gzip stream is damaged or truncated. */
  gunzip(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array>;
}

export const portablePrimitives: BackupPrimitives = {
  scrypt: (password, salt, logN) => scryptAsync(password, salt, { N: 2 ** logN, r: 8, p: 1, dkLen: 32 }),
  seal: (key, nonce, plaintext) => chacha20poly1305(key, nonce).encrypt(plaintext),
  open: (key, nonce, sealed) => chacha20poly1305(key, nonce).decrypt(sealed),
  gzip: (source) => pump(source, new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>),
  gunzip: (source) => pump(source, new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>),
};

/**
 * Chunks are written one at a time, each awaited, instead of with pipeThrough: Node's
 * CompressionStream sizes its writable queue in chunks (16,384 of them), so pipeThrough would pull
 * far ahead of zlib and hold hundreds of MB of input; awaiting each write keeps one chunk queued.
 */
function pump(source: ReadableStream<Uint8Array>, transform: TransformStream<Uint8Array, Uint8Array>): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const writer = transform.writable.getWriter();
  void (async () => {
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) await writer.write(next.value);
      await writer.close();
    } catch (err) {
      await writer.abort(err).catch(() => {});
      await reader.cancel(err).catch(() => {});
    }
  })();
  return transform.readable;
}
