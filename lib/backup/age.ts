import { Decrypter, Encrypter } from 'age-encryption';
import { BackupError, corrupt } from './errors.ts';
import { onWorkers } from './runtime.ts';

/**
 * The archive's outer layer: an age v1 file (C2SP age spec) with one scrypt passphrase stanza,
 * via the `age-encryption` package, whose STREAM payload encrypts and decrypts chunk by chunk.
 */

/** log2 of the scrypt work factor written on export (API.md: at least 2^17 on Node). */
export const EXPORT_LOG_N = 17;
/**
 * Cloudflare Workers isolates have 128 MB of memory and scrypt needs 1 KiB × N, so exports made
 * there use 2^15 (32 MiB). Imports accept up to MAX_IMPORT_LOG_N on every runtime.
 */
export const WORKERS_EXPORT_LOG_N = 15;
/** An archive asking for more than 2^18 (256 MiB of scrypt memory, the age CLI's default) is refused. */
export const MAX_IMPORT_LOG_N = 18;
/** A scrypt-only age header is about 200 bytes; anything past this without the MAC line is not an archive. */
const MAX_HEADER_BYTES = 16 * 1024;

export function exportLogN(): number {
  return onWorkers() ? WORKERS_EXPORT_LOG_N : EXPORT_LOG_N;
}

export async function encryptStream(
  plaintext: ReadableStream<Uint8Array>,
  passphrase: string,
  logN = exportLogN(),
): Promise<ReadableStream<Uint8Array>> {
  const e = new Encrypter();
  e.setScryptWorkFactor(logN);
  e.setPassphrase(passphrase);
  return e.encrypt(plaintext);
}

/**
 * Checks the header (bounded size, one scrypt stanza, work factor within bounds), unwraps the
 * file key and returns the payload as a stream that errors on the first chunk failing to
 * authenticate, and at the end if the final chunk is missing or anything follows it.
 */
export async function decryptStream(
  source: ReadableStream<Uint8Array>,
  passphrase: string,
  maxLogN = MAX_IMPORT_LOG_N,
): Promise<ReadableStream<Uint8Array>> {
  const reader = source.getReader();
  try {
    return await openPayload(reader, passphrase, maxLogN);
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  }
}

async function openPayload(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  passphrase: string,
  maxLogN: number,
): Promise<ReadableStream<Uint8Array>> {
  const { header, headerEnd } = await readHeader(reader);
  checkStanzas(new TextDecoder().decode(header.subarray(0, headerEnd)), maxLogN);
  const rejoined = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(header);
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const d = new Decrypter();
  d.addPassphrase(passphrase);
  try {
    return await d.decrypt(rejoined);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (message.includes('no identity matched')) {
      throw new BackupError('bad_passphrase', 'the passphrase does not open this archive');
    }
    throw corrupt(`the archive header is damaged (${message})`);
  }
}

/** Reads until the header's MAC line ends; returns all bytes read and where the header ends. */
async function readHeader(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<{ header: Uint8Array; headerEnd: number }> {
  let buf = new Uint8Array(0);
  for (;;) {
    const end = macLineEnd(buf);
    if (end >= 0) return { header: buf, headerEnd: end };
    if (buf.length > MAX_HEADER_BYTES) throw corrupt('not an age archive: no header within the first 16 KiB');
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (err) {
      throw corrupt(`the archive could not be read (${err instanceof Error ? err.message : String(err)})`);
    }
    if (next.done) throw corrupt(buf.length === 0 ? 'the archive is empty' : 'the archive ends inside its header');
    const joined = new Uint8Array(buf.length + next.value.length);
    joined.set(buf);
    joined.set(next.value, buf.length);
    buf = joined;
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

function checkStanzas(header: string, maxLogN: number): void {
  const lines = header.split('\n');
  if (lines[0] !== 'age-encryption.org/v1') throw corrupt('not an age v1 archive');
  const stanzas = lines.filter((l) => l.startsWith('-> ')).map((l) => l.slice(3).split(' '));
  if (stanzas.length !== 1 || stanzas[0]![0] !== 'scrypt') {
    throw corrupt('the archive is not encrypted to a single passphrase (scrypt) recipient');
  }
  const logN = Number(stanzas[0]![2]);
  if (!Number.isInteger(logN) || logN < 1) throw corrupt('the archive header has an invalid scrypt work factor');
  if (logN > maxLogN) {
    throw corrupt(`the archive's scrypt work factor 2^${logN} is above the accepted maximum 2^${maxLogN}`);
  }
}
