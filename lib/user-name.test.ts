import { describe, expect, it } from 'vitest';
import { archiveOwner, decodeHeaderValue, foldUserName, MAX_OWNER, malformedUserName, reservedUserName } from './user-name.ts';

describe('userName rule', () => {
  it('folds to NFC lower case, one form for composed and decomposed spellings', () => {
    expect(foldUserName('José@Example.COM')).toBe('josé@example.com');
    expect(foldUserName('JOSE\u0301@example.com')).toBe('josé@example.com');
  });

  it('decodes header bytes as UTF-8 and refuses bytes that are not', () => {
    const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
    expect(decodeHeaderValue('plain@example.com')).toBe('plain@example.com');
    expect(decodeHeaderValue(bytes('zoë@example.com'))).toBe('zoë@example.com');
    expect(decodeHeaderValue('\xff\xfe@example.com')).toBeNull();
    expect(decodeHeaderValue('\u0100')).toBeNull();
  });

  it('reserves root in any case and the archive prefix; archive owners can never be userNames', () => {
    for (const name of ['root', 'ROOT', 'rOoT', '~anything']) expect(reservedUserName(name), name).not.toBeNull();
    expect(reservedUserName('rooted@example.com')).toBeNull();
    const archive = archiveOwner('alice@example.com', '0b8f5c1e-0000-4000-8000-000000000000');
    expect(reservedUserName(archive)).not.toBeNull();
    expect(foldUserName(archive)).toBe(archive);
    expect(malformedUserName('')).not.toBeNull();
    expect(malformedUserName('a'.repeat(257))).not.toBeNull();
    expect(malformedUserName('tab\there')).not.toBeNull();
    expect(malformedUserName('alice@example.com')).toBeNull();
  });

  it('bounds a name once folded too ("İ" lower-cases to two characters), so its archive owner fits MAX_OWNER', () => {
    expect(malformedUserName('İ'.repeat(128))).toBeNull();
    expect(malformedUserName('İ'.repeat(129))).toMatch(/lower-cased/);
    expect(archiveOwner(foldUserName('İ'.repeat(128)), '0b8f5c1e-0000-4000-8000-000000000000')).toHaveLength(MAX_OWNER);
  });

  it('keeps a character normalisation would replace (the Kelvin sign) as sent, and refuses it in new names', () => {
    expect(foldUserName('\u212Aim@Example.com')).toBe('\u212Aim@example.com');
    expect(foldUserName('\u212Aim@example.com')).not.toBe(foldUserName('kim@example.com'));
    expect(malformedUserName('\u212Aim@example.com')).toBe('must not contain U+212A, a compatibility character Unicode treats as another letter');
  });
});
