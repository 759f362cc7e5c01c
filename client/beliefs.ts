/** Beliefs pages: pin, retract, supersede, purge, add and edit (with the kind's key), the persona, the live feed; forgetting everything (Settings). */
import { apiPath, BELIEF_RETRACT, BELIEFS_PAGE, DASHBOARD } from '../functions/admin/contract.ts';
import { CLOSE_REVOKED, type BeliefEvent, type BeliefType } from '../lib/ports/beliefs.ts';
import { api } from './api.ts';
import { $, el, field, fieldOf, listOf, messageOf, must, say, submitButton, withButton } from './dom.ts';

function failed(e: unknown): void {
  say('belief-status', messageOf(e), true);
}

export async function beliefPin(b: HTMLButtonElement): Promise<void> {
  try {
    await api('PATCH', apiPath('beliefs', b.dataset.beliefPin!), { pinned: b.dataset.pinned !== '1' });
    location.reload();
  } catch (e) {
    failed(e);
  }
}

export async function beliefRetract(b: HTMLButtonElement): Promise<void> {
  if (!confirm('Mark this belief no longer true? It stays in the history and is never injected again.')) return;
  try {
    await api('POST', `${apiPath('beliefs', b.dataset.beliefRetract!)}${BELIEF_RETRACT}`);
    location.reload();
  } catch (e) {
    failed(e);
  }
}

export async function beliefSupersede(b: HTMLButtonElement): Promise<void> {
  if (!confirm('Mark this belief superseded? It stays recoverable and is no longer injected.')) return;
  try {
    await api('DELETE', apiPath('beliefs', b.dataset.beliefSupersede!));
    location.reload();
  } catch (e) {
    failed(e);
  }
}

export async function beliefPurge(b: HTMLButtonElement): Promise<void> {
  if (!confirm('Delete this belief for good? This cannot be undone.')) return;
  try {
    await api('DELETE', `${apiPath('beliefs', b.dataset.beliefPurge!)}?purge=1`);
    location.assign(`${DASHBOARD}${BELIEFS_PAGE}`);
  } catch (e) {
    failed(e);
  }
}

/** Settings' forget form: enabled once the viewer's own userName is typed, then purges everything of theirs. */
export function forgetForm(): void {
  const form = $<HTMLFormElement>('#forget-form');
  if (!form) return;
  const typed = field(form, 'confirm');
  const button = must<HTMLButtonElement>('button[type=submit]', form);
  const matches = () => typed.value.trim().toLowerCase() === form.dataset.userName;
  typed.addEventListener('input', () => {
    button.disabled = !matches();
  });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!matches()) return;
    void withButton(button, async () => {
      try {
        const { purged } = await api<{ purged: number }>('POST', apiPath('forget'), { confirm: typed.value.trim() });
        typed.value = '';
        say('forget-status', `Forgotten: ${purged} ${purged === 1 ? 'belief' : 'beliefs'} and everything that went with them.`);
      } catch (e) {
        say('forget-status', messageOf(e), true);
      }
    }).then(() => {
      button.disabled = !matches();
    });
  });
}

export async function personaOwner(b: HTMLButtonElement): Promise<void> {
  try {
    const p = await api<{ persona: string | null }>('GET', `${apiPath('persona')}?owner=${encodeURIComponent(b.dataset.personaOwner!)}`);
    const out = must('#persona-build .persona');
    out.textContent = p.persona || 'The persona is empty: no durable facts or answer preferences among the active beliefs yet.';
    out.hidden = false;
    b.remove();
  } catch (e) {
    failed(e);
  }
}

interface BeliefBody {
  statement: string;
  type: BeliefType;
  key: string | null;
  scope: string;
  aliases: string[];
  participants?: string[];
}

/** The statement's last word as a key segment: "The user has a dog named Pip" → `pip`. */
function valueSlug(statement: string): string {
  const words =
    statement
      .toLowerCase()
      .normalize('NFKD')
      .match(/[a-z0-9]+/g) ?? [];
  return words[words.length - 1] ?? '';
}

