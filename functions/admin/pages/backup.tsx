import type { Context } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import { Layout, PAGE_HEADERS, Status, viewerOf } from './layout.tsx';

export function backupPage(c: Context<AppEnv>) {
  const viewer = viewerOf(c);
  const { settings } = c.get('deps');
  return c.html(
    <Layout viewer={viewer} title="Backup" current="/admin/backup">
      <p>
        A backup is one file encrypted with a passphrase you choose (an <code>age</code> archive). It holds beliefs, the runtime config with
        provider keys, the persona cache and compaction history — never users, sessions, tokens or the master key. Keep the passphrase safe:
        without it the archive cannot be opened.
      </p>
      <section data-testid="backup-export" aria-labelledby="export-title" class="card">
        <h2 id="export-title">Export</h2>
        {settings.backupExports ? (
          <>
            <button type="button" id="backup-preview-button">
              Preview contents
            </button>
            <div data-testid="backup-preview" id="backup-preview" hidden>
              <table>
                <caption>What the archive will contain</caption>
                <thead>
                  <tr>
                    <th scope="col">Records</th>
                    <th scope="col">Count</th>
                  </tr>
                </thead>
                <tbody id="backup-preview-rows"></tbody>
              </table>
              <form id="backup-export-form" class="stack">
                <label>
                  Passphrase (at least 12 characters){' '}
                  <input type="password" name="passphrase" required minlength={12} autocomplete="new-password" />
                </label>
                <label>
                  Repeat passphrase <input type="password" name="confirm" required minlength={12} autocomplete="new-password" />
                </label>
                <button type="submit">Confirm and download</button>
              </form>
            </div>
            <Status id="export-status" />
          </>
        ) : (
          <p>Exports are disabled on this deployment (SERVICE_BACKUP_EXPORTS_ENABLED=false).</p>
        )}
      </section>
      <section data-testid="backup-import" aria-labelledby="import-title" class="card">
        <h2 id="import-title">Import</h2>
        {settings.backupImports ? (
          <>
            <p>Restoring skips beliefs that already exist, so importing the same archive twice is safe.</p>
            <form id="backup-import-form" class="stack">
              <label>
                Archive <input type="file" name="archive" required accept=".bsbk,.age,application/octet-stream" />
              </label>
              <label>
                Passphrase <input type="password" name="passphrase" required autocomplete="current-password" />
              </label>
              <button type="submit">Import</button>
            </form>
            <p id="import-progress-row" hidden>
              <label for="import-progress">Upload</label> <progress id="import-progress" max={100} value={0}></progress>{' '}
              <span id="import-progress-text"></span>
            </p>
            <Status id="import-status" />
            <dl id="import-result" class="facts" data-testid="import-result" hidden></dl>
          </>
        ) : (
          <p>Imports are disabled on this deployment (SERVICE_BACKUP_IMPORTS_ENABLED=false).</p>
        )}
      </section>
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}
