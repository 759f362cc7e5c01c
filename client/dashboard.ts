/**
 * The dashboard's script, served as /admin/assets/app.js: progressive behaviour for the
 * server-rendered pages (functions/admin/pages). Bundled by lib/adapters/dashboard-bundle.mjs.
 */
import { copy, revokeToken, rootRotate, terminateSessions, tokenForm } from './access.ts';
import { backupPreview, exportForm, importForm } from './backup.ts';
import { beliefForms, beliefPin, beliefPurge, beliefRetract, beliefSupersede, forgetForm, liveFeed, personaOwner } from './beliefs.ts';
import { configForm, providerAdd, providerRemove, providerTest } from './config.ts';
import { withButton } from './dom.ts';

type Click = (button: HTMLButtonElement) => Promise<void>;

/** Buttons by id. */
const BY_ID = new Map<string, Click>([
  ['root-rotate', rootRotate],
  ['backup-preview-button', backupPreview],
  ['provider-add', providerAdd],
]);

/** Buttons by the first of these data attributes they carry (`data-revoke-token` is `revokeToken`). */
const BY_DATA: ReadonlyArray<[string, Click]> = [
  ['copy', copy],
  ['revokeToken', revokeToken],
  ['terminateSessions', terminateSessions],
  ['beliefPin', beliefPin],
  ['beliefRetract', beliefRetract],
  ['beliefSupersede', beliefSupersede],
  ['beliefPurge', beliefPurge],
  ['providerRemove', providerRemove],
  ['providerTest', providerTest],
  ['personaOwner', personaOwner],
];

document.addEventListener('click', (ev) => {
  const b = ev.target instanceof Element ? ev.target.closest('button') : null;
  if (!b || b.disabled) return;
  const action = BY_ID.get(b.id) ?? BY_DATA.find(([name]) => b.dataset[name] !== undefined)?.[1];
  if (!action) return;
  ev.preventDefault();
  void withButton(b, () => action(b));
});

tokenForm();
beliefForms();
forgetForm();
liveFeed();
configForm();
exportForm();
importForm();
