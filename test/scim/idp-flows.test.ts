import { describe, expect, it } from 'vitest';
import { TARGETS, type Target } from '../support/targets.ts';
import { asHeaderUser, filterQuery, fixture, insertPat, patStatus, scim } from './support.ts';
import { useTarget } from '../support/suites.ts';

/** The request sequences Microsoft Entra ID and Okta run, with their real bodies, in order. */
describe.each(TARGETS)('IdP request sequences on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('Microsoft Entra ID: test connection, create, update, deactivate, reactivate, delete, provision again', async () => {
    // Test Connection: a filter on a random GUID must be an empty 200.
    const probe = await scim(t, 'GET', filterQuery('userName eq "7a1e3c52-2d4f-4a6e-9b51-0f3d8c2e9a10"'));
    expect(probe.status).toBe(200);
    expect(probe.type).toMatch(/^application\/scim\+json/);
    expect(probe.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, Resources: [] });

    // Entra looks the user up by userName before creating it.
    expect((await scim(t, 'GET', filterQuery('userName eq "jdoe@example.com"'))).body.totalResults).toBe(0);
    const created = await scim(t, 'POST', '/Users', fixture('entra-create.json'));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.location).toBe(created.body.meta.location);
    expect(created.location).toMatch(new RegExp(`/scim/v2/Users/${id}$`));
    expect(created.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'jdoe@example.com',
      externalId: 'jdoe',
      displayName: 'Jane Doe',
      active: true,
      name: { formatted: 'Jane Doe', familyName: 'Doe', givenName: 'Jane' },
      emails: [{ primary: true, type: 'work', value: 'jdoe@example.com' }],
      meta: { resourceType: 'User' },
    });
    expect(created.body.meta.created).toBeTruthy();
    expect(created.body.meta.lastModified).toBeTruthy();

    // The person signs in through the proxy and creates a PAT.
    const session = await asHeaderUser(t, 'JDoe@Example.com');
    expect(session.status).toBe(200);
    const pat = await insertPat(t, 'jdoe@example.com');
    expect(await patStatus(t, pat)).toBe(200);

    const byName = await scim(t, 'GET', filterQuery('userName eq "jdoe@example.com"'));
    expect(byName.body.totalResults).toBe(1);
    expect(byName.body.Resources[0].id).toBe(id);

    const email = await scim(t, 'PATCH', `/Users/${id}`, fixture('entra-email-path.json'));
    expect(email.status).toBe(200);
    expect(email.body.emails).toEqual([{ primary: true, type: 'work', value: 'jane.doe@example.com' }]);
    const byEmail = await scim(t, 'GET', filterQuery('emails[type eq "work"].value eq "jane.doe@example.com"'));
    expect(byEmail.body.Resources.map((r: { id: string }) => r.id)).toEqual([id]);

    // Path-less replace with dotted names (Entra's SCIM-compliance flag), including active false.
    const multi = await scim(t, 'PATCH', `/Users/${id}`, fixture('entra-update-multi.json'));
    expect(multi.status).toBe(200);
    expect(multi.body).toMatchObject({ displayName: 'Jane Q. Doe', name: { givenName: 'Jane', familyName: 'Doe', formatted: 'Jane Doe' }, active: false });
    expect(await patStatus(t, pat)).toBe(401);
    expect((await asHeaderUser(t, 'jdoe@example.com')).status).toBe(403);

    // Reactivation the way Entra sends it: capitalised op, boolean as a string.
    const back = await scim(t, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(back.status).toBe(200);
    expect(back.body.active).toBe(true);
    expect((await asHeaderUser(t, 'jdoe@example.com')).status).toBe(200);
    expect(await patStatus(t, pat)).toBe(401);

    // Default Entra deactivation: "Replace" / "False".
    const off = await scim(t, 'PATCH', `/Users/${id}`, fixture('entra-deactivate.json'));
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await asHeaderUser(t, 'jdoe@example.com')).status).toBe(403);

    // Deactivated users are still listed and readable.
    expect((await scim(t, 'GET', `/Users/${id}`)).body.active).toBe(false);

    const del = await scim(t, 'DELETE', `/Users/${id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    const gone = await scim(t, 'GET', `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '404' });
    expect((await scim(t, 'GET', filterQuery('userName eq "jdoe@example.com"'))).body.totalResults).toBe(0);
    expect((await asHeaderUser(t, 'jdoe@example.com')).status).toBe(403);

    const again = await scim(t, 'POST', '/Users', fixture('entra-create.json'));
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(id);
    expect((await asHeaderUser(t, 'jdoe@example.com')).status).toBe(200);
    expect(await patStatus(t, pat)).toBe(401);
  });

  it('Okta: lookup, create without Content-Type, import list, PUT deactivation, PUT reactivation, PATCH deactivation', async () => {
    const userName = 'ola.nordmann@example.com';
    const lookup = await scim(t, 'GET', filterQuery(`userName eq "${userName}"`, '&startIndex=1&count=100'));
    expect(lookup.status).toBe(200);
    expect(lookup.body.totalResults).toBe(0);

    const created = await scim(t, 'POST', '/Users', fixture('okta-create.json', { userName }), { contentType: null });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ userName, externalId: '00u1a2b3c4d5e6f7g8h9', displayName: 'Ola Nordmann', active: true });
    expect(created.body).not.toHaveProperty('password');

    const imported = await scim(t, 'GET', '/Users?startIndex=1&count=100');
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ startIndex: 1 });
    expect(imported.body.Resources.map((r: { userName: string }) => r.userName)).toContain(userName);
    const found = await scim(t, 'GET', filterQuery(`userName eq "${userName}"`, '&startIndex=1&count=100'));
    expect(found.body).toMatchObject({ totalResults: 1, itemsPerPage: 1, Resources: [{ id }] });
    expect((await scim(t, 'GET', `/Users/${id}`)).body.userName).toBe(userName);

    expect((await asHeaderUser(t, userName)).status).toBe(200);
    const pat = await insertPat(t, userName);
    expect(await patStatus(t, pat)).toBe(200);

    const put = await scim(t, 'PUT', `/Users/${id}`, fixture('okta-put-deactivate.json', { id, userName }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, active: false, userName });
    expect(await patStatus(t, pat)).toBe(401);
    expect((await asHeaderUser(t, userName)).status).toBe(403);

    const reactivate = { ...fixture('okta-put-deactivate.json', { id, userName }), active: true };
    expect((await scim(t, 'PUT', `/Users/${id}`, reactivate)).body.active).toBe(true);
    expect((await asHeaderUser(t, userName)).status).toBe(200);

    const patch = await scim(t, 'PATCH', `/Users/${id}`, fixture('okta-patch-deactivate.json'));
    expect(patch.status).toBe(200);
    expect(patch.body.active).toBe(false);
    expect((await asHeaderUser(t, userName)).status).toBe(403);
  });
});
