import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { randomBytes, safeEqualBytes } from '../crypto.ts';
import type { Platform } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { b64, parseHeader, readHeader, unreadable, VERSION_LINE } from './age-header.ts';
import { BackupError, corrupt } from './errors.ts';
import type { BackupPrimitives } from '../ports/backup-primitives.ts';

/**
 * The archive's outer layer: an age v1 file (C2SP age spec) with one scrypt passphrase stanza and
 * the STREAM payload (ChaCha20-Poly1305 per 64 KiB chunk), encrypted and decrypted chunk by chunk.
 * The primitives come from the runtime (native on Node).
 */

/** log2 of the scrypt work factor written on export (at least 2^17 on Node: docs/backup.md). */
const EXPORT_LOG_N = 17;
/** An archive asking for more than 2^18 (256 MiB of scrypt memory, the age CLI's default) is refused. */
export const MAX_IMPORT_LOG_N = 18;

const SCRYPT_LABEL = 'age-encryption.org/v1/scrypt';
const CHUNK = 64 * 1024;
const TAG = 16;
const NONCE = 16;
const utf8 = new TextEncoder();

/** scrypt derivations at once in this process (each holds up to 256 MiB for seconds); more wait their turn. */
const SCRYPT_AT_ONCE = 2;
/** Derivations that may wait for a turn; past them a backup request is refused (503) rather than queued. */
const SCRYPT_WAITING = 8;
let scryptRunning = 0;
const scryptQueue: Array<() => void> = [];

/** primitives.scrypt within the process-wide bound above. */
async function boundedScrypt(primitives: BackupPrimitives, passphrase: string, salt: Uint8Array, logN: number): Promise<Uint8Array> {
  if (scryptRunning < SCRYPT_AT_ONCE) {
    scryptRunning++;
  } else {
    if (scryptQueue.length >= SCRYPT_WAITING) {
      throw new ApiError(
        503,
        'backup_busy',
        `${SCRYPT_AT_ONCE + SCRYPT_WAITING} backup exports and imports are already deriving their passphrase keys; retry in a minute`,
        { headers: { 'Retry-After': '60' } },
      );
    }
    // The finishing derivation hands its turn over directly, so scryptRunning stays as it is.
    await new Promise<void>((resolve) => scryptQueue.push(resolve));
  }
  try {
    return await primitives.scrypt(utf8.encode(passphrase), scryptSalt(salt), logN);
  } finally {
    const next = scryptQueue.shift();
    if (next) next();
    else scryptRunning--;
  }
}

/** The work factor of new exports on this platform (imports accept up to MAX_IMPORT_LOG_N on every runtime). */
export function exportLogN(platform: Pick<Platform, 'exportScryptLogN'>): number {
  return platform.exportScryptLogN ?? EXPORT_LOG_N;
}

/**
 * Derives the passphrase key first (scrypt's memory is freed before the payload is produced), then
 * returns the function that encrypts a plaintext stream into the age file.
 */
export async function encryptor(
  passphrase: string,
  primitives: BackupPrimitives,
  logN: number,
): Promise<(plaintext: ReadableStream<Uint8Array>) => ReadableStream<Uint8Array>> {
  const fileKey = randomBytes(16);
  const salt = randomBytes(16);
  const wrapKey = await boundedScrypt(primitives, passphrase, salt, logN);
  const wrapped = primitives.seal(wrapKey, new Uint8Array(12), fileKey);
  const headerNoMac = `${VERSION_LINE}\n-> scrypt ${b64(salt)} ${logN}\n${b64(wrapped)}\n---`;
  const mac = hmac(sha256, hkdf(sha256, fileKey, undefined, utf8.encode('header'), 32), utf8.encode(headerNoMac));
  const nonce = randomBytes(NONCE);
  const head = concatBytes(utf8.encode(`${headerNoMac} ${b64(mac)}\n`), nonce);
  const payloadKey = hkdf(sha256, fileKey, nonce, utf8.encode('payload'), 32);
  return (plaintext) => sealPayload(plaintext, head, chunkCipher(primitives, payloadKey, 'seal'));
}

