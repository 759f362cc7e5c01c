/**
 * A character that Unicode normalisation replaces by another one on its own (the Kelvin sign
 * U+212A becomes the letter K, the Ohm and Ångström signs, CJK compatibility ideographs…): a
 * look-alike no IdP means as the letter it would become.
 */
function replacedByNormalisation(ch: string): boolean {
  return ch.normalize('NFC') !== ch;
}

/**
 * The one rule for userNames, shared by the identity header, SCIM, PAT owners and admin
 * look-ups: Unicode NFC, then lower case. A character that normalisation would replace on its
 * own is kept as it is (and refused in new names, see malformedUserName), so the Kelvin sign
 * never folds into "k" and two names an IdP sends as distinct never merge. Stored rows, owners
 * and comparisons all use the folded form; the SCIM resource keeps the name as the IdP sent it.
 */
export function foldUserName(name: string): string {
  let out = '';
  let run = '';
  for (const ch of name) {
    if (!replacedByNormalisation(ch)) {
      run += ch;
      continue;
    }
    out += foldRun(run) + ch;
    run = '';
  }
  return out + foldRun(run);
}

function foldRun(run: string): string {
  return run.normalize('NFC').toLowerCase().normalize('NFC');
}

/** The root token's own name: no user may take it, in any letter case. */
export const ROOT_USER = 'root';

/**
 * Beliefs of a userName deleted through SCIM move to an archive owner beginning with this
 * prefix, which no userName may begin with: a later user of the same name starts empty.
 */
export const ARCHIVE_PREFIX = '~deleted/';

/** The longest userName, as sent and once folded (`İ` folds to two characters, `i̇`). */
const MAX_USER_NAME = 256;
/** The length of a SCIM id (a UUID), the middle part of an archive owner. */
const SCIM_ID_LENGTH = 36;
/** The longest owner the service can hold: an archive owner of the longest folded userName (the backup format's bound). */
export const MAX_OWNER = ARCHIVE_PREFIX.length + SCIM_ID_LENGTH + 1 + MAX_USER_NAME;

/** Why a userName is reserved (root, archive owners), or null when it is not. */
export function reservedUserName(name: string): string | null {
  const folded = foldUserName(name);
  if (folded === ROOT_USER) return `"${ROOT_USER}" is reserved for the root token`;
  if (folded.startsWith('~')) return 'may not begin with "~" (reserved for the archives of deleted users)';
  return null;
}

/**
 * Why a userName is malformed (empty, too long, control characters, a character normalisation
 * would replace such as the Kelvin sign), or null when it is not. Judge the name as sent, before
 * any normalisation.
 */
export function malformedUserName(name: string): string | null {
  if (name === '') return 'must not be empty';
  if (name.length > MAX_USER_NAME) return `longer than ${MAX_USER_NAME} characters`;
  if (foldUserName(name).length > MAX_USER_NAME) return `longer than ${MAX_USER_NAME} characters once lower-cased (a letter such as "İ" becomes two)`;
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'must not contain control characters';
  const lookalike = [...name].find(replacedByNormalisation);
  if (lookalike !== undefined) {
    const code = lookalike.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return `must not contain U+${code}, a compatibility character Unicode treats as another letter`;
  }
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
