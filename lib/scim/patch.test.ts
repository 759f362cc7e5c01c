import { describe, expect, it } from 'vitest';
import { applyPatch } from './patch.ts';
import type { UserAttrs } from './resource.ts';

const alice: UserAttrs = { userName: 'alice@example.com', active: true, emails: [{ value: 'a@work.example', type: 'work', primary: true }] };
const patch = (...Operations: unknown[]) => applyPatch(alice, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations });

/** The error a refused input throws: its scimType and message. */
const refused = (scimType: string, message: string) => expect.objectContaining({ message, extra: { scimType } });

describe('SCIM PATCH on the stored attributes', () => {
  it('replaces by path, the op in any case, and leaves the current attributes untouched', () => {
    expect(patch({ op: 'Replace', path: 'active', value: false }).active).toBe(false);
    expect(alice.active).toBe(true);
  });

  it('takes a path-less value with dotted names', () => {
    const next = patch({ op: 'replace', value: { 'name.givenName': 'Al', displayName: 'Al B' } });
    expect([next.name, next.displayName]).toEqual([{ givenName: 'Al' }, 'Al B']);
  });

  it('replaces, adds and removes through value-filter paths', () => {
    expect(patch({ op: 'replace', path: 'emails[type eq "work"].value', value: 'new@work.example' }).emails).toEqual([
      { value: 'new@work.example', type: 'work', primary: true },
    ]);
    expect(patch({ op: 'add', path: 'emails[type eq "home"].value', value: 'h@home.example' }).emails).toEqual([
      { value: 'a@work.example', type: 'work', primary: true },
      { value: 'h@home.example', type: 'home' },
    ]);
    expect(patch({ op: 'remove', path: 'emails[type eq "work"]' }).emails).toBeUndefined();
  });

  it('accepts and ignores an extension attribute', () => {
    expect(patch({ op: 'add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager', value: 'x' })).toEqual(alice);
  });

  it.each([
    [[], 'invalidValue', 'Operations: must be a non-empty array'],
    [[{ op: 'move', path: 'active' }], 'invalidSyntax', 'Operations[0].op: must be add, replace or remove'],
    [[{ op: 'remove' }], 'noTarget', 'Operations[0].path: is required for remove'],
    [[{ op: 'replace', path: 'userName', value: 42 }], 'invalidValue', 'userName: must be a string'],
  ])('refuses %j as %s', (operations, scimType, message) => {
    expect(() => patch(...operations)).toThrow(refused(scimType, message));
  });

  it('refuses a body that is not an object', () => {
    expect(() => applyPatch(alice, [])).toThrow(refused('invalidValue', 'body: must be a JSON object'));
  });
});
