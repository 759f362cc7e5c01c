import { Hono } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { BELIEFS_PAGE, PROVIDER_TEST } from '../contract.ts';
import { auditLogPage } from './audit.tsx';
import { backupPage } from './backup.tsx';
import { beliefDetailPage } from './belief-detail.tsx';
import { beliefsPage } from './beliefs.tsx';
import { configPage } from './config.tsx';
import { injectionPage } from './injections.tsx';
import { loginRoutes } from './login.tsx';
import { overviewPage } from './overview.tsx';
import { RECEIPTS_PAGE, receiptsPage } from './receipt-list.tsx';
import { providerTestRoutes } from './provider-test.ts';
import { settingsPage } from './settings.tsx';
import { usersPage } from './users.tsx';

/** The dashboard (docs/api.md §5; its assets are mounted apart, functions/index.ts). The access guard already limits the admin-only pages to admins. */
export function adminPages(deps: AppDeps) {
  const pages = new Hono<AppEnv>();
  pages.route('/', loginRoutes(deps));
  pages.get('/', (c) => overviewPage(c, deps));
  pages.get('/settings', (c) => settingsPage(c, deps));
  pages.get(BELIEFS_PAGE, (c) => beliefsPage(c, deps));
  pages.get(`${BELIEFS_PAGE}/:id`, (c) => beliefDetailPage(c, deps));
  pages.get('/injections/:id', (c) => injectionPage(c, deps));
  pages.get(RECEIPTS_PAGE, (c) => receiptsPage(c, deps));
  pages.get('/users', (c) => usersPage(c, deps));
  pages.get('/backup', (c) => backupPage(c, deps));
  pages.get('/config', (c) => configPage(c, deps));
  pages.route(PROVIDER_TEST.mount, providerTestRoutes(deps));
  pages.get('/audit', (c) => auditLogPage(c, deps));
  return pages;
}
