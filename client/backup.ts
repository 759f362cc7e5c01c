/** Backup page: preview, export (downloaded from the response) and streamed import with upload progress. */
import { apiPath, BACKUP_PATHS } from '../functions/admin/contract.ts';
import type { BackupErrorCode } from '../lib/backup/errors.ts';
import type { ImportResult } from '../lib/backup/result.ts';
import { api, errorCode, errorText, parsed } from './api.ts';
import { $, cell, checkbox, el, field, fieldOf, messageOf, must, say, submitButton, withButton } from './dom.ts';

const backupPath = (path: string) => `${apiPath('backup')}${path}`;

export async function backupPreview(): Promise<void> {
  try {
    const p = await api<{ counts?: Record<string, unknown> } | null>('GET', backupPath(BACKUP_PATHS.preview));
    const counts = p && typeof p.counts === 'object' ? p.counts : p;
    const body = must('#backup-preview-rows');
    body.textContent = '';
    for (const [name, value] of Object.entries(counts ?? {})) {
      if (typeof value !== 'number' && typeof value !== 'boolean') continue;
      const tr = el('tr');
      cell(tr, name.replace(/_/g, ' '));
      cell(tr, String(value));
      body.appendChild(tr);
    }
    must('#backup-preview').hidden = false;
    must<HTMLInputElement>('#backup-export-form [name=passphrase]').focus();
    say('export-status', 'Check the contents, choose a passphrase, then confirm.');
  } catch (e) {
    say('export-status', messageOf(e), true);
  }
}

const KEEP_DOWNLOAD_URL_MS = 60_000;

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = el('a', '', { href: url, download: fileName });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_DOWNLOAD_URL_MS);
}

export function exportForm(): void {
  const form = $<HTMLFormElement>('#backup-export-form');
  if (!form) return;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const passphrase = field(form, 'passphrase').value;
    if (passphrase !== field(form, 'confirm').value) {
      say('export-status', 'The passphrases do not match.', true);
      return;
    }
    void withButton(submitButton(form), async () => {
      say('export-status', 'Encrypting the archive\u2026');
      try {
        const res = await fetch(backupPath(BACKUP_PATHS.export), {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ passphrase }),
        });
        if (!res.ok) {
          const data: unknown = await res.json().catch(() => null);
          throw new Error(errorText(res.status, data));
        }
        const blob = await res.blob();
        const m = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '');
        download(blob, m ? m[1]! : 'belief-store.bsbk');
        form.reset();
        say('export-status', `Archive downloaded (${blob.size} bytes). Keep the passphrase somewhere safe.`);
      } catch (e) {
        say('export-status', messageOf(e), true);
      }
    });
  });
}

const IMPORT_ERRORS: Partial<Record<BackupErrorCode, string>> = {
  bad_passphrase: 'Wrong passphrase: the archive could not be decrypted with it. Nothing was imported.',
  corrupt_archive: 'The archive is corrupt, truncated or was modified. Nothing was imported.',
  unsupported_version: 'This archive was made by a newer, unsupported format version. Nothing was imported.',
};

const RESULT_LABELS: ReadonlyArray<[keyof ImportResult, string]> = [
  ['beliefs_imported', 'Beliefs imported'],
  ['beliefs_skipped', 'Beliefs skipped (already present)'],
  ['compaction_entries_imported', 'Compaction entries imported'],
  ['persona_restored', 'Persona restored'],
  ['config_restored', 'Config restored'],
];

function showResult(list: HTMLElement, result: ImportResult): void {
  list.textContent = '';
  for (const [name, label] of RESULT_LABELS) {
    const value = result[name];
    list.appendChild(el('dt', label));
    list.appendChild(el('dd', typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value), { 'data-field': name }));
  }
  list.hidden = false;
}

/**
 * Uploads with XMLHttpRequest, whose upload progress fetch does not report. The passphrase goes
 * first so the server can decrypt the archive as it reads it.
 */
export function importForm(): void {
  const form = $<HTMLFormElement>('#backup-import-form');
  if (!form) return;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const file = (field(form, 'archive') as HTMLInputElement).files?.[0];
    if (!file) {
      say('import-status', 'Choose an archive file first.', true);
      return;
    }
    const fd = new FormData();
    fd.append('passphrase', field(form, 'passphrase').value);
    if (fieldOf(form, 'replace_config')) fd.append('replace_config', checkbox(form, 'replace_config').checked ? 'true' : 'false');
    fd.append('archive', file, file.name);
    const button = submitButton(form)!;
    const bar = must<HTMLProgressElement>('#import-progress');
    const pct = must('#import-progress-text');
    const result = must('#import-result');
    button.disabled = true;
    result.hidden = true;
    bar.value = 0;
    pct.textContent = '0%';
    must('#import-progress-row').hidden = false;
    say('import-status', 'Uploading\u2026');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', backupPath(BACKUP_PATHS.import));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      bar.value = Math.round((e.loaded / e.total) * 100);
      pct.textContent = `${bar.value}%`;
    };
    xhr.upload.onload = () => {
      bar.value = 100;
      pct.textContent = '100%';
      say('import-status', 'Uploaded; verifying and importing\u2026');
    };
    xhr.onerror = () => {
      button.disabled = false;
      say('import-status', 'The upload failed (network error). Nothing was imported.', true);
    };
    xhr.onload = () => {
      button.disabled = false;
      const data = parsed(xhr.responseText) as { ok?: boolean; result?: ImportResult } | null;
      if (xhr.status === 200 && data?.ok && data.result) {
        showResult(result, data.result);
        say('import-status', 'Import finished.');
        return;
      }
      const code = errorCode(data) as BackupErrorCode | undefined;
      say('import-status', (code && IMPORT_ERRORS[code]) || errorText(xhr.status, data), true);
    };
    xhr.send(fd);
  });
}
