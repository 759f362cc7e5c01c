import { base64url, randomBytes } from '../crypto.ts';

/** Personal Access Token format: `bst_` + 43 base64url chars + `_` + 6-char base62 CRC32 of them. */
const PAT_RE = /^bst_([A-Za-z0-9_-]{43})_([0-9A-Za-z]{6})$/;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checksum(random: string): string {
  let n = crc32(random);
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function generatePat(): { token: string; prefix: string } {
  const random = base64url(randomBytes(32));
  return { token: `bst_${random}_${checksum(random)}`, prefix: random.slice(0, 8) };
}

/** True when the value has the PAT shape and a matching checksum (no database needed). */
export function isWellFormedPat(value: string): boolean {
  const m = PAT_RE.exec(value);
  return m !== null && checksum(m[1]!) === m[2];
}

/** Looks like an attempt at a PAT (so a malformed one is refused rather than tried as another secret). */
export function looksLikePat(value: string): boolean {
  return value.startsWith('bst_');
}
