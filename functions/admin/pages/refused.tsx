import type { ErrorHandler } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { ApiError } from '../../../lib/errors.ts';
import { Layout, PAGE_HEADERS, viewerOf } from './layout.tsx';

const TITLES: Record<string, string> = {
  '/admin/users': 'Users',
  '/admin/backup': 'Backup',
  '/admin/config': 'Config',
  '/admin/audit': 'Audit log',
};

/**
 * A signed-in user who is not an administrator opening an admin-only page gets the dashboard
 * frame (navigation, who they are) and a plain explanation instead of a bare error; every other
 * error goes to `fallback`.
 */
export function pageRefusals(deps: Deps, fallback: ErrorHandler<AppEnv>): ErrorHandler<AppEnv> {
  return function pageRefusals(err, c) {
    const path = c.req.path.replace(/\/+$/, '');
    const title = TITLES[path];
    if (!(err instanceof ApiError) || err.code !== 'forbidden' || c.req.method !== 'GET' || !title || c.get('principal')?.kind !== 'user') {
      return fallback(err, c);
    }
    const viewer = viewerOf(c, deps);
    return c.html(
      <Layout viewer={viewer} title={title} current={path}>
        <p data-testid="admin-only" role="alert">
          This page is for administrators. You are signed in as <strong>{viewer.userName}</strong>, who is not an administrator of this instance. Ask an
          administrator if you need what is here; your own beliefs, tokens and sessions are on the other pages.
        </p>
      </Layout>,
      403,
      PAGE_HEADERS,
    );
  };
}
