/**
 * The heavy primitives of a backup: the passphrase KDF, the payload cipher and gzip. A runtime may
 * supply native ones (Platform.backup: the Node adapter uses node:crypto and node:zlib); the
 * portable ones (lib/backup/primitives.ts) run anywhere (workerd).
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
