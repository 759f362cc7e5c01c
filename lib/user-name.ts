/**
 * The one rule for userNames, shared by the identity header, SCIM, PAT owners and admin
 * look-ups: Unicode NFC, then lower case. Stored rows, owners and comparisons all use the
 * folded form; the SCIM resource keeps the name as the IdP sent it.
 */
export function foldUserName(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** The root token's own name: no user may take it, in any letter case. */
export const ROOT_USER = 'root';

/**
 * Beliefs of a userName deleted through SCIM move to an archive owner beginning with this
 * prefix, which no userName may begin with: a later user of the same name starts empty.
 */
export const ARCHIVE_PREFIX = '~deleted/';

/** Why a userName is reserved (root, archive owners), or null when it is not. */
export function reservedUserName(name: string): string | null {
  const folded = foldUserName(name);
  if (folded === ROOT_USER) return `"${ROOT_USER}" is reserved for the root token`;
  if (folded.startsWith('~')) return 'may not begin with "~" (reserved for the archives of deleted users)';
  return null;
}

/** Why a userName is malformed (empty, too long, control characters), or null when it is not. */
export function malformedUserName(name: string): string | null {
  if (name === '') return 'must not be empty';
  if (name.length > 256) return 'longer than 256 characters';
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'must not contain control characters';
  return null;
}

/** The owner a deleted user's beliefs move to: unique per deletion, never a userName. */
export function archiveOwner(folded: string, scimId: string): string {
  return `${ARCHIVE_PREFIX}${scimId}/${folded}`;
}

/**
 * A header value given as a byte string (one character per byte, as Node and the Fetch standard
 * give it) decoded as the UTF-8 an SSO proxy sends, as SCIM does; null when it is not UTF-8.
 */
export function decodeHeaderValue(value: string): string | null {
  if (!/[^\x00-\x7f]/.test(value)) return value;
  if (/[^\x00-\xff]/.test(value)) return null;
  const bytes = Uint8Array.from(value, (ch) => ch.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
