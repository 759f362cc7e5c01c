import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { parseList } from '../json-list.ts';
import { keyNames } from '../key-names.ts';

/** What a belief's vector embeds: its statement, the words of its key and its aliases. */
export function embeddingText(belief: { statement: string; key: string | null; aliases: string }): string {
  const names = [keyNames(belief.key), ...parseList(belief.aliases)].filter((s) => s.trim());
  return names.length ? `${belief.statement} (${names.join(', ')})` : belief.statement;
}

/** Tells whether a belief's text changed since it was embedded (so an unchanged one skips the provider). */
export function textHash(text: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(text)).subarray(0, 12));
}

/** A vector as the bytes stored (little-endian float32, the byte order of every runtime this serves on). */
export function vectorBytes(v: Float32Array): Uint8Array {
  return new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
}

/** Stored bytes (a Buffer, a Uint8Array or workerd's array of bytes) as a vector. */
export function vectorOf(bytes: Uint8Array | number[]): Float32Array {
  const copy = Uint8Array.from(bytes);
  return new Float32Array(copy.buffer, 0, copy.byteLength >> 2);
}
