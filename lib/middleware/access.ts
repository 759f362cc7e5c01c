import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../deps.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';

/**
 * The access matrix of docs/api.md §2, in one place. PAT scope is an allow-list, so any route added
 * later is closed to PATs by default; the SCIM token is confined to /scim.
 */
const PAT_ALLOWED: ReadonlyArray<readonly [string, RegExp]> = [
  ['POST', /^\/v1\/chat\/completions$/],
  ['POST', /^\/v1\/messages$/],
  ['GET', /^\/v1\/models$/],
  ['GET', /^\/v1\/models\/.+$/],
  ['GET', /^\/v1\/ws\/[^/]+$/],
];

/** The client API every signed-in user and PAT reaches: chat, models and the WebSocket routes. */
export const CLIENT_API = /^\/v1\/(chat\/completions|messages|models(\/.*)?|ws\/.*)$/;

type Role = 'root' | 'user' | 'admin' | 'pat' | 'scim';
type Feature = 'teams' | 'single' | 'scim';

interface Rule {
  path: RegExp;
  roles: readonly Role[];
  feature?: Feature;
  /** HTML page: an anonymous browser is sent to the login page instead of a 401. */
  page?: boolean;
  public?: boolean;
}

const RULES: readonly Rule[] = [
  { path: /^\/healthz$/, roles: [], public: true },
  { path: /^\/(favicon\.ico)?$/, roles: [], public: true },
  { path: /^\/admin\/login$/, roles: [], public: true },
  { path: /^\/admin\/assets\//, roles: [], public: true },
  { path: CLIENT_API, roles: ['root', 'user', 'admin', 'pat'] },
  { path: /^\/v1\/backup(\/.*)?$/, roles: ['root', 'admin'] },
  { path: /^\/admin\/api\/root-token(\/.*)?$/, roles: ['root'], feature: 'single' },
  { path: /^\/admin\/api\/tokens(\/.*)?$/, roles: ['root', 'user', 'admin'], feature: 'teams' },
  { path: /^\/admin\/api\/(me|sessions|beliefs|forget|persona|injections|usage)(\/.*)?$/, roles: ['root', 'user', 'admin'] },
  { path: /^\/metrics$/, roles: ['root', 'admin'] },
  { path: /^\/admin\/api(\/.*)?$/, roles: ['root', 'admin'] },
  { path: /^\/admin\/(users|backup|config|audit)(\/.*)?$/, roles: ['root', 'admin'], page: true },
  { path: /^\/admin(\/.*)?$/, roles: ['root', 'user', 'admin'], page: true },
  { path: /^\/scim(\/.*)?$/, roles: ['root', 'scim'], feature: 'scim' },
  { path: /^/, roles: ['root', 'user', 'admin'] },
];

function roleOf(p: Principal): Role | null {
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

export function access(deps: Deps): MiddlewareHandler<AppEnv> {
  return async function access(c, next) {
    const principal = c.get('principal');
    const path = c.req.path;
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (principal.kind === 'pat' && !PAT_ALLOWED.some(([m, re]) => m === method && re.test(path))) {
      throw forbidden('a personal access token may only call the chat, models and WebSocket routes');
    }
    const rule = RULES.find((r) => r.path.test(path))!;
    if (principal.kind === 'scim' && rule.feature !== 'scim') throw forbidden('the SCIM token may only call /scim/v2');
    if (rule.public) return next();
    const role = roleOf(principal);
    if (role === null) {
      if (!featureOn(deps, rule.feature)) throw notFound();
      if (rule.page && method === 'GET') return c.redirect('/admin/login', 302);
      throw unauthorized();
    }
    if (!rule.roles.includes(role)) throw forbidden();
    if (!featureOn(deps, rule.feature)) throw notFound();
    return next();
  };
}

/**
 * Runs before identification: SCIM switched off (no SERVICE_SCIM_TOKEN, or single mode) does not
 * exist for anyone, so an IdP pointed at it is told 404 rather than "wrong token".
 */
export function featureGate(deps: Deps): MiddlewareHandler<AppEnv> {
  const scimOff = !featureOn(deps, 'scim');
  return async function featureGate(c, next) {
    if (scimOff && /^\/scim(\/|$)/.test(c.req.path)) throw notFound();
    return next();
  };
}
