/**
 * Paths and answer shapes of the admin API and the dashboard, shared by the routes and by the
 * dashboard's script (client/), into which this file is bundled: it imports nothing.
 */

export const ADMIN_API = '/admin/api';

/** Where each resource of the admin API is mounted under ADMIN_API. */
export const API_MOUNTS = {
  me: '/me',
  tokens: '/tokens',
  sessions: '/sessions',
  users: '/users',
  audit: '/audit',
  config: '/config',
  rootToken: '/root-token',
  backup: '/backup',
  beliefs: '/beliefs',
  kinds: '/kinds',
  forget: '/forget',
  persona: '/persona',
  injections: '/injections',
  compaction: '/compaction',
  usage: '/usage',
  embeddings: '/embeddings',
} as const;

type ApiResource = keyof typeof API_MOUNTS;

/** Under API_MOUNTS.beliefs, after a belief's id. */
export const BELIEF_RETRACT = '/retract';

/** Under API_MOUNTS.rootToken. */
export const ROOT_TOKEN_ROTATE = '/rotate';

/** Under API_MOUNTS.backup. */
export const BACKUP_PATHS = { preview: '/preview', export: '/export', import: '/import' } as const;

/** `/admin/api/<resource>`, or one item of it: `/admin/api/<resource>/<id>` with the id URL-encoded. */
export function apiPath(resource: ApiResource, id?: string): string {
  const base = `${ADMIN_API}${API_MOUNTS[resource]}`;
  return id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
}

export const DASHBOARD = '/admin';
export const BELIEFS_PAGE = '/beliefs';
export const PROVIDER_TEST = { mount: '/config', path: '/test-connection' } as const;
export const ASSETS = '/assets';

/** POST /admin/api/tokens: the only answer that shows the token. */
export interface CreatedToken {
  id: string;
  name: string;
  token: string;
  token_prefix: string;
  created_at: string;
  expires_at: string | null;
  scope: string | null;
}

/** POST /admin/config/test-connection. */
export interface ConnectionResult {
  ok: boolean;
  status: number | null;
  message: string;
  models: number | null;
}

/** How the pages show a moment: `2026-11-24 08:30:00Z`. */
export function shownTime(at: string): string {
  return at.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

/** How the pages show a personal access token: its public prefix. */
export function tokenHint(prefix: string): string {
  return `bst_${prefix}\u2026`;
}
