import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import type { BackupPrimitives } from '../ports/backup-primitives.ts';

/** The portable primitives: they run anywhere (workerd); Platform.backup supplies native ones. */
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
