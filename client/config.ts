/** Config page: providers (add, remove, test) and saving the whole form. */
import { apiPath, DASHBOARD, PROVIDER_TEST, type ConnectionResult } from '../functions/admin/contract.ts';
import { api } from './api.ts';
import { $, $$, checkbox, field, listOf, messageOf, must, say, submitButton, withButton } from './dom.ts';

export async function providerRemove(b: HTMLButtonElement): Promise<void> {
  b.closest('fieldset')!.remove();
  say('config-status', 'Provider removed from the form; save to apply.');
}

export async function providerAdd(): Promise<void> {
  const fragment = must<HTMLTemplateElement>('#provider-template').content.cloneNode(true);
  must('#providers').appendChild(fragment);
  const fields = $$('#providers fieldset');
  fields[fields.length - 1]!.querySelector('input')!.focus();
}

export async function providerTest(b: HTMLButtonElement): Promise<void> {
  const out = $(`[data-provider-status="${CSS.escape(b.dataset.providerTest!)}"]`);
  say(out, 'Testing\u2026');
  try {
    const r = await api<ConnectionResult>('POST', `${DASHBOARD}${PROVIDER_TEST.mount}${PROVIDER_TEST.path}`, { provider_id: b.dataset.providerTest });
    if (r.ok) say(out, `Connection works${r.models !== null ? ` (${r.models} models listed)` : ''}.`);
    else say(out, `Failed: ${r.message}.`, true);
  } catch (e) {
    say(out, `Failed: ${messageOf(e)}`, true);
  }
}

interface ProviderBody {
  id: string;
  kind: string;
  base_url: string;
  models: string[];
  api_key?: string;
}

function providerOf(fs: HTMLFieldSetElement): ProviderBody {
  const get = (name: string) => must<HTMLInputElement | HTMLSelectElement>(`[name=${name}]`, fs).value.trim();
  const p: ProviderBody = { id: get('id'), kind: get('kind'), base_url: get('base_url'), models: listOf(get('models')) };
  const key = must<HTMLInputElement>('[name=api_key]', fs).value;
  if (key) p.api_key = key;
  return p;
}

/** Saves the whole form as one PUT; a key typed in is never shown again, only its last four characters. */
export function configForm(): void {
  const form = $<HTMLFormElement>('#config-form');
  if (!form) return;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const body = {
      providers: $$<HTMLFieldSetElement>('#providers fieldset.provider').map(providerOf),
      default_model: field(form, 'default_model').value.trim() || null,
      extraction: { enabled: checkbox(form, 'extraction_enabled').checked, model: field(form, 'extraction_model').value.trim() || null },
      injection: {
        enabled: checkbox(form, 'injection_enabled').checked,
        max_beliefs: Number(field(form, 'injection_max').value),
        persona_max: Number(field(form, 'injection_persona_max').value),
      },
      embeddings: field(form, 'embeddings_model').value.trim() ? { model: field(form, 'embeddings_model').value.trim() } : null,
    };
    void withButton(submitButton(form), async () => {
      try {
        await api('PUT', apiPath('config'), body);
        for (const input of $$<HTMLInputElement>('#providers [name=api_key]')) {
          if (input.value) input.placeholder = `stored, ends in ${input.value.slice(-4)}`;
          input.value = '';
        }
        say('config-status', 'Configuration saved.');
      } catch (e) {
        say('config-status', messageOf(e), true);
      }
    });
  });
}
