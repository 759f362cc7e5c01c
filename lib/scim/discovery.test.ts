import { describe, expect, it } from 'vitest';
import { CORE_USER_URN } from './filter.ts';
import { listResponse, MAX_RESULTS, serviceProviderConfig, userResourceType, userSchema } from './discovery.ts';

const BASE = 'https://h/scim/v2';

describe('SCIM discovery (RFC 7643 §5–7)', () => {
  it('answers a list with its total, page size and start', () => {
    expect(listResponse([{ id: 'a' }], 5, 3)).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 5,
      itemsPerPage: 1,
      startIndex: 3,
      Resources: [{ id: 'a' }],
    });
  });

  it('claims patch and filter (bounded by MAX_RESULTS) and nothing it does not implement', () => {
    const spc = serviceProviderConfig(BASE);
    expect(spc.patch.supported).toBe(true);
    expect(spc.filter).toEqual({ supported: true, maxResults: MAX_RESULTS });
    for (const feature of [spc.bulk, spc.changePassword, spc.sort, spc.etag]) expect(feature.supported).toBe(false);
    expect(spc.meta.location).toBe(`${BASE}/ServiceProviderConfig`);
  });

  it('describes exactly the User attributes a resource carries, userName required and server-unique', () => {
    const schema = userSchema(BASE);
    expect(schema.id).toBe(CORE_USER_URN);
    expect(userResourceType(BASE)).toMatchObject({ schema: CORE_USER_URN, endpoint: '/Users', meta: { location: `${BASE}/ResourceTypes/User` } });
    expect(schema.attributes.map((a) => a.name)).toEqual(['userName', 'name', 'displayName', 'emails', 'active', 'externalId']);
    expect(schema.attributes[0]).toMatchObject({ required: true, uniqueness: 'server' });
  });
});
