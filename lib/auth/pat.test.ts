import { describe, expect, it } from 'vitest';
import { generatePat, isWellFormedPat, looksLikePat } from './pat.ts';

describe('PAT format', () => {
  it('generates bst_ + 43 base64url + _ + 6 base62 checksum, each unique', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { token, prefix } = generatePat();
      expect(token).toMatch(/^bst_[A-Za-z0-9_-]{43}_[0-9A-Za-z]{6}$/);
      expect(prefix).toBe(token.slice(4, 12));
      expect(isWellFormedPat(token)).toBe(true);
      seen.add(token);
    }
    expect(seen.size).toBe(200);
  });

  it('detects every single-character change of the random part', () => {
    const { token } = generatePat();
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 4; i < 47; i++) {
      const other = alphabet[(alphabet.indexOf(token[i]!) + 1) % alphabet.length]!;
      expect(isWellFormedPat(token.slice(0, i) + other + token.slice(i + 1))).toBe(false);
    }
    expect(isWellFormedPat(token + 'x')).toBe(false);
    expect(isWellFormedPat(token.replace('bst_', 'bsx_'))).toBe(false);
  });

  it('takes anything starting bst_ as an attempt at a PAT, so a malformed one is refused, not tried as another secret', () => {
    expect(looksLikePat('bst_short')).toBe(true);
    expect(looksLikePat('BST_x')).toBe(false);
    expect(looksLikePat('ghp_x')).toBe(false);
  });
});
