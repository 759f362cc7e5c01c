/** DOM helpers of the dashboard's script. It only ever inserts text, never HTML. */

export function $<E extends Element = HTMLElement>(selector: string, root: ParentNode = document): E | null {
  return root.querySelector<E>(selector);
}

export function $$<E extends Element = HTMLElement>(selector: string, root: ParentNode = document): E[] {
  return Array.from(root.querySelectorAll<E>(selector));
}

/** An element that the page must hold for the script to work. */
export function must<E extends Element = HTMLElement>(selector: string, root: ParentNode = document): E {
  const found = $<E>(selector, root);
  if (!found) throw new Error(`missing ${selector}`);
  return found;
}

export function byId<E extends HTMLElement = HTMLElement>(id: string): E {
  const found = document.getElementById(id);
  if (!found) throw new Error(`missing #${id}`);
  return found as E;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

export function cell(tr: HTMLTableRowElement, content: string | Node): HTMLTableCellElement {
  const td = document.createElement('td');
  if (typeof content === 'string') td.textContent = content;
  else td.appendChild(content);
  tr.appendChild(td);
  return td;
}

/** Reports an outcome in a live region: the one named, else the page's first. */
export function say(where: string | Element | null, text: string, isError = false): void {
  const region = (typeof where === 'string' ? document.getElementById(where) : where) ?? $('main [role=status]');
  if (!region) return;
  region.textContent = text;
  region.classList.toggle('error', isError);
}

/** Runs work with the button disabled, so a second click cannot start it twice. */
export async function withButton(button: HTMLButtonElement | null, work: () => Promise<void>): Promise<void> {
  if (button) button.disabled = true;
  try {
    await work();
  } finally {
    if (button) button.disabled = false;
  }
}

/** Shows a secret in its read-only box, selected for copying. */
export function showOnce(boxId: string, inputId: string, value: string): void {
  const input = byId<HTMLInputElement>(inputId);
  input.value = value;
  byId(boxId).hidden = false;
  input.focus();
  input.select();
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A named control of a form, or null when the form has none. */
export function fieldOf(form: HTMLFormElement, name: string): Field | null {
  const found = form.elements.namedItem(name);
  return found instanceof HTMLInputElement || found instanceof HTMLSelectElement || found instanceof HTMLTextAreaElement ? found : null;
}

export function field(form: HTMLFormElement, name: string): Field {
  const found = fieldOf(form, name);
  if (!found) throw new Error(`missing field ${name}`);
  return found;
}

export function checkbox(form: HTMLFormElement, name: string): HTMLInputElement {
  const found = field(form, name);
  if (!(found instanceof HTMLInputElement)) throw new Error(`${name} is not an input`);
  return found;
}

export function submitButton(form: HTMLFormElement): HTMLButtonElement | null {
  return $<HTMLButtonElement>('button[type=submit]', form);
}

/** A comma-separated list field as its non-empty items. */
export function listOf(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
