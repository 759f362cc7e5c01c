import { createCipheriv, createDecipheriv, scrypt } from 'node:crypto';
import { Readable, pipeline, type Transform } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { BackupPrimitives } from '../../ports/backup-primitives.ts';

/**
 * Backups on Node: OpenSSL's scrypt and ChaCha20-Poly1305, and zlib at a fast level, which runs on
 * libuv's thread pool while the main thread reads rows and writes JSON.
 */
const GZIP_LEVEL = 2;
const ZLIB_CHUNK = 64 * 1024;
/** Input read ahead of zlib: enough for the main thread to produce the next page while zlib works. */
const READ_AHEAD = 1024 * 1024;

export const nodeBackupPrimitives: BackupPrimitives = {
  scrypt: (password, salt, logN) =>
    new Promise((resolve, reject) => {
      const N = 2 ** logN;
      // OpenSSL needs 128 × N × r bytes; maxmem only guards against asking for more.
      scrypt(password, salt, 32, { N, r: 8, p: 1, maxmem: 129 * 8 * N }, (err, key) => (err ? reject(err) : resolve(key)));
    }),
  seal(key, nonce, plaintext) {
    const cipher = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
    const body = cipher.update(plaintext);
    cipher.final();
    const out = new Uint8Array(body.length + 16);
    out.set(body);
    out.set(cipher.getAuthTag(), body.length);
    return out;
  },
  open(key, nonce, sealed) {
    if (sealed.length < 16) throw new Error('sealed data shorter than its tag');
    const decipher = createDecipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const body = decipher.update(sealed.subarray(0, sealed.length - 16));
    decipher.final();
    return body;
  },
  gzip: (source) => throughZlib(source, createGzip({ level: GZIP_LEVEL, chunkSize: ZLIB_CHUNK })),
  gunzip: (source) => throughZlib(source, createGunzip({ chunkSize: ZLIB_CHUNK })),
};

/**
 * zlib's input is read up to READ_AHEAD ahead and its output one chunk per pull, so memory stays at
 * a few MiB whatever the size, while producer and zlib still run at the same time.
 */
function throughZlib(source: ReadableStream<Uint8Array>, zlib: Transform): ReadableStream<Uint8Array> {
  const input = Readable.fromWeb(source as import('node:stream/web').ReadableStream<Uint8Array>, { highWaterMark: READ_AHEAD });
  pipeline(input, zlib, () => {});
  const chunks = zlib[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      zlib.destroy(reason instanceof Error ? reason : undefined);
      input.destroy();
    },
  });
}
