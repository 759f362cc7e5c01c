import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { base64Decode, base64Encode, randomBytes, safeEqualBytes } from '../crypto.ts';
import type { Platform } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { BackupError, corrupt } from './errors.ts';
import type { BackupPrimitives } from './primitives.ts';

/**
 * The archive's outer layer: an age v1 file (C2SP age spec) with one scrypt passphrase stanza and
 * the STREAM payload (ChaCha20-Poly1305 per 64 KiB chunk), encrypted and decrypted chunk by chunk.
 * The primitives come from the runtime (native on Node).
 */

/** log2 of the scrypt work factor written on export (at least 2^17 on Node: docs/backup.md). */
const EXPORT_LOG_N = 17;
/** An archive asking for more than 2^18 (256 MiB of scrypt memory, the age CLI's default) is refused. */
export const MAX_IMPORT_LOG_N = 18;
/** A scrypt-only age header is about 200 bytes; anything past this without the MAC line is not an archive. */
const MAX_HEADER_BYTES = 16 * 1024;

const VERSION_LINE = 'age-encryption.org/v1';
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

/** Reads until the header's MAC line ends; returns all bytes read and where the header ends. */
async function readHeader(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<{ header: Uint8Array; headerEnd: number }> {
  let buf: Uint8Array = new Uint8Array(0);
  for (;;) {
    const end = macLineEnd(buf);
    if (end >= 0) return { header: buf, headerEnd: end };
    if (buf.length > MAX_HEADER_BYTES) throw corrupt('not an age archive: no header within the first 16 KiB');
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (err) {
      throw unreadable(err);
    }
    if (next.done) throw corrupt(buf.length === 0 ? 'the archive is empty' : 'the archive ends inside its header');
    buf = concatBytes(buf, next.value);
  }
}

const NL = 0x0a;

/** Offset just past the "--- <mac>\n" line, or -1 while it has not fully arrived. */
function macLineEnd(buf: Uint8Array): number {
  let lineStart = 0;
  for (let i = 0; i < buf.length && i <= MAX_HEADER_BYTES; i++) {
    if (buf[i] !== NL) continue;
    if (buf[lineStart] === 0x2d && buf[lineStart + 1] === 0x2d && buf[lineStart + 2] === 0x2d && buf[lineStart + 3] === 0x20) {
      return i + 1;
    }
    lineStart = i + 1;
  }
  return -1;
}

interface ScryptHeader {
  salt: Uint8Array;
  logN: number;
  wrapped: Uint8Array;
  mac: Uint8Array;
  /** Byte offset of the MAC line's " <mac>" part: the MAC covers everything before it. */
  macStart: number;
}

/** The header as the age spec writes it: version line, exactly one scrypt stanza, MAC line. */
function parseHeader(text: string, headerEnd: number, maxLogN: number): ScryptHeader {
  const lines = text.slice(0, -1).split('\n');
  if (lines[0] !== VERSION_LINE) throw corrupt('not an age v1 archive');
  const stanzas = lines.filter((l) => l.startsWith('-> '));
  if (stanzas.length !== 1 || !lines[1]!.startsWith('-> scrypt ')) {
    throw corrupt('the archive is not encrypted to a single passphrase (scrypt) recipient');
  }
  const args = lines[1]!.split(' ').slice(2);
  if (args.length !== 2 || !/^[1-9][0-9]*$/.test(args[1]!)) throw corrupt('the archive header has an invalid scrypt stanza');
  const logN = Number(args[1]);
  if (logN > maxLogN) throw corrupt(`the archive's scrypt work factor 2^${logN} is above the accepted maximum 2^${maxLogN}`);
  const salt = unb64(args[0]!);
  // The stanza body is base64 in lines of 64 characters, ended by a shorter one; a wrapped file key fits in one.
  const wrapped = lines.length === 4 ? unb64(lines[2]!) : null;
  const macLine = lines.at(-1)!;
  const mac = unb64(macLine.slice(4));
  if (salt?.length !== 16 || wrapped?.length !== 32 || mac?.length !== 32) throw corrupt('the archive header is malformed');
  return { salt, logN, wrapped, mac, macStart: headerEnd - macLine.length - 1 + 3 };
}

function b64(bytes: Uint8Array): string {
  return base64Encode(bytes).replace(/=+$/, '');
}

/** Canonical unpadded base64, or null. */
function unb64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = base64Decode(text + '='.repeat((4 - (text.length % 4)) % 4));
  return b64(bytes) === text ? bytes : null;
}

/** A failure reading the upload: the service's own errors as they are, anything else as a corrupt archive. */
function unreadable(err: unknown): Error {
  if (err instanceof BackupError || err instanceof ApiError) return err;
  return corrupt(`the archive could not be read (${err instanceof Error ? err.message : String(err)})`);
}
