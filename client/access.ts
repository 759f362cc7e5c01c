/** Settings and users pages: personal access tokens, the root token, sessions. */
import { apiPath, ROOT_TOKEN_ROTATE, shownTime, tokenHint, type CreatedToken } from '../functions/admin/contract.ts';
import { api } from './api.ts';
import { $, byId, cell, el, field, messageOf, must, say, showOnce, withButton } from './dom.ts';

function timeOf(at: string): HTMLTimeElement {
  return el('time', shownTime(at), { datetime: at });
}

/** The new token's row, in the columns of the server-rendered table (functions/admin/pages/settings.tsx). */
function tokenRow(t: CreatedToken): HTMLTableRowElement {
  const tr = el('tr', '', { 'data-token-id': t.id });
  cell(tr, t.name);
  cell(tr, el('code', tokenHint(t.token_prefix)));
  cell(tr, timeOf(t.created_at));
  cell(tr, 'never');
  cell(tr, el('button', 'Revoke', { type: 'button', class: 'danger', 'data-revoke-token': t.id, 'data-name': t.name }));
  cell(tr, t.expires_at ? timeOf(t.expires_at) : 'never');
  cell(tr, t.scope || 'none');
  return tr;
}

/** Generates a personal access token, shown once. */
export function tokenForm(): void {
  const form = $<HTMLFormElement>('#token-create');
  if (!form) return;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void withButton($<HTMLButtonElement>('button', form), async () => {
      try {
        const body: { name: string; scope?: string; expires_in_days?: number } = { name: field(form, 'name').value.trim() };
        const scope = field(form, 'scope').value.trim();
        if (scope) body.scope = scope;
        const days = field(form, 'expires_in_days').value;
        if (days) body.expires_in_days = Number(days);
        const t = await api<CreatedToken>('POST', apiPath('tokens'), body);
        showOnce('token-once', 'token-value', t.token);
        must('#token-table tbody').prepend(tokenRow(t));
        $('#token-empty')?.remove();
        form.reset();
        say('token-status', `Token \u201c${t.name}\u201d created.`);
      } catch (e) {
        say('token-status', messageOf(e), true);
      }
    });
  });
}

export async function copy(b: HTMLButtonElement): Promise<void> {
  const input = byId<HTMLInputElement>(b.dataset.copy!);
  try {
    await navigator.clipboard.writeText(input.value);
    b.textContent = 'Copied';
  } catch {
    input.focus();
    input.select();
    b.textContent = 'Press Ctrl+C';
  }
}

export async function revokeToken(b: HTMLButtonElement): Promise<void> {
  const name = b.dataset.name;
  if (!confirm(`Revoke the token \u201c${name}\u201d? Programs using it stop working at once.`)) return;
  try {
    await api('DELETE', apiPath('tokens', b.dataset.revokeToken!));
    b.parentElement!.textContent = 'revoked';
    say(null, `Token \u201c${name}\u201d revoked.`);
  } catch (e) {
    say(null, messageOf(e), true);
  }
}

export async function rootRotate(): Promise<void> {
  if (!confirm('Rotate the root token? The current value stops working at once.')) return;
  try {
    const r = await api<{ token: string }>('POST', `${apiPath('rootToken')}${ROOT_TOKEN_ROTATE}`);
    showOnce('root-once', 'root-value', r.token);
    say('root-status', 'Root token rotated.');
  } catch (e) {
    say('root-status', messageOf(e), true);
  }
}

export async function terminateSessions(b: HTMLButtonElement): Promise<void> {
  const name = b.dataset.name;
  if (!confirm(`Terminate every session of ${name}?`)) return;
  try {
    const ids = b.dataset.terminateSessions!.split(' ');
    for (const id of ids) await api('DELETE', apiPath('sessions', id));
    b.parentElement!.textContent = 'Sessions terminated.';
    say(null, `Terminated ${ids.length} session(s) of ${name}.`);
  } catch (e) {
    say(null, messageOf(e), true);
  }
}