function sealPayload(
  plaintext: ReadableStream<Uint8Array>,
  head: Uint8Array,
  seal: (data: Uint8Array, last: boolean) => Uint8Array,
): ReadableStream<Uint8Array> {
  const reader = plaintext.getReader();
  const buf = new Uint8Array(CHUNK);
  let used = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      for (;;) {
        const next = await reader.read();
        if (next.done) {
          controller.enqueue(seal(buf.subarray(0, used), true));
          controller.close();
          return;
        }
        let chunk = next.value;
        let emitted = false;
        while (chunk.length > 0) {
          // A full chunk is sealed only once more data has arrived: the last one carries the final flag.
          if (used === CHUNK) {
            controller.enqueue(seal(buf, false));
            used = 0;
            emitted = true;
          }
          const n = Math.min(CHUNK - used, chunk.length);
          buf.set(chunk.subarray(0, n), used);
          used += n;
          chunk = chunk.subarray(n);
        }
        if (emitted) return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * Checks the header (bounded size, one scrypt stanza, work factor within bounds), unwraps the
 * file key, verifies the header MAC and returns the payload as a stream that errors on the first
 * chunk failing to authenticate, and at the end if the final chunk is missing or anything follows it.
 */
export async function decryptStream(
  source: ReadableStream<Uint8Array>,
  passphrase: string,
  primitives: BackupPrimitives,
  maxLogN = MAX_IMPORT_LOG_N,
): Promise<ReadableStream<Uint8Array>> {
  const reader = source.getReader();
  try {
    return await openPayload(reader, passphrase, primitives, maxLogN);
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  }
}

async function openPayload(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  passphrase: string,
  primitives: BackupPrimitives,
  maxLogN: number,
): Promise<ReadableStream<Uint8Array>> {
  const { header, headerEnd } = await readHeader(reader);
  const { salt, logN, wrapped, mac, macStart } = parseHeader(new TextDecoder().decode(header.subarray(0, headerEnd)), headerEnd, maxLogN);
  const wrapKey = await boundedScrypt(primitives, passphrase, salt, logN);
  let fileKey: Uint8Array;
  try {
    fileKey = primitives.open(wrapKey, new Uint8Array(12), wrapped);
  } catch {
    throw new BackupError('bad_passphrase', 'the passphrase does not open this archive');
  }
  const expected = hmac(sha256, hkdf(sha256, fileKey, undefined, utf8.encode('header'), 32), header.subarray(0, macStart));
  if (!safeEqualBytes(expected, mac)) throw corrupt('the archive header is damaged (its MAC does not match)');

  let pending = header.subarray(headerEnd);
  while (pending.length < NONCE) {
    const next = await reader.read().catch((err) => Promise.reject(unreadable(err)));
    if (next.done) throw corrupt('the archive ends before its payload');
    pending = concatBytes(pending, next.value);
  }
  const open = chunkCipher(primitives, hkdf(sha256, fileKey, pending.subarray(0, NONCE), utf8.encode('payload'), 32), 'open');
  pending = pending.subarray(NONCE);

  const SEALED = CHUNK + TAG;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        // More than one sealed chunk buffered: the first of them is not the last one.
        if (pending.length > SEALED) {
          controller.enqueue(open(pending.subarray(0, SEALED), false));
          pending = pending.subarray(SEALED);
          first = false;
          return;
        }
        const next = await reader.read();
        if (!next.done) {
          pending = pending.length ? concatBytes(pending, next.value) : next.value;
          continue;
        }
        if (pending.length < TAG) throw corrupt('the archive is truncated');
        const last = open(pending, true);
        if (last.length === 0 && !first) throw corrupt('the archive ends with an empty chunk');
        if (last.length > 0) controller.enqueue(last);
        controller.close();
        return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** Seals or opens one STREAM chunk: nonce = 11-byte big-endian counter, then 1 on the last chunk. */
function chunkCipher(primitives: BackupPrimitives, key: Uint8Array, mode: 'seal' | 'open') {
  let counter = 0;
  return (data: Uint8Array, last: boolean): Uint8Array => {
    const nonce = new Uint8Array(12);
    for (let i = 10, c = counter; c > 0; i--, c = Math.floor(c / 256)) nonce[i] = c % 256;
    nonce[11] = last ? 1 : 0;
    counter++;
    if (mode === 'seal') return primitives.seal(key, nonce, data);
    try {
      return primitives.open(key, nonce, data);
    } catch {
      throw corrupt(`the archive is damaged: chunk ${counter} does not authenticate`);
    }
  };
}

function scryptSalt(salt: Uint8Array): Uint8Array {
  return concatBytes(utf8.encode(SCRYPT_LABEL), salt);
}
