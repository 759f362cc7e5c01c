import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Deps } from '../deps.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import type { Principal } from '../ports/principal.ts';
import { type Feature, type Role, routeOf } from '../routes.ts';
import type { RequestHook } from './hooks.ts';

function roleOf(p: Principal): Role | 'pat' | null {
  switch (p.kind) {
    case 'root':
    case 'pat':
    case 'scim':
      return p.kind;
    case 'user':
      return p.admin ? 'admin' : 'user';
    default:
      return null;
  }
}

function featureOn(deps: Pick<Deps, 'settings'>, feature: Feature | undefined): boolean {
  if (feature === 'teams') return deps.settings.mode === 'teams';
  if (feature === 'single') return deps.settings.mode === 'single';
  if (feature === 'scim') return deps.settings.scimToken !== null;
  return true;
}

/** Whether the router holds a handler for the request, beyond the app-wide `use('*')` middleware. */
function mounted(c: Context): boolean {
  return matchedRoutes(c).some((r) => r.method !== 'ALL' || r.path !== '/*');
}

/**
 * The access matrix of docs/api.md §2, read from the route table (lib/routes.ts). PAT scope is an
 * allow-list, the SCIM token is confined to /scim, and a mounted path without a row is for root and
 * super admins only; a path nothing is mounted at is left to the router's 404.
 */
export function access(deps: Deps): RequestHook {
  return {
    before(c) {
      const principal = c.get('principal');
      const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
      const route = routeOf(c);
      if (principal.kind === 'pat' && !route?.pat?.includes(method)) {
        throw forbidden('a personal access token may only call the chat, models and WebSocket routes');
      }
      if (principal.kind === 'scim' && route?.feature !== 'scim') throw forbidden('the SCIM token may only call /scim/v2');
      const role = roleOf(principal);
      if (route === null) {
        if (role === null) throw unauthorized();
        if (role !== 'root' && role !== 'admin' && mounted(c)) throw forbidden();
        return;
      }
      if (route.public) return;
      if (role === null) {
        if (!featureOn(deps, route.feature)) throw notFound();
        if (route.page && method === 'GET') return c.redirect('/admin/login', 302);
        throw unauthorized();
      }
      if (role !== 'pat' && !route.roles.includes(role)) throw forbidden();
      if (!featureOn(deps, route.feature)) throw notFound();
    },
  };
}

/**
 * Runs before identification: SCIM switched off (no SERVICE_SCIM_TOKEN, or single mode) does not
 * exist for anyone, so an IdP pointed at it is told 404 rather than "wrong token".
 */
export function featureGate(deps: Deps): RequestHook {
  const scimOff = !featureOn(deps, 'scim');
  return {
    before(c) {
      if (scimOff && routeOf(c)?.feature === 'scim') throw notFound();
    },
  };
}
