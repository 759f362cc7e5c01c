import { describe, expect, it } from 'vitest';
import { parseFilter, parsePath } from './filter.ts';

/** The error a refused input throws: its scimType and message. */
const refused = (scimType: string, message: string) => expect.objectContaining({ message, extra: { scimType } });

describe('SCIM filters (RFC 7644 §3.4.2.2)', () => {
  it('reads a comparison, the attribute name folded, the value kept as sent', () => {
    expect(parseFilter('userName eq "Alice@Example.com"')).toEqual({ kind: 'compare', attr: 'username', op: 'eq', value: 'Alice@Example.com' });
  });

  it('binds not over and over or, drops the core User URN and reads value paths', () => {
    expect(parseFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "a" and not (active eq false) or emails[type eq "work"].value co "x"')).toEqual({
      kind: 'or',
      left: {
        kind: 'and',
        left: { kind: 'compare', attr: 'username', op: 'sw', value: 'a' },
        right: { kind: 'not', filter: { kind: 'compare', attr: 'active', op: 'eq', value: false } },
      },
      right: {
        kind: 'valuePath',
        attr: 'emails',
        filter: { kind: 'compare', attr: 'type', op: 'eq', value: 'work' },
        then: { kind: 'compare', attr: 'value', op: 'co', value: 'x' },
      },
    });
  });

  it('reads a presence test on a sub-attribute', () => {
    expect(parseFilter('name.givenName pr')).toEqual({ kind: 'present', attr: 'name', sub: 'givenname' });
  });

  it.each([
    ['', 'filter is empty'],
    ['userName eq', 'expected a value at end of input'],
    ['userName zz "a"', 'expected an operator at position 10'],
    ['userName eq "a', 'unterminated string at position 13'],
    [`${'a eq 1 or '.repeat(25)}a eq 1`, 'more than 20 comparisons'],
  ])('refuses %j as invalidFilter: %s', (text, message) => {
    expect(() => parseFilter(text)).toThrow(refused('invalidFilter', message));
  });
});

describe('SCIM PATCH paths (RFC 7644 §3.5.2)', () => {
  it('reads attr.sub, attr[filter].sub and an extension attribute kept whole', () => {
    expect(parsePath('name.familyName')).toEqual({ attr: 'name', sub: 'familyname', extension: false });
    expect(parsePath('emails[type eq "work"].value')).toEqual({
      attr: 'emails',
      sub: 'value',
      extension: false,
      filter: { kind: 'compare', attr: 'type', op: 'eq', value: 'work' },
    });
    expect(parsePath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager')).toEqual({
      attr: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user:manager',
      extension: true,
    });
  });

  it('refuses an unclosed filter as invalidPath naming path', () => {
    expect(() => parsePath('emails[type eq "work"')).toThrow(refused('invalidPath', 'path: missing "]" in "emails[type eq "work""'));
  });
});
