import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base64Decode, base64Encode, randomBytes } from './crypto.ts';
import { ApiError } from './errors.ts';
import type { Settings } from './settings.ts';

/**
 * Provider keys at rest (table `credentials`): sealed with XChaCha20-Poly1305 under the master
 * key, bound to the provider id (so a sealed key cannot be moved to another provider's row).
 * Sealed form: "v1:" + base64(nonce || ciphertext).
 */
export class CredentialError extends Error {}

/** The master key SERVICE_ENCRYPTION_KEY gives (validated as 32 bytes of base64 by lib/settings.ts), or null when unset. */
export function masterKeyOf(settings: Pick<Settings, 'encryptionKey'>): Uint8Array | null {
  return settings.encryptionKey ? base64Decode(settings.encryptionKey) : null;
}

/** Rethrows `err`, a CredentialError (the master key cannot open a stored key) as a 500 the client can read. */
export function credentialFailure(err: unknown): never {
  if (err instanceof CredentialError) throw new ApiError(500, 'credential_error', err.message);
  throw err;
}

export function sealSecret(masterKey: Uint8Array | null, plaintext: string, boundTo: string): string {
  const key = requireKey(masterKey);
  const nonce = randomBytes(24);
  const sealed = xchacha20poly1305(key, nonce, utf8ToBytes(boundTo)).encrypt(utf8ToBytes(plaintext));
  const out = new Uint8Array(nonce.length + sealed.length);
  out.set(nonce);
  out.set(sealed, nonce.length);
  return `v1:${base64Encode(out)}`;
}

/**
 * Opened keys by master key, then by provider id and sealed text: a changed row is a new sealed
 * text (fresh nonce), so an entry can never answer for a key that was replaced. Memory only.
 */
const opened = new WeakMap<Uint8Array, Map<string, string>>();
const MAX_OPENED = 256;

export function openSecret(masterKey: Uint8Array | null, sealedText: string, boundTo: string): string {
  const key = requireKey(masterKey);
  let byText = opened.get(key);
  if (!byText) {
    byText = new Map();
    opened.set(key, byText);
  }
  const entry = `${boundTo}\n${sealedText}`;
  const known = byText.get(entry);
  if (known !== undefined) return known;
  const plain = decrypt(key, sealedText, boundTo);
  if (byText.size >= MAX_OPENED) byText.clear();
  byText.set(entry, plain);
  return plain;
}

function decrypt(key: Uint8Array, sealedText: string, boundTo: string): string {
  if (!sealedText.startsWith('v1:')) throw new CredentialError('stored credential has an unknown format');
  const bytes = base64Decode(sealedText.slice(3));
  try {
    const plain = xchacha20poly1305(key, bytes.subarray(0, 24), utf8ToBytes(boundTo)).decrypt(bytes.subarray(24));
    return new TextDecoder().decode(plain);
  } catch {
    throw new CredentialError(
      'a stored provider key cannot be decrypted: the master key (SERVICE_ENCRYPTION_KEY or master.key in the data dir) is not the one it was stored with',
    );
  }
}

function requireKey(masterKey: Uint8Array | null): Uint8Array {
  if (masterKey?.length !== 32) {
    throw new CredentialError('no master key: set SERVICE_ENCRYPTION_KEY (32 bytes, base64) to store provider keys');
  }
  return masterKey;
}
