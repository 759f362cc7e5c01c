import { z } from 'zod';
import { DATABASE_URL_EXAMPLE } from './db/database-url.ts';
import { parseNetwork } from './net.ts';
import { foldUserName } from './user-name.ts';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** An IP address, or a host name that is not a malformed dotted IPv4 address. */
function isHost(v: string): boolean {
  if (parseNetwork(v) !== null && !v.includes('/')) return true;
  return HOST_NAME.test(v) && !/^[\d.]+$/.test(v);
}

const bool = (name: string, fallback = true) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** The root and SCIM tokens and the proxy secret: shorter values refuse start-up. */
const MIN_SECRET_LENGTH = 32;

/** The identity header's trusted peers when SERVICE_TRUSTED_PROXIES is unset. */
const LOOPBACK = ['127.0.0.0/8', '::1'];

const positiveInt = (name: string, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n > 0, `${name} must be at least 1`)
    .optional()
    .transform((n) => n ?? fallback);

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * scheme://host/database: which schemes name a database this build opens is the Node adapter's
 * choice (lib/adapters/node/database.ts). The message never repeats the value (it may hold a password).
 */
function isDatabaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.hostname !== '' && /^\/[^/]+$/.test(url.pathname);
  } catch {
    return false;
  }
}

/** Whether the user and password of a URL hold only well-formed percent escapes (the driver decodes them). */
function wellEscaped(value: string): boolean {
  try {
    const url = new URL(value);
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return true;
  } catch {
    return false;
  }
}

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((v) => v >= min && v <= max, `${name} must be a whole number from ${min} to ${max}`);

