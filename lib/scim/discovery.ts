import { CORE_USER_URN } from './filter.ts';

/** RFC 7643 §5–7: what this service implements, and nothing more. */
export const MAX_RESULTS = 200;
const LIST_RESPONSE_URN = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const SPC_URN = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_URN = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_URN = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export function listResponse(resources: unknown[], total: number, startIndex: number): Record<string, unknown> {
  return { schemas: [LIST_RESPONSE_URN], totalResults: total, itemsPerPage: resources.length, startIndex, Resources: resources };
}

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SPC_URN],
    documentationUri: `${base}/ServiceProviderConfig`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'Authorization: Bearer <SERVICE_SCIM_TOKEN>, the token configured on the service',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function userResourceType(base: string) {
  return {
    schemas: [RESOURCE_TYPE_URN],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A person who may sign in through the SSO proxy; userName equals the proxy identity header value',
    schema: CORE_USER_URN,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  };
}

const text = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export function userSchema(base: string) {
  return {
    schemas: [SCHEMA_URN],
    id: CORE_USER_URN,
    name: 'User',
    description: 'User account (the core attributes this service stores; others are accepted and ignored)',
    attributes: [
      text('userName', { required: true, uniqueness: 'server' }),
      {
        name: 'name',
        type: 'complex',
        multiValued: false,
        required: false,
        mutability: 'readWrite',
        returned: 'default',
        subAttributes: ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map((n) => text(n)),
      },
      text('displayName'),
      {
        name: 'emails',
        type: 'complex',
        multiValued: true,
        required: false,
        mutability: 'readWrite',
        returned: 'default',
        subAttributes: [
          text('value'),
          text('display'),
          text('type', { canonicalValues: ['work', 'home', 'other'] }),
          { name: 'primary', type: 'boolean', multiValued: false, required: false, mutability: 'readWrite', returned: 'default' },
        ],
      },
      { name: 'active', type: 'boolean', multiValued: false, required: false, mutability: 'readWrite', returned: 'default' },
      text('externalId', { caseExact: true }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${CORE_USER_URN}` },
  };
}