/**
 * The key a belief form's chosen kind sets: a one-value kind's own key, or a several-value kind's
 * prefix and the value's slug. A key typed by hand, or the one an edited belief has, is kept until
 * the kind changes.
 */
function keyFromKind(form: HTMLFormElement, kindChanged: boolean): void {
  const select = fieldOf(form, 'kind');
  const key = fieldOf(form, 'key');
  if (!(select instanceof HTMLSelectElement) || !key) return;
  if (!kindChanged && key.dataset.typed === '1') return;
  const kind = select.selectedOptions[0]?.dataset;
  if (!kind?.key) {
    if (kindChanged) key.value = '';
    return;
  }
  key.value = kind.oneValue === '1' ? kind.key : `${kind.key}.${valueSlug(field(form, 'statement').value)}`;
  delete key.dataset.typed;
}

/** Adds (`data-belief-form="new"`) or edits (`data-belief-form="<id>"`) a belief. */
export function beliefForms(): void {
  document.addEventListener('change', (ev) => {
    const target = ev.target;
    if (target instanceof HTMLSelectElement && target.name === 'kind' && target.form?.dataset.beliefForm) keyFromKind(target.form, true);
  });
  document.addEventListener('input', (ev) => {
    const target = ev.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) || !target.form?.dataset.beliefForm) return;
    if (target.name === 'key') target.dataset.typed = '1';
    if (target.name === 'statement') keyFromKind(target.form, false);
  });
  document.addEventListener('submit', (ev) => {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement)) return;
    const id = form.dataset.beliefForm;
    if (!id) return;
    ev.preventDefault();
    const body: BeliefBody = {
      statement: field(form, 'statement').value.trim(),
      // The select offers BELIEF_TYPES only; the server refuses anything else.
      type: field(form, 'type').value as BeliefType,
      key: field(form, 'key').value.trim() || null,
      scope: field(form, 'scope').value.trim(),
      aliases: listOf(field(form, 'aliases').value),
    };
    const participants = fieldOf(form, 'participants');
    if (participants && (id !== 'new' || participants.value.trim())) body.participants = listOf(participants.value);
    void withButton(submitButton(form), async () => {
      try {
        if (id === 'new') await api('POST', apiPath('beliefs'), body);
        else await api('PATCH', apiPath('beliefs', id), body);
        location.reload();
      } catch (e) {
        failed(e);
      }
    });
  });
}

const LIVE_ITEMS = 50;
const RECONNECTS = 5;

function liveItem(event: BeliefEvent): HTMLLIElement {
  const li = el('li', '', { class: 'belief' });
  li.appendChild(el('p', event.belief.statement, { class: 'statement' }));
  li.appendChild(el('p', `${event.action} \u00b7 ${event.belief.type} \u00b7 ${event.belief.scope}`, { class: 'meta' }));
  return li;
}

/** The caller's belief changes as they happen, from the socket the list names in `data-ws`. */
export function liveFeed(): void {
  const live = $<HTMLUListElement>('#live-list');
  if (!live || !('WebSocket' in window)) return;
  const state = must('#live-state');
  const connect = (attempt: number): void => {
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss://' : 'ws://'}${location.host}${live.dataset.ws}`);
    ws.onopen = () => {
      attempt = 0;
      state.textContent = 'Connected.';
    };
    ws.onmessage = (ev: MessageEvent<string>) => {
      let m: (Partial<BeliefEvent> & { type?: string }) | null;
      try {
        m = JSON.parse(ev.data) as typeof m;
      } catch {
        return;
      }
      if (m?.type !== 'belief' || !m.belief) return;
      live.prepend(liveItem(m as BeliefEvent));
      while (live.children.length > LIVE_ITEMS) live.lastElementChild!.remove();
    };
    ws.onclose = (ev) => {
      if (ev.code === CLOSE_REVOKED) {
        state.textContent = 'Your access has ended.';
        return;
      }
      if (attempt >= RECONNECTS) {
        state.textContent = 'Disconnected; reload the page to reconnect.';
        return;
      }
      state.textContent = 'Reconnecting\u2026';
      setTimeout(() => connect(attempt + 1), 2000 * (attempt + 1));
    };
  };
  connect(0);
}
