import { Hono } from 'hono';
import pkg from '../../../package.json' with { type: 'json' };
import { exportLogN, MAX_IMPORT_LOG_N } from '../../../lib/backup/age.ts';
import { previewCounts, MIN_PASSPHRASE_LENGTH } from '../../../lib/backup/export.ts';
import { FORMAT, FORMAT_VERSION } from '../../../lib/backup/format.ts';
import { backupFailures, exportResponse, multipartImportResponse } from '../../../lib/backup/http.ts';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { BACKUP_PATHS } from '../contract.ts';

/** /admin/api/backup: the dashboard's preview, export and streamed multipart import. */
export function backupApiRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get(BACKUP_PATHS.preview, async (c) =>
    c.json({
      counts: await previewCounts(deps),
      format: FORMAT,
      format_version: FORMAT_VERSION,
      service_version: pkg.version,
      exports_enabled: deps.settings.backupExports,
      imports_enabled: deps.settings.backupImports,
      min_passphrase_length: MIN_PASSPHRASE_LENGTH,
      scrypt_log_n: exportLogN(deps.platform),
      max_import_scrypt_log_n: MAX_IMPORT_LOG_N,
    }),
  );
  app.post(BACKUP_PATHS.export, (c) => backupFailures(c, () => exportResponse(c, deps)));
  app.post(BACKUP_PATHS.import, (c) => backupFailures(c, () => multipartImportResponse(c, deps)));
  return app;
}
