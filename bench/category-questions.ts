/**
 * How well questions reach the kinds of the user's facts they need (lib/world/recall/category.ts): for each
 * labelled question, the kinds `categoriesOf` finds beside the kinds its label says a thoughtful assistant
 * would need. Prints recall and precision over (question, kind) pairs, the questions whose every kind was
 * found, the questions labelled with no kind that found none, and the misses by kind; `QUESTIONS_DETAIL=1`
 * lists each question that missed a kind or found one its label does not hold.
 * Run: `npx tsx bench/category-questions.ts [FILE.json]` where FILE holds `[{"text": "...", "kinds": ["manager", "team"]}, …]`
 * (kinds named as `GET /admin/api/kinds` names them); without one, `bench/category-questions.json`: 310 questions
 * written from the kinds' names by people who had not read the catalogue's words (a set written from the words
 * measures only that the words are there), which the words were then developed on. Score a new set before
 * changing the words for it.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { categoriesOf } from '../lib/world/recall/category.ts';
import { round } from './lib/stats.ts';

export interface LabelledQuestion {
  text: string;
  kinds: string[];
}

export function scoreCategories(questions: LabelledQuestion[], detail?: string[]) {
  let found = 0;
  let missed = 0;
  let extra = 0;
  let whole = 0;
  let traps = 0;
  let cleanTraps = 0;
  const missedBy = new Map<string, number>();
  for (const q of questions) {
    const got = new Set([...categoriesOf(q.text).kinds].map((k) => k.kind as string));
    const want = new Set(q.kinds);
    const misses = [...want].filter((k) => !got.has(k));
    const extras = [...got].filter((k) => !want.has(k));
    found += want.size - misses.length;
    missed += misses.length;
    extra += extras.length;
    if (misses.length === 0) whole++;
    if (want.size === 0) {
      traps++;
      if (got.size === 0) cleanTraps++;
    }
    for (const k of misses) missedBy.set(k, (missedBy.get(k) ?? 0) + 1);
    if (detail && (misses.length > 0 || extras.length > 0)) detail.push(`missed [${misses}] extra [${extras}]: ${q.text}`);
  }
  return {
    questions: questions.length,
    recall: round(found / Math.max(1, found + missed), 3),
    precision: round(found / Math.max(1, found + extra), 3),
    allKindsFound: whole,
    trapsClean: `${cleanTraps}/${traps}`,
    missedBy: Object.fromEntries([...missedBy].sort((a, b) => b[1] - a[1])),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? new URL('./category-questions.json', import.meta.url);
  const detail: string[] | undefined = process.env.QUESTIONS_DETAIL ? [] : undefined;
  const result = scoreCategories(JSON.parse(readFileSync(file, 'utf8')) as LabelledQuestion[], detail);
  if (detail) process.stdout.write(`${detail.join('\n')}\n`);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
