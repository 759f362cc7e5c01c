import { Hono } from 'hono';
import { backupFailures, exportResponse, jsonImportResponse } from '../../lib/backup/http.ts';
import type { AppEnv, Deps } from '../../lib/deps.ts';

/** /v1/backup: export and import of the age-encrypted archive (docs/api.md §10); root and super admins only. */
export function backupRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/export', (c) => backupFailures(c, () => exportResponse(c, deps)));
  app.post('/import', (c) => backupFailures(c, () => jsonImportResponse(c, deps)));
  return app;
}
