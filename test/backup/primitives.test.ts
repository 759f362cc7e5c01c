import { Decrypter, Encrypter } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { nodeBackupPrimitives } from '../../lib/adapters/node/backup-primitives.ts';
import { decryptStream, encryptor } from '../../lib/backup/age.ts';
import { BackupError } from '../../lib/backup/errors.ts';
import { portablePrimitives } from '../../lib/backup/primitives.ts';
import type { BackupPrimitives } from '../../lib/ports/backup-primitives.ts';
import { inPieces } from '../support/streams.ts';

const PASSPHRASE = 'primitives test passphrase';
const LOG_N = 10;
const CHUNK = 64 * 1024;
/** Read sizes that never line up with the 64 KiB chunks. */
const UNEVEN = 10_007;
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

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function encrypt(primitives: BackupPrimitives, plaintext: Uint8Array): Promise<Uint8Array> {
  return collect((await encryptor(PASSPHRASE, primitives, LOG_N))(inPieces(plaintext, UNEVEN)));
}

describe.each(RUNTIMES)('age archives made with the %s primitives', (_name, primitives) => {
  it.each(SIZES)('open with the age-encryption reference implementation and with every runtime (%i bytes)', async (size) => {
    const plaintext = data(size);
    const archive = await encrypt(primitives, plaintext);
    const reference = new Decrypter();
    reference.addPassphrase(PASSPHRASE);
    expect(await reference.decrypt(archive)).toEqual(plaintext);
    for (const [, other] of RUNTIMES) expect(await collect(await decryptStream(inPieces(archive, UNEVEN), PASSPHRASE, other))).toEqual(plaintext);
  });

  it('open what the reference implementation encrypted', async () => {
    const plaintext = data(2 * CHUNK + 5);
    const e = new Encrypter();
    e.setScryptWorkFactor(LOG_N);
    e.setPassphrase(PASSPHRASE);
    const archive = await e.encrypt(plaintext);
    expect(await collect(await decryptStream(inPieces(archive, UNEVEN), PASSPHRASE, primitives))).toEqual(plaintext);
  });

  it('refuse a wrong passphrase, a missing last chunk and a flipped payload byte', async () => {
    const archive = await encrypt(primitives, data(2 * CHUNK));
    await expect(decryptStream(inPieces(archive, UNEVEN), 'not the passphrase', primitives)).rejects.toMatchObject({ code: 'bad_passphrase' });
    const damaged = [archive.slice(0, archive.length - (CHUNK + 16)), archive.slice()];
    damaged[1]![archive.length - 100] ^= 1;
    for (const bytes of damaged) {
      const opened = decryptStream(inPieces(bytes, UNEVEN), PASSPHRASE, primitives).then(collect);
      await expect(opened).rejects.toBeInstanceOf(BackupError);
      await expect(opened).rejects.toMatchObject({ code: 'corrupt_archive' });
    }
  });

  it('gzip what every runtime gunzips, and fail on a truncated gzip stream', async () => {
    const plaintext = new TextEncoder().encode('{"type":"belief"}\n'.repeat(20_000));
    const compressed = await collect(primitives.gzip(inPieces(plaintext, UNEVEN)));
    expect(compressed.length).toBeLessThan(plaintext.length / 10);
    for (const [, other] of RUNTIMES) {
      expect(await collect(other.gunzip(inPieces(compressed, UNEVEN)))).toEqual(plaintext);
      await expect(collect(other.gunzip(inPieces(compressed.slice(0, compressed.length - 9), UNEVEN)))).rejects.toThrow();
    }
  });
});
