import { describe, expect, it } from 'vitest';
import type { User } from '../db/schema.ts';
import { canonical, NAME_KEYS, project, readUserBody, toBoolean, toEmails, toResource } from './resource.ts';

/** The error a refused input throws: its scimType and message. */
const invalid = (message: string) => expect.objectContaining({ message, extra: { scimType: 'invalidValue' } });
const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (err) {
    return err;
  }
  return 'accepted';
};

describe('SCIM User attributes (RFC 7643)', () => {
  it('reads booleans and Entra’s "True"/"False" strings, nothing else', () => {
    expect([true, false, 'True', ' FALSE '].map((v) => toBoolean(v, 'active'))).toEqual([true, false, true, false]);
    expect(refusal(() => toBoolean('yes', 'active'))).toEqual(invalid('active: must be a boolean (true or false)'));
  });

  it('reads a body with names in any case, keeps what it stores and ignores the rest', () => {
    const attrs = readUserBody(
      { USERNAME: ' Alice@Example.com ', Name: { GivenName: 'Alice', nickName: 'Al' }, emails: { value: 'a@x', Primary: 'true' }, roles: ['x'] },
      true,
    );
    expect(attrs).toEqual({ userName: 'Alice@Example.com', active: true, name: { givenName: 'Alice' }, emails: [{ value: 'a@x', primary: true }] });
    expect(readUserBody({ userName: 'b', active: 'False', displayName: null }, true)).toEqual({ userName: 'b', active: false });
  });

  it.each([
    [[], 'body: must be a JSON object'],
    [{}, 'userName: is required'],
    [{ userName: 7 }, 'userName: must be a string'],
    [{ userName: 'ROOT' }, 'userName: "root" is reserved for the root token'],
    [{ userName: 'a', displayName: 'x'.repeat(1025) }, 'displayName: longer than 1024 characters'],
    [{ userName: 'a', name: 'Alice' }, 'name: must be an object'],
    [{ userName: 'a', emails: [{ type: 'work' }] }, 'emails[0].value: is required'],
  ])('refuses %j: %s', (body, message) => {
    expect(refusal(() => readUserBody(body, true))).toEqual(invalid(message));
  });

  it('bounds the number of emails', () => {
    expect(toEmails([])).toBeUndefined();
    expect(refusal(() => toEmails(Array.from({ length: 101 }, () => ({ value: 'a' }))))).toEqual(invalid('emails: more than 100 values'));
    expect(canonical(NAME_KEYS, 'FAMILYNAME')).toBe('familyName');
  });
});

describe('the User resource as returned', () => {
  const row = {
    scim_id: 's1',
    user_name: 'alice',
    active: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    scim_resource: JSON.stringify({
      userName: 'Alice',
      created: '2025-12-31T00:00:00.000Z',
      name: { givenName: 'A', familyName: 'L' },
      emails: [{ value: 'a@x', type: 'work' }],
    }),
  } as User;
  const resource = toResource(row, 'https://h/scim/v2');

  it('shows the name as the IdP sent it, active from the row, and meta', () => {
    expect(resource).toMatchObject({ id: 's1', userName: 'Alice', active: false });
    expect(resource.meta).toEqual({
      resourceType: 'User',
      created: '2025-12-31T00:00:00.000Z',
      lastModified: row.updated_at,
      location: 'https://h/scim/v2/Users/s1',
    });
  });

  it('projects attributes and excludedAttributes, always keeping schemas and id', () => {
    expect(project(resource, 'urn:ietf:params:scim:schemas:core:2.0:User:USERNAME, name.givenName, emails.type', undefined)).toEqual({
      schemas: resource.schemas,
      id: 's1',
      userName: 'Alice',
      name: { givenName: 'A' },
      emails: [{ type: 'work' }],
    });
    const excluded = project(resource, undefined, 'id,meta,name.familyName,emails.value');
    expect(excluded).toMatchObject({ id: 's1', name: { givenName: 'A' }, emails: [{ type: 'work' }] });
    expect(excluded).not.toHaveProperty('meta');
    expect(project(resource, undefined, undefined)).toBe(resource);
  });
});