const schema = z
  .object({
    PORT: z
      .string()
      .regex(/^\d{1,5}$/, 'PORT must be a whole number from 0 to 65535')
      .refine((v) => Number(v) <= 65535, 'PORT must be a whole number from 0 to 65535')
      .default('8787')
      .transform(Number),
    HOST: z.string().refine(isHost, 'HOST must be an IP address or a host name (e.g. 127.0.0.1, 0.0.0.0, ::1, localhost)').default('127.0.0.1'),
    SERVICE_DATA_DIR: z
      .string()
      .refine((v) => !v.includes('\0'), 'SERVICE_DATA_DIR must be a directory path')
      .default('./data'),
    SERVICE_MODE: z.enum(['single', 'teams'], { error: 'SERVICE_MODE must be "single" or "teams"' }).default('single'),
    OIDC_PROXY_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'OIDC_PROXY_HEADER must be a lowercase header name (a-z, 0-9, -)')
      .optional(),
    SERVICE_API_TOKEN: z.string().min(MIN_SECRET_LENGTH, `SERVICE_API_TOKEN must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
    SERVICE_SCIM_TOKEN: z.string().min(MIN_SECRET_LENGTH, `SERVICE_SCIM_TOKEN must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
    SERVICE_SUPER_ADMINS: list,
    SERVICE_TRUSTED_PROXIES: list.superRefine((entries, ctx) => {
      for (const entry of entries.filter((e) => !parseNetwork(e))) {
        ctx.addIssue({ code: 'custom', message: `SERVICE_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range` });
      }
    }),
    SERVICE_ENCRYPTION_KEY: z
      .string()
      .refine((v) => base64Length(v) === 32, 'SERVICE_ENCRYPTION_KEY must be 32 bytes, base64-encoded')
      .optional(),
    SERVICE_BACKUP_EXPORTS_ENABLED: bool('SERVICE_BACKUP_EXPORTS_ENABLED'),
    SERVICE_BACKUP_IMPORTS_ENABLED: bool('SERVICE_BACKUP_IMPORTS_ENABLED'),
    SERVICE_DATABASE_URL: z
      .string()
      .refine(isDatabaseUrl, `SERVICE_DATABASE_URL must be a URL such as ${DATABASE_URL_EXAMPLE}`)
      .refine(wellEscaped, 'SERVICE_DATABASE_URL: the user or password holds a malformed percent escape (write % as %25)')
      .optional(),
    SERVICE_DATABASE_POOL_SIZE: wholeNumber('SERVICE_DATABASE_POOL_SIZE', 1, 1000).optional(),
    SERVICE_PUBLIC_URL: z
      .string()
      .refine(isOrigin, 'SERVICE_PUBLIC_URL must be an origin such as https://memory.example.com (http or https, no path)')
      .transform((v) => new URL(v).origin)
      .optional(),
    SERVICE_SESSION_IDLE_MINUTES: positiveInt('SERVICE_SESSION_IDLE_MINUTES', 720),
    SERVICE_SESSION_MAX_HOURS: positiveInt('SERVICE_SESSION_MAX_HOURS', 168),
    SERVICE_PROXY_SECRET: z.string().min(MIN_SECRET_LENGTH, `SERVICE_PROXY_SECRET must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
    SERVICE_PAT_MAX_DAYS: wholeNumber('SERVICE_PAT_MAX_DAYS', 1, 3650).optional(),
    SERVICE_MAX_PATS_PER_USER: wholeNumber('SERVICE_MAX_PATS_PER_USER', 1, 100_000).optional(),
    SERVICE_RATE_LIMIT_RPM: wholeNumber('SERVICE_RATE_LIMIT_RPM', 1, 1_000_000).optional(),
    SERVICE_METRICS_TOKEN: z.string().min(32, 'SERVICE_METRICS_TOKEN must be at least 32 characters').optional(),
    SERVICE_RUNTIME: z.enum(['node', 'workerd'], { error: 'SERVICE_RUNTIME must be "node" or "workerd"' }).default('node'),
    SERVICE_SERVE_MOVED_SQLITE: bool('SERVICE_SERVE_MOVED_SQLITE', false),
  })
  .superRefine((env, ctx) => {
    if (env.SERVICE_MODE === 'teams' && !env.OIDC_PROXY_HEADER) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_PROXY_HEADER'], message: 'OIDC_PROXY_HEADER is required when SERVICE_MODE=teams' });
    }
    if (env.SERVICE_DATABASE_URL && env.SERVICE_RUNTIME === 'workerd') {
      ctx.addIssue({
        code: 'custom',
        path: ['SERVICE_DATABASE_URL'],
        message: 'SERVICE_DATABASE_URL: PostgreSQL is for SERVICE_RUNTIME=node; workerd keeps its storage under SERVICE_DATA_DIR',
      });
    }
  });

export type Settings = {
  port: number;
  host: string;
  /** As given; the Node adapter resolves, creates and checks it. */
  dataDir: string;
  mode: 'single' | 'teams';
  proxyHeader: string | null;
  rootTokenFromEnv: string | null;
  scimToken: string | null;
  superAdmins: Set<string>;
  trustedProxies: string[];
  encryptionKey: string | null;
  backupExports: boolean;
  backupImports: boolean;
  /** The external origin (`https://host[:port]`), or null when unset. */
  publicUrl: string | null;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** The value the SSO proxy sends as `x-belief-store-proxy-secret`, or null when unset. */
  proxySecret: string | null;
  /** Longest lifetime of a new PAT, in days; null = unlimited. */
  patMaxDays: number | null;
  /** Active (unrevoked, unexpired) PATs one user may hold. */
  maxPatsPerUser: number;
  /** Chat, models and WebSocket upgrade requests per user per minute; null = unlimited. */
  rateLimitRpm: number | null;
  /** Extra bearer accepted on GET /metrics. */
  metricsToken: string | null;
  /** What `npm start` runs the app on: Node itself, or the workerd binary (storage on local disk). */
  runtime: 'node' | 'workerd';
  /** A database server instead of the SQLite file (PostgreSQL): its URL (may hold a password: never log it) and pool size. */
  database: { url: string; poolSize: number } | null;
  /** Serve the SQLite file even though `npm run migrate-to-postgres` marked it as moved (its writes never reach PostgreSQL). */
  serveMovedSqlite: boolean;
};

/** Connections per process to PostgreSQL when SERVICE_DATABASE_POOL_SIZE is unset. */
const DEFAULT_POOL_SIZE = 10;

export class SettingsError extends Error {}

function base64Length(v: string): number {
  try {
    return atob(v.trim()).length;
  } catch {
    return -1;
  }
}

/** Validates the environment once; throws SettingsError naming the first bad variable. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (typeof v === 'string' && v !== '') clean[k] = v;
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const message = issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
    throw new SettingsError(message);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.SERVICE_DATA_DIR,
    mode: e.SERVICE_MODE,
    proxyHeader: e.SERVICE_MODE === 'teams' ? e.OIDC_PROXY_HEADER! : null,
    rootTokenFromEnv: e.SERVICE_API_TOKEN ?? null,
    scimToken: e.SERVICE_MODE === 'teams' ? (e.SERVICE_SCIM_TOKEN ?? null) : null,
    superAdmins: new Set(e.SERVICE_SUPER_ADMINS.map(foldUserName)),
    trustedProxies: e.SERVICE_TRUSTED_PROXIES.length > 0 ? e.SERVICE_TRUSTED_PROXIES : LOOPBACK,
    encryptionKey: e.SERVICE_ENCRYPTION_KEY ?? null,
    backupExports: e.SERVICE_BACKUP_EXPORTS_ENABLED,
    backupImports: e.SERVICE_BACKUP_IMPORTS_ENABLED,
    publicUrl: e.SERVICE_PUBLIC_URL ?? null,
    sessionIdleMs: e.SERVICE_SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SERVICE_SESSION_MAX_HOURS * 3_600_000,
    proxySecret: e.SERVICE_PROXY_SECRET ?? null,
    patMaxDays: e.SERVICE_PAT_MAX_DAYS ?? null,
    maxPatsPerUser: e.SERVICE_MAX_PATS_PER_USER ?? 50,
    rateLimitRpm: e.SERVICE_RATE_LIMIT_RPM ?? null,
    metricsToken: e.SERVICE_METRICS_TOKEN ?? null,
    runtime: e.SERVICE_RUNTIME,
    database: e.SERVICE_DATABASE_URL ? { url: e.SERVICE_DATABASE_URL, poolSize: e.SERVICE_DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE } : null,
    serveMovedSqlite: e.SERVICE_SERVE_MOVED_SQLITE,
  };
}

/**
 * Runtimes that cannot see the socket peer (workerd) can only trust the identity header through
 * the proxy secret, so teams mode there refuses to start without it.
 */
export function requireProxySecret(settings: Settings): void {
  if (settings.mode === 'teams' && !settings.proxySecret) {
    throw new SettingsError('SERVICE_PROXY_SECRET is required when SERVICE_MODE=teams on a runtime that cannot see the client address (workerd)');
  }
}
