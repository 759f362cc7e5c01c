import { describe, expect, it } from 'vitest';
import { addressAllowed, clientAddress, parseNetwork } from './net.ts';

describe('allow-lists of IPs and CIDRs', () => {
  it('matches an IPv4 peer against addresses and ranges', () => {
    expect(addressAllowed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('10.1.2.3', ['10.1.2.3'])).toBe(true);
    expect(addressAllowed('11.1.2.3', ['10.0.0.0/8', '127.0.0.1'])).toBe(false);
  });

  it('matches IPv6, and an IPv4-mapped peer as its IPv4 address', () => {
    expect(addressAllowed('::1', ['127.0.0.0/8', '::1'])).toBe(true);
    expect(addressAllowed('fd00::5', ['fd00::/8'])).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(addressAllowed('::ffff:10.0.0.1', ['127.0.0.0/8'])).toBe(false);
  });

  it('admits nothing for a missing or malformed peer, nor through a malformed entry', () => {
    expect(addressAllowed(null, ['0.0.0.0/0'])).toBe(false);
    expect(addressAllowed('not-an-ip', ['0.0.0.0/0'])).toBe(false);
    expect(addressAllowed('127.1', ['127.0.0.0/8'])).toBe(false);
    expect(addressAllowed('fe80::1%eth0', ['fe80::/10'])).toBe(false);
    expect(addressAllowed('10.0.0.1', ['10.0.0.0/33', '10.0.0.0/8/1', '10.0.0.0/x'])).toBe(false);
  });

  it('reads an entry as an address and prefix length, or null', () => {
    expect(parseNetwork('192.168.0.0/16')?.[1]).toBe(16);
    expect(parseNetwork('192.168.0.1')?.[1]).toBe(32);
    expect(parseNetwork('::1')?.[1]).toBe(128);
    expect(parseNetwork('::/129')).toBeNull();
    expect(parseNetwork('example.com')).toBeNull();
  });
});

describe('the client address for per-client limits', () => {
  it('is the socket peer unless the request came through the trusted proxy', () => {
    expect(clientAddress('10.0.0.9', '203.0.113.7', false)).toBe('10.0.0.9');
    expect(clientAddress(null, undefined, false)).toBe('unknown');
  });

  it('through the trusted proxy, is the last X-Forwarded-For hop (the one the proxy wrote)', () => {
    expect(clientAddress('10.0.0.9', '198.51.100.1, 203.0.113.7', true)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.9', ' ', true)).toBe('10.0.0.9');
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
