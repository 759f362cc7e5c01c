import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { assetRoutes } from './assets.ts';
import { auditLogPage } from './audit.tsx';
import { backupPage } from './backup.tsx';
import { beliefDetailPage, beliefsPage } from './beliefs.tsx';
import { configPage } from './config.tsx';
import { injectionPage } from './injections.tsx';
import { loginRoutes } from './login.ts';
import { overviewPage } from './overview.tsx';
import { providerTestRoutes } from './provider-test.ts';
import { settingsPage } from './settings.tsx';
import { usersPage } from './users.tsx';

/** The dashboard (docs/api.md §5). The access guard already limits the admin-only pages to admins. */
export function adminPages(_deps: Deps) {
  const pages = new Hono<AppEnv>();
  pages.route('/assets', assetRoutes());
  pages.route('/', loginRoutes());
  pages.get('/', overviewPage);
  pages.get('/settings', settingsPage);
  pages.get('/beliefs', beliefsPage);
  pages.get('/beliefs/:id', beliefDetailPage);
  pages.get('/injections/:id', injectionPage);
  pages.get('/users', usersPage);
  pages.get('/backup', backupPage);
  pages.get('/config', configPage);
  pages.route('/config', providerTestRoutes());
  pages.get('/audit', auditLogPage);
  return pages;
}
