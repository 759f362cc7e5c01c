import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../../lib/deps.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { actorName } from '../../lib/auth/principal.ts';
import { listResponse, MAX_RESULTS, serviceProviderConfig, userResourceType, userSchema } from '../../lib/scim/discovery.ts';
import { invalidValue, scimError } from '../../lib/scim/errors.ts';
import { CORE_USER_URN, parseFilter } from '../../lib/scim/filter.ts';
import { applyPatch } from '../../lib/scim/patch.ts';
import { project, readUserBody, toResource } from '../../lib/scim/resource.ts';
import { createScimUser, deleteScimUser, findScimUser, listScimUsers, updateScimUser, type ScimWriter } from '../../lib/scim/users.ts';
import type { User } from '../../lib/db/schema.ts';

type C = Context<AppEnv>;
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** SCIM 2.0 Users (docs/api.md §9), mounted at /scim/v2; the access guard admits only the SCIM token and root. */
export function scimRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const writer = (c: C): ScimWriter => ({
    db: deps.db,
    atomic: deps.atomic,
    dialect: deps.database.dialect,
    now: () => deps.now(),
    actor: actorName(c.get('principal')),
  });

  app.get('/ServiceProviderConfig', (c) => scimJson(c, serviceProviderConfig(baseUrl(c, deps))));
  app.get('/ResourceTypes', (c) => scimJson(c, listResponse([userResourceType(baseUrl(c, deps))], 1, 1)));
  app.get('/ResourceTypes/:id', (c) => {
    if (c.req.param('id') !== 'User') throw notFound(`ResourceType ${c.req.param('id')}`);
    return scimJson(c, userResourceType(baseUrl(c, deps)));
  });
  app.get('/Schemas', (c) => scimJson(c, listResponse([userSchema(baseUrl(c, deps))], 1, 1)));
  app.get('/Schemas/:id', (c) => {
    if (c.req.param('id').toLowerCase() !== CORE_USER_URN.toLowerCase()) throw notFound(`Schema ${c.req.param('id')}`);
    return scimJson(c, userSchema(baseUrl(c, deps)));
  });
  for (const path of ['/ServiceProviderConfig', '/ResourceTypes', '/ResourceTypes/*', '/Schemas', '/Schemas/*']) {
    app.on(WRITES, path, () => {
      throw new ApiError(405, 'method_not_allowed', 'this endpoint is read-only', { headers: { Allow: 'GET' } });
    });
  }

  app.get('/Groups', (c) => scimJson(c, listResponse([], 0, 1)));
  app.get('/Groups/:id', (c) => {
    throw notFound(`Group ${c.req.param('id')}`);
  });
  app.on(WRITES, ['/Groups', '/Groups/*'], () => {
    throw new ApiError(501, 'not_implemented', 'groups are not implemented; group membership is managed outside the service');
  });

  app.get('/Users', async (c) => {
    const q = queryParams(c);
    const filter = q.get('filter');
    const startIndex = Math.max(1, intParam(q.get('startindex'), 'startIndex', 1));
    const count = Math.min(MAX_RESULTS, Math.max(0, intParam(q.get('count'), 'count', 100)));
    const { total, rows } = await listScimUsers(deps.database, filter ? parseFilter(filter) : null, startIndex, count);
    const resources = rows.map((r) => project(toResource(r, baseUrl(c, deps)), q.get('attributes'), q.get('excludedattributes')));
    return scimJson(c, listResponse(resources, total, startIndex));
  });

  app.post('/Users', async (c) => {
    const row = await createScimUser(writer(c), readUserBody(await readBody(c), true));
    const resource = toResource(row, baseUrl(c, deps));
    const location = (resource.meta as { location: string }).location;
    return scimJson(c, respond(c, resource), 201, { Location: location });
  });

  app.get('/Users/:id', async (c) => {
    const row = await findScimUser(deps.db, c.req.param('id'));
    if (!row) throw notFound(`User ${c.req.param('id')}`);
    return scimJson(c, respond(c, toResource(row, baseUrl(c, deps))));
  });

  /** A deactivated user's in-process state is let go of as soon as it is idle. */
  const updated = (c: C, row: User) => {
    if (row.active !== 1) deps.world.release?.(row.user_name_lc);
    return scimJson(c, respond(c, toResource(row, baseUrl(c, deps))));
  };

  app.put('/Users/:id', async (c) => {
    const body = await readBody(c);
    return updated(c, await updateScimUser(writer(c), c.req.param('id'), (current) => readUserBody(body, current.active)));
  });

  app.patch('/Users/:id', async (c) => {
    const body = await readBody(c);
    return updated(c, await updateScimUser(writer(c), c.req.param('id'), (current) => applyPatch(current, body)));
  });

  app.delete('/Users/:id', async (c) => {
    const { userNameLc } = await deleteScimUser(writer(c), c.req.param('id'));
    deps.world.release?.(userNameLc);
    return c.body(null, 204);
  });

  app.on(['PUT', 'PATCH', 'DELETE'], '/Users', () => {
    throw new ApiError(405, 'method_not_allowed', 'use /Users/{id}', { headers: { Allow: 'GET, POST' } });
  });

  return app;
}

function scimJson(c: C, body: unknown, status: 200 | 201 = 200, headers: Record<string, string> = {}) {
  return c.body(JSON.stringify(body), status, { ...headers, 'Content-Type': 'application/scim+json' });
}

/** Where the IdP reaches SCIM: SERVICE_PUBLIC_URL when set (behind a proxy the request URL is the upstream's). */
function baseUrl(c: C, deps: Pick<Deps, 'settings'>): string {
  return `${deps.settings.publicUrl ?? new URL(c.req.url).origin}/scim/v2`;
}

/** Query parameter names compared case-insensitively; the first value wins. */
function queryParams(c: C): { get(name: string): string | undefined } {
  const map = new Map<string, string>();
  for (const [k, v] of new URL(c.req.url).searchParams) if (!map.has(k.toLowerCase())) map.set(k.toLowerCase(), v);
  return { get: (name) => map.get(name) };
}

function intParam(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^[+-]?\d{1,9}$/.test(value.trim())) throw invalidValue(`${name}: must be an integer`);
  return Number(value.trim());
}

function respond(c: C, resource: Record<string, unknown>) {
  const q = queryParams(c);
  return project(resource, q.get('attributes'), q.get('excludedattributes'));
}

/** The body as JSON whatever the Content-Type (Okta sends none in places). */
async function readBody(c: C): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') throw scimError(400, 'invalidSyntax', 'body: is empty');
  try {
    return JSON.parse(text);
  } catch {
    throw scimError(400, 'invalidSyntax', 'body: malformed JSON');
  }
}
