import { thingsNamed } from './vocabulary/categories.ts';

/** Things a preference is about, so "tea over coffee" and "coffee over tea" share one key. */
const PREFERENCE_SUBJECTS: Record<string, string[]> = {
  drink: ['tea', 'coffee', 'espresso', 'latte', 'cappuccino', 'water', 'juice', 'beer', 'wine', 'soda', 'milk', 'cocoa', 'hot chocolate'],
  theme: ['dark mode', 'light mode', 'dark theme', 'light theme'],
  editor: ['vim', 'neovim', 'emacs', 'vscode', 'vs code', 'visual studio code', 'sublime', 'intellij', 'nano'],
  os: ['linux', 'windows', 'macos', 'mac', 'ubuntu'],
  transport: ['train', 'trains', 'plane', 'planes', 'flying', 'car', 'driving', 'bus', 'bike', 'cycling'],
  pet: ['cat', 'cats', 'dog', 'dogs'],
  work_mode: ['remote', 'remotely', 'the office', 'office', 'working from home', 'hybrid'],
  communication: ['email', 'emails', 'calls', 'phone calls', 'video calls', 'slack', 'texts', 'meetings'],
};

function subjectOf(text: string): string | null {
  const lower = ` ${text.toLowerCase()} `;
  for (const [subject, words] of Object.entries(PREFERENCE_SUBJECTS)) {
    if (words.some((w) => lower.includes(` ${w} `))) return subject;
  }
  // "matcha lattes", "kombucha": a drink the catalogue knows, whatever the list above names.
  return thingsNamed(text).some(({ category }) => category === 'drink') ? 'drink' : null;
}

const slugPart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|(?<!_)_+$/g, '')
    .slice(0, 40);

/** `user.preference.<subject>`; without a known subject, keyed by the pair (either order) or the thing. */
export function preferenceKey(x: string, y?: string): string | null {
  const subject = subjectOf(x) ?? (y === undefined ? null : subjectOf(y));
  if (subject) return `user.preference.${subject}`;
  const parts = [x, ...(y === undefined ? [] : [y])].map(slugPart).filter(Boolean).sort();
  return parts.length ? `user.preference.${parts.join('_vs_')}` : null;
}
