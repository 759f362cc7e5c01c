import type { Context } from 'hono';

export type Role = 'root' | 'admin' | 'user' | 'scim';
export type Feature = 'teams' | 'single' | 'scim';

const MiB = 1024 * 1024;

/** Everything the middleware knows about one route group (docs/api.md §2, §2a, §3, §12). */
export interface Route {
  readonly path: RegExp;
  /** Who may enter; a PAT enters only by `pat`. Root and super admins (`admin`) are listed like anyone. */
  readonly roles: readonly Role[];
  /** The methods a personal access token may call here (HEAD counts as GET); none when absent. */
  readonly pat?: readonly string[];
  /** Exists only while the feature is on, and answers 404 otherwise. */
  readonly feature?: Feature;
  /** Open to anyone, signed in or not. */
  readonly public?: boolean;
  /**
   * A load balancer's probe: no credential it carries is read (never authenticated, so never a
   * 401, nor a database read), the Host check lets it through, and it starts no background work.
   */
  readonly probe?: boolean;
  /**
   * Answered alike for everyone, so no credential it carries is read (never authenticated): the
   * dashboard's stylesheet and script, which also style the page that refuses a deactivated user
   * whose browser still sends the identity header.
   */
  readonly credentialFree?: boolean;
  /** A dashboard page: an anonymous GET is sent to the login page, and an error on GET is an HTML page. */
  readonly page?: boolean;
  /** The request body limit (1 MiB when absent) and what its 413 adds. */
  readonly body?: { readonly max: number; readonly hint?: string };
  /** The shape of error bodies, OpenAI's when absent. */
  readonly errors?: 'anthropic' | 'scim';
  /** Counted by SERVICE_RATE_LIMIT_RPM per user (the client API). */
  readonly rateLimited?: boolean;
  /**
   * `none`: answers no HTML, so its responses are not read for the page headers (the client API);
   * `no-store`: every answer is marked Cache-Control: no-store. HTML answers get the page headers otherwise.
   */
  readonly headers?: 'none' | 'no-store';
}

const SIGNED_IN: readonly Role[] = ['root', 'admin', 'user'];
const ADMINS: readonly Role[] = ['root', 'admin'];
const CHAT_BODY = { max: 32 * MiB };

/**
 * One row per route group, first match wins. A mounted path without a row is for root and super
 * admins only, and so is whatever a prefix row (`/v1/messages/`, `/admin/`) covers beyond the routes listed.
 */
const ROUTES: readonly Route[] = [
  { path: /^\/(healthz|readyz)$/, roles: [], public: true, probe: true },
  { path: /^\/(favicon\.ico)?$/, roles: [], public: true },
  { path: /^\/admin\/login$/, roles: [], public: true, page: true },
  { path: /^\/admin\/assets\//, roles: [], public: true, page: true, credentialFree: true },
  { path: /^\/v1\/chat\/completions$/, roles: SIGNED_IN, pat: ['POST'], body: CHAT_BODY, rateLimited: true, headers: 'none' },
  { path: /^\/v1\/messages$/, roles: SIGNED_IN, pat: ['POST'], body: CHAT_BODY, errors: 'anthropic', rateLimited: true, headers: 'none' },
  // The Anthropic SDK's other routes: nothing is mounted, but its clients are answered in its shape.
  { path: /^\/v1\/messages\//, roles: ADMINS, errors: 'anthropic' },
  { path: /^\/v1\/models(\/.+)?$/, roles: SIGNED_IN, pat: ['GET'], rateLimited: true, headers: 'none' },
  { path: /^\/v1\/ws\/[^/]+$/, roles: SIGNED_IN, pat: ['GET'], rateLimited: true, headers: 'none' },
  {
    path: /^\/v1\/backup\/import$/,
    roles: ADMINS,
    body: { max: 64 * MiB, hint: '; for larger archives use the streamed import on the dashboard (/admin/backup)' },
  },
  { path: /^\/v1\/backup(\/.*)?$/, roles: ADMINS },
  { path: /^\/metrics$/, roles: ADMINS },
  { path: /^\/admin\/api\/root-token(\/.*)?$/, roles: ['root'], feature: 'single', headers: 'no-store' },
  { path: /^\/admin\/api\/tokens(\/.*)?$/, roles: SIGNED_IN, feature: 'teams', headers: 'no-store' },
  { path: /^\/admin\/api\/(me|sessions|beliefs|kinds|forget|persona|injections|usage)(\/.*)?$/, roles: SIGNED_IN, headers: 'no-store' },
  // The streamed multipart import reads its body as it goes, unlimited.
  { path: /^\/admin\/api\/backup\/import$/, roles: ADMINS, body: { max: Number.POSITIVE_INFINITY }, headers: 'no-store' },
  { path: /^\/admin\/api(\/.*)?$/, roles: ADMINS, headers: 'no-store' },
  { path: /^\/admin(\/(beliefs|injections|receipts|settings|logout)(\/.*)?)?$/, roles: SIGNED_IN, page: true },
  { path: /^\/admin\/(users|backup|config|audit)(\/.*)?$/, roles: ADMINS, page: true },
  // Any other dashboard path: answered as a page, entered by admins only.
  { path: /^\/admin\//, roles: ADMINS, page: true },
  { path: /^\/scim(\/.*)?$/, roles: ['root', 'scim'], feature: 'scim', errors: 'scim' },
];

export function routeFor(path: string): Route | null {
  return ROUTES.find((r) => r.path.test(path)) ?? null;
}

const looked = new WeakMap<Context, Route | null>();

/** The request's row, looked up once and kept for the other middleware. */
export function routeOf(c: Context): Route | null {
  let route = looked.get(c);
  if (route === undefined) {
    route = routeFor(c.req.path);
    looked.set(c, route);
  }
  return route;
}
