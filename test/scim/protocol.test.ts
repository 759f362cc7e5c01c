import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, singleEnv, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { filterQuery, fixture, insertPat, scim, snapshot } from './support.ts';
import { useTarget } from '../support/suites.ts';
import { as } from '../support/as.ts';

const ERROR_URN = 'urn:ietf:params:scim:api:messages:2.0:Error';

describe.each(TARGETS)('SCIM protocol on %s', (kind) => {
  let t: Target;
  let id: string;
  useTarget(kind, (s) => (t = s));
  beforeAll(async () => {
    const res = await scim(t, 'POST', '/Users', fixture('entra-create.json'));
    id = res.body.id;
  });

  describe('discovery', () => {
    it('ServiceProviderConfig describes what is implemented', async () => {
      const res = await scim(t, 'GET', '/ServiceProviderConfig');
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^application\/scim\+json/);
      expect(res.body).toMatchObject({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        patch: { supported: true },
        bulk: { supported: false },
        filter: { supported: true, maxResults: expect.any(Number) },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
      });
      expect(res.body.authenticationSchemes[0]).toMatchObject({ type: 'oauthbearertoken', description: expect.any(String) });
    });

    it('ResourceTypes and Schemas list the User resource only', async () => {
      const types = await scim(t, 'GET', '/ResourceTypes');
      expect(types.body).toMatchObject({
        totalResults: 1,
        Resources: [{ id: 'User', endpoint: '/Users', schema: 'urn:ietf:params:scim:schemas:core:2.0:User' }],
      });
      expect((await scim(t, 'GET', '/ResourceTypes/User')).body.id).toBe('User');
      const schemas = await scim(t, 'GET', '/Schemas');
      expect(schemas.body.Resources[0].id).toBe('urn:ietf:params:scim:schemas:core:2.0:User');
      const names = schemas.body.Resources[0].attributes.map((a: { name: string }) => a.name);
      expect(names).toEqual(expect.arrayContaining(['userName', 'name', 'displayName', 'emails', 'active', 'externalId']));
      expect((await scim(t, 'GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User')).status).toBe(200);
      expect((await scim(t, 'GET', '/Schemas/urn:nope')).status).toBe(404);
    });

    it.each([
      ['POST', '/ServiceProviderConfig'],
      ['PUT', '/ResourceTypes'],
      ['DELETE', '/Schemas'],
      ['PATCH', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User'],
    ])('%s %s is 405', async (method, path) => {
      const res = await scim(t, method, path, {});
      expect(res.status).toBe(405);
      expect(res.body).toMatchObject({ schemas: [ERROR_URN], status: '405' });
    });

    it('Groups: an empty list; writes are 501', async () => {
      const list = await scim(t, 'GET', '/Groups');
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ totalResults: 0, Resources: [] });
      for (const [method, path] of [
        ['POST', '/Groups'],
        ['PATCH', '/Groups/abc'],
        ['PUT', '/Groups/abc'],
        ['DELETE', '/Groups/abc'],
      ] as const) {
        const res = await scim(t, method, path, { displayName: 'Engineering' });
        expect(res.status).toBe(501);
        expect(res.body).toMatchObject({ schemas: [ERROR_URN], status: '501' });
      }
    });
  });

  describe('resources', () => {
    it('attribute names are case-insensitive on input; values are stored and returned as sent', async () => {
      const res = await scim(t, 'POST', '/Users', {
        Schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        UserName: 'Case.Person@Example.com',
        DisplayName: 'Case Person',
        NAME: { GivenName: 'Case', familyname: 'Person' },
        Emails: [{ Value: 'case@example.com', Primary: 'True', TYPE: 'work' }],
        Active: 'true',
        roles: [{ value: 'admin' }],
        locale: 'nb-NO',
        password: 'secret-ignored',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        userName: 'Case.Person@Example.com',
        displayName: 'Case Person',
        name: { givenName: 'Case', familyName: 'Person' },
        emails: [{ value: 'case@example.com', primary: true, type: 'work' }],
        active: true,
      });
      expect(JSON.stringify(res.body)).not.toContain('secret-ignored');
      const got = await scim(t, 'GET', `/Users/${res.body.id}`);
      expect(got.body).toEqual(res.body);
    });

    it('attributes and excludedAttributes shape the response; id and schemas always come back', async () => {
      const only = await scim(t, 'GET', `/Users/${id}?attributes=USERNAME,name.givenName`);
      expect(only.body).toEqual({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], id, userName: 'jdoe@example.com', name: { givenName: 'Jane' } });
      const without = await scim(t, 'GET', `/Users/${id}?excludedAttributes=emails,name.formatted,id`);
      expect(without.body.id).toBe(id);
      expect(without.body).not.toHaveProperty('emails');
      expect(without.body.name).toEqual({ familyName: 'Doe', givenName: 'Jane' });
      const list = await scim(t, 'GET', `${filterQuery('userName eq "jdoe@example.com"')}&attributes=emails.value`);
      expect(list.body.Resources).toEqual([{ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], id, emails: [{ value: 'jdoe@example.com' }] }]);
    });

    it('lists in a stable order with startIndex and count', async () => {
      for (const n of [1, 2, 3]) await scim(t, 'POST', '/Users', fixture('okta-create.json', { userName: `page${n}@example.com` }));
      const filter = filterQuery('userName sw "page"');
      const first = await scim(t, 'GET', `${filter}&startIndex=1&count=2`);
      expect(first.body).toMatchObject({ totalResults: 3, itemsPerPage: 2, startIndex: 1 });
      const second = await scim(t, 'GET', `${filter}&startIndex=3&count=2`);
      expect(second.body).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 3 });
      const names = [...first.body.Resources, ...second.body.Resources].map((r: { userName: string }) => r.userName);
      expect(names).toEqual(['page1@example.com', 'page2@example.com', 'page3@example.com']);
      expect((await scim(t, 'GET', `${filter}&count=0`)).body).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
      expect((await scim(t, 'GET', `${filter}&startIndex=0`)).body).toMatchObject({ startIndex: 1, itemsPerPage: 3 });
    });

    it('unknown ids are 404 SCIM errors for every method', async () => {
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
        const body = method === 'PUT' ? { userName: 'x@example.com' } : method === 'PATCH' ? fixture('okta-patch-deactivate.json') : undefined;
        const res = await scim(t, method, '/Users/00000000-0000-0000-0000-000000000000', body);
        expect(res.status).toBe(404);
        expect(res.type).toMatch(/^application\/scim\+json/);
        expect(res.body).toMatchObject({ schemas: [ERROR_URN], status: '404' });
      }
    });

    it('extension attributes and unknown paths real IdPs send are accepted and ignored', async () => {
      const res = await scim(t, 'PATCH', `/Users/${id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Ops' },
          { op: 'Replace', path: 'roles', value: [{ value: 'x' }] },
          { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '+47 1234' },
          { op: 'replace', value: { 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { manager: 'm' }, title: 'Boss' } },
          { op: 'add', path: 'emails', value: [{ value: 'jd@home.example', type: 'home' }] },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.emails.map((e: { value: string }) => e.value)).toEqual(['jdoe@example.com', 'jd@home.example']);
    });
  });

  describe('hostile input changes nothing', () => {
    const refused = async (status: number, scimType: string | undefined, call: () => ReturnType<typeof scim>) => {
      const before = await snapshot(t);
      const res = await call();
      expect(res.status).toBe(status);
      expect(res.type).toMatch(/^application\/scim\+json/);
      expect(res.body).toMatchObject({ schemas: [ERROR_URN], status: String(status) });
      if (scimType) expect(res.body.scimType).toBe(scimType);
      expect(await snapshot(t)).toEqual(before);
      return res;
    };

    it.each([
      'userName eq',
      'userName eq "x" or',
      '"; DROP TABLE users; --',
      'userName eq "x"; DELETE FROM users',
      "userName eq 'x'",
      'title eq "x"',
      'emails[type eq "work"',
      'userName gt 5',
    ])('filter %j → 400 invalidFilter', async (filter) => {
      await refused(400, 'invalidFilter', () => scim(t, 'GET', filterQuery(filter)));
    });

    it('the largest accepted filter runs (bound parameters stay within D1 limits)', async () => {
      const big = Array.from({ length: 9 }, (_, i) => `not (emails[type sw "w${i}"].value ew "@x${i}")`).join(' and ');
      const res = await scim(t, 'GET', filterQuery(`${big} and name.givenName sw "Jan"`, '&startIndex=2&count=5'));
      expect(res.status).toBe(200);
      expect(res.body.totalResults).toBe(1);
    });

    it('injection attempts inside filter values are only values', async () => {
      for (const value of [`x" or "1"="1`, "x' OR '1'='1", 'x%" or userName pr or "', String.raw`\" or 1=1 --`]) {
        const res = await scim(t, 'GET', filterQuery(`userName eq ${JSON.stringify(value)}`));
        expect(res.status).toBe(200);
        expect(res.body.totalResults).toBe(0);
      }
      expect((await scim(t, 'GET', filterQuery('userName co "%"'))).body.totalResults).toBe(0);
      expect((await scim(t, 'GET', filterQuery('userName co "_"'))).body.totalResults).toBe(0);
    });

    it.each([
      ['a missing userName', { displayName: 'Nobody' }, 'invalidValue'],
      ['an empty userName', { userName: '  ' }, 'invalidValue'],
      ['a numeric userName', { userName: 42 }, 'invalidValue'],
      ['active "yes"', { userName: 'yes@example.com', active: 'yes' }, 'invalidValue'],
      ['emails as a string', { userName: 'e@example.com', emails: 'e@example.com' }, 'invalidValue'],
      ['an email without value', { userName: 'e@example.com', emails: [{ type: 'work' }] }, 'invalidValue'],
      ['name as a number', { userName: 'n@example.com', name: 5 }, 'invalidValue'],
      ['an array body', [{ userName: 'a@example.com' }], 'invalidValue'],
      ['malformed JSON', '{"userName": "x@example.com",', 'invalidSyntax'],
      ['an empty body', '', 'invalidSyntax'],
    ])('POST with %s → 400', async (_, body, scimType) => {
      await refused(400, scimType, () => scim(t, 'POST', '/Users', body));
    });

    it.each([
      ['active "maybe"', [{ op: 'Replace', path: 'active', value: 'maybe' }], 'invalidValue'],
      ['active 0', [{ op: 'replace', value: { active: 0 } }], 'invalidValue'],
      ['an unknown op', [{ op: 'frobnicate', path: 'displayName', value: 'x' }], 'invalidSyntax'],
      ['a malformed path', [{ op: 'replace', path: 'emails[type eq "work"', value: 'x' }], 'invalidPath'],
      ['remove without a path', [{ op: 'remove' }], 'noTarget'],
      ['removing userName', [{ op: 'remove', path: 'userName' }], 'invalidValue'],
      [
        'a valid op followed by a bad one',
        [
          { op: 'replace', path: 'displayName', value: 'Changed' },
          { op: 'replace', path: 'active', value: 'nope' },
        ],
        'invalidValue',
      ],
      ['a displayName object', [{ op: 'replace', path: 'displayName', value: { x: 1 } }], 'invalidValue'],
    ])('PATCH with %s → 400', async (_, operations, scimType) => {
      await refused(400, scimType, () =>
        scim(t, 'PATCH', `/Users/${id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: operations }),
      );
    });

    it('PATCH without Operations and PUT without userName → 400', async () => {
      await refused(400, 'invalidValue', () => scim(t, 'PATCH', `/Users/${id}`, { schemas: [] }));
      await refused(400, 'invalidValue', () => scim(t, 'PUT', `/Users/${id}`, { displayName: 'No Name', active: false }));
    });

    it('a duplicate userName in any case → 409 uniqueness', async () => {
      await refused(409, 'uniqueness', () => scim(t, 'POST', '/Users', { ...fixture('entra-create.json'), userName: 'JDOE@example.COM' }));
    });

    it('non-integer startIndex or count → 400', async () => {
      await refused(400, 'invalidValue', () => scim(t, 'GET', '/Users?startIndex=abc'));
      await refused(400, 'invalidValue', () => scim(t, 'GET', '/Users?count=1.5'));
    });

    it('a body over 1 MiB, with or without Content-Length → 413 SCIM error', async () => {
      const big = { ...fixture('okta-create.json', { userName: 'big@example.com' }), displayName: 'x'.repeat(1024 * 1024 + 10) };
      const length = String(new TextEncoder().encode(JSON.stringify(big)).length);
      await refused(413, undefined, () => scim(t, 'POST', '/Users', big, { inPieces: true, headers: { 'content-length': length } }));
      await refused(413, undefined, () => scim(t, 'POST', '/Users', big, { inPieces: true }));
      const patch = { Operations: [{ op: 'replace', path: 'displayName', value: 'y'.repeat(1100 * 1024) }] };
      await refused(413, undefined, () => scim(t, 'PATCH', `/Users/${id}`, patch, { inPieces: true }));
    });
  });

  describe('credentials', () => {
    it('a missing or wrong SCIM token → 401 SCIM error', async () => {
      for (const token of [null, 'wrong-token-0123456789abcdef']) {
        const res = await scim(t, 'GET', '/Users', undefined, { token });
        expect(res.status).toBe(401);
        expect(res.type).toMatch(/^application\/scim\+json/);
        expect(res.body).toMatchObject({ schemas: [ERROR_URN], status: '401' });
      }
    });

    it('a PAT or a signed-in user (even a super admin) → 403; root is allowed', async () => {
      const pat = await insertPat(t, 'jdoe@example.com');
      expect((await scim(t, 'GET', '/Users', undefined, { token: pat })).status).toBe(403);
      for (const user of ['jdoe@example.com', 'boss@example.com']) {
        const res = await scim(t, 'GET', '/Users', undefined, { token: null, headers: as.user(user) });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ schemas: [ERROR_URN], status: '403' });
      }
      expect((await scim(t, 'GET', '/Users', undefined, { token: ROOT_TOKEN })).status).toBe(200);
    });
  });
});

describe.each(TARGETS)('SCIM disabled on %s', (kind) => {
  it.each([
    ['single mode', singleEnv({ SERVICE_SCIM_TOKEN: 'scim-token-for-tests-0123456789abcdef' })],
    ['teams mode without SERVICE_SCIM_TOKEN', teamsEnv({ SERVICE_SCIM_TOKEN: '' })],
  ])('%s → 404', async (_, env) => {
    const t = await startTarget(kind, env);
    try {
      for (const token of [null, ROOT_TOKEN, 'scim-token-for-tests-0123456789abcdef']) {
        const res = await scim(t, 'GET', '/Users', undefined, { token });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ schemas: [ERROR_URN], status: '404' });
      }
    } finally {
      await t.stop();
    }
  });
});
