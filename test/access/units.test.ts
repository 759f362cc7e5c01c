import { describe, expect, it } from 'vitest';
import { FailureLimiter } from '../../lib/auth/failure-limiter.ts';
import { addressAllowed, clientAddress, parseNetwork } from '../../lib/net.ts';
import { generatePat, isWellFormedPat } from '../../lib/auth/pat.ts';
import { archiveOwner, decodeHeaderValue, foldUserName, malformedUserName, reservedUserName } from '../../lib/user-name.ts';

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
});

describe('failure limiter', () => {
  it('blocks past 30 failures in 60 s and says when to retry', () => {
    const limiter = new FailureLimiter(30, 60_000);
    for (let i = 0; i < 30; i++) limiter.record('a', i * 1000);
    expect(limiter.blockedFor('a', 30_000)).toBe(0);
    limiter.record('a', 30_000);
    expect(limiter.blockedFor('a', 30_000)).toBe(30);
    expect(limiter.blockedFor('b', 30_000)).toBe(0);
    expect(limiter.blockedFor('a', 59_999)).toBe(1);
    expect(limiter.blockedFor('a', 60_000)).toBe(0);
  });
});

describe('trusted proxy matching', () => {
  it.each([
    ['10.1.2.3', ['10.1.0.0/16'], true],
    ['10.2.0.1', ['10.1.0.0/16'], false],
    ['::ffff:127.0.0.1', ['127.0.0.1'], true],
    ['127.0.0.2', ['127.0.0.1'], false],
    ['fd00::5', ['fd00::/8'], true],
    ['fe80::1', ['fd00::/8'], false],
    ['10.0.0.1', ['10.0.0.0/33'], false],
    [null, ['10.0.0.0/8'], false],
    ['not-an-ip', ['10.0.0.0/8'], false],
  ] as const)('%s in %j → %s', (address, list, expected) => {
    expect(addressAllowed(address, list)).toBe(expected);
  });
});

describe('allow-list entries', () => {
  it.each([
    ['10.0.0.1', true],
    ['10.0.0.0/8', true],
    ['0.0.0.0/0', true],
    ['::1', true],
    ['fd00::/8', true],
    ['10.0.0.300', false],
    ['10.0.0.0/33', false],
    ['10.0.0.0/8/1', false],
    ['10.0.0.0/x', false],
    ['10.0.0.0/', false],
    ['fd00::/129', false],
    ['proxy.internal', false],
  ])('%s parses: %s', (entry, valid) => {
    expect(parseNetwork(entry) !== null).toBe(valid);
  });
});

describe('client address for failure counting', () => {
  it('uses the last X-Forwarded-For hop only when the request came through the trusted proxy', () => {
    expect(clientAddress('127.0.0.1', '1.1.1.1, 10.0.0.9', true)).toBe('10.0.0.9');
    expect(clientAddress('127.0.0.2', '10.0.0.9', false)).toBe('127.0.0.2');
    expect(clientAddress('127.0.0.1', undefined, true)).toBe('127.0.0.1');
    expect(clientAddress(null, '10.0.0.9', true)).toBe('10.0.0.9');
    expect(clientAddress(null, '10.0.0.9', false)).toBe('unknown');
  });
});

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
});
