import { Decrypter, Encrypter } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { nodeBackupPrimitives } from '../../lib/adapters/node/backup-primitives.ts';
import { decryptStream, encryptor } from '../../lib/backup/age.ts';
import { BackupError } from '../../lib/backup/errors.ts';
import { portablePrimitives, type BackupPrimitives } from '../../lib/backup/primitives.ts';

const PASSPHRASE = 'primitives test passphrase';
const LOG_N = 10;
const CHUNK = 64 * 1024;
const SIZES = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17];
const RUNTIMES: Array<[string, BackupPrimitives]> = [
  ['node', nodeBackupPrimitives],
  ['portable', portablePrimitives],
];

function data(size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 131 + (i >> 9)) & 0xff;
  return out;
}

/** A stream delivering the bytes in uneven pieces, so chunk boundaries never line up with reads. */
function streamOf(bytes: Uint8Array, piece = 10_007): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + piece));
      at += piece;
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function encrypt(primitives: BackupPrimitives, plaintext: Uint8Array): Promise<Uint8Array> {
  return collect((await encryptor(PASSPHRASE, primitives, LOG_N))(streamOf(plaintext)));
}

describe.each(RUNTIMES)('age archives made with the %s primitives', (_name, primitives) => {
  it.each(SIZES)('open with the age-encryption reference implementation and with every runtime (%i bytes)', async (size) => {
    const plaintext = data(size);
    const archive = await encrypt(primitives, plaintext);
    const reference = new Decrypter();
    reference.addPassphrase(PASSPHRASE);
    expect(await reference.decrypt(archive)).toEqual(plaintext);
    for (const [, other] of RUNTIMES) expect(await collect(await decryptStream(streamOf(archive), PASSPHRASE, other))).toEqual(plaintext);
  });

  it('open what the reference implementation encrypted', async () => {
    const plaintext = data(2 * CHUNK + 5);
    const e = new Encrypter();
    e.setScryptWorkFactor(LOG_N);
    e.setPassphrase(PASSPHRASE);
    const archive = await e.encrypt(plaintext);
    expect(await collect(await decryptStream(streamOf(archive), PASSPHRASE, primitives))).toEqual(plaintext);
  });

  it('refuse a wrong passphrase, a missing last chunk and a flipped payload byte', async () => {
    const archive = await encrypt(primitives, data(2 * CHUNK));
    await expect(decryptStream(streamOf(archive), 'not the passphrase', primitives)).rejects.toMatchObject({ code: 'bad_passphrase' });
    const damaged = [archive.slice(0, archive.length - (CHUNK + 16)), archive.slice()];
    damaged[1]![archive.length - 100] ^= 1;
    for (const bytes of damaged) {
      const opened = decryptStream(streamOf(bytes), PASSPHRASE, primitives).then(collect);
      await expect(opened).rejects.toBeInstanceOf(BackupError);
      await expect(opened).rejects.toMatchObject({ code: 'corrupt_archive' });
    }
  });

  it('gzip what every runtime gunzips, and fail on a truncated gzip stream', async () => {
    const plaintext = new TextEncoder().encode('{"type":"belief"}\n'.repeat(20_000));
    const compressed = await collect(primitives.gzip(streamOf(plaintext)));
    expect(compressed.length).toBeLessThan(plaintext.length / 10);
    for (const [, other] of RUNTIMES) {
      expect(await collect(other.gunzip(streamOf(compressed)))).toEqual(plaintext);
      await expect(collect(other.gunzip(streamOf(compressed.slice(0, compressed.length - 9))))).rejects.toThrow();
    }
  });
});
