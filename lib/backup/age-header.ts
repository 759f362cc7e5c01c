import { concatBytes } from '@noble/hashes/utils.js';
import { base64Decode, base64Encode } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { BackupError, corrupt } from './errors.ts';

/** The age v1 header (C2SP age spec) as this service writes and reads it: version line, one scrypt stanza, MAC line. */

export const VERSION_LINE = 'age-encryption.org/v1';
/** A scrypt-only age header is about 200 bytes; anything past this without the MAC line is not an archive. */
const MAX_HEADER_BYTES = 16 * 1024;

/** Reads until the header's MAC line ends; returns all bytes read and where the header ends. */
export async function readHeader(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<{ header: Uint8Array; headerEnd: number }> {
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
export function parseHeader(text: string, headerEnd: number, maxLogN: number): ScryptHeader {
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

export function b64(bytes: Uint8Array): string {
  return base64Encode(bytes).replace(/=+$/, '');
}

/** Canonical unpadded base64, or null. */
function unb64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = base64Decode(text + '='.repeat((4 - (text.length % 4)) % 4));
  return b64(bytes) === text ? bytes : null;
}

/** A failure reading the upload: the service's own errors as they are, anything else as a corrupt archive. */
export function unreadable(err: unknown): Error {
  if (err instanceof BackupError || err instanceof ApiError) return err;
  return corrupt(`the archive could not be read (${err instanceof Error ? err.message : String(err)})`);
}
