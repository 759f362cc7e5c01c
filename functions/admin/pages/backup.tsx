import type { Context } from 'hono';
import { maskedConfig } from '../../../lib/stores/config.ts';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { ColumnHeads, Layout, PAGE_HEADERS, Status, viewerOf } from './layout.tsx';

export async function backupPage(c: Context<AppEnv>, deps: Deps) {
  const viewer = viewerOf(c, deps);
  const { settings } = deps;
  const live = await maskedConfig(deps);
  return c.html(
    <Layout viewer={viewer} title="Backup" current="/admin/backup">
      <p>
        A backup is one file encrypted with a passphrase you choose (an <code>age</code> archive). It holds beliefs, the runtime config with provider keys, the
        persona cache and compaction history — never users, sessions, tokens or the master key. Keep the passphrase safe: without it the archive cannot be
        opened.
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
                <ColumnHeads names={['Records', 'Count']} />
                <tbody id="backup-preview-rows"></tbody>
              </table>
              <form id="backup-export-form" class="stack">
                <label>
                  Passphrase (at least 12 characters) <input type="password" name="passphrase" required minlength={12} autocomplete="new-password" />
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
              <fieldset data-testid="replace-config-preview">
                <legend>Runtime config</legend>
                {live.providers.length === 0 ? (
                  <p>No provider is configured here, so the archive's config (providers, models, keys) will be applied.</p>
                ) : (
                  <>
                    <p>
                      Live config now: {live.providers.map((p) => `${p.id} (${p.kind}: ${p.models.join(', ') || 'no models'})`).join('; ')}; default model{' '}
                      {live.default_model ?? 'none'}. It is kept unless you tick the box; ticked, the archive's providers, models, keys, default model,
                      extraction and injection settings replace it.
                    </p>
                    <label>
                      <input type="checkbox" name="replace_config" value="true" data-testid="replace-config" /> Replace the live config with the archive's
                    </label>
                  </>
                )}
              </fieldset>
              <button type="submit">Import</button>
            </form>
            <p id="import-progress-row" hidden>
              <label for="import-progress">Upload</label> <progress id="import-progress" max={100} value={0}></progress> <span id="import-progress-text"></span>
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
