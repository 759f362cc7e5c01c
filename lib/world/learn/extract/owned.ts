import { type Change, readChange } from './changes.ts';
import type { Held } from './resolve.ts';
import { OWNED } from './vocabulary/holdings.ts';

/**
 * The user's own one of a thing they have one of at a time, however its belief names it: "The
 * user's truck is DAF XF", "The user drives a Scania truck". A new one ("new truck, a Volvo FH")
 * takes its place; the value is what the belief says the thing is.
 */
export function heldOwned(held: Held[], thing: string): { row: Held; old: string }[] {
  const said = thing.replace(/[^\p{L}-]/gu, '');
  const whose = new RegExp(`^The user's (?:new |old |current )?${said}s? (?:is|was) (?:an? |the )?(?<old>[^,]+?)$`, 'iu');
  const has = new RegExp(`^The user (?:\\w+ ){1,2}(?:a|an|the|their) (?<old>(?:\\p{Lu}[\\p{L}\\d-]* )+${said}s?)\\b`, 'u');
  return held.flatMap((row) => {
    const old = row.active ? (whose.exec(row.statement) ?? has.exec(row.statement))?.groups?.old : undefined;
    return old ? [{ row, old }] : [];
  });
}

const NEW_OWNED = new RegExp(`\\bnew (?:${OWNED})\\b`, 'i');
const A_NAME_ALONE = /^(?:an? |the )?\p{Ll}?\p{Lu}[\p{L}\d'-]*(?: [\p{Lu}\d][\p{L}\d'-]*){0,3}[.!]*$/u;

/**
 * "got a new truck this week | a MAN TGX": a name said alone after a clause that told of a new one
 * of a thing is that new one, the user's only when the clause before said it of them ("my sister
 * got a new car, a Kia" changes nothing). Undefined when the clause is no such name.
 */
export function newOneNamed(clause: string, before: string | undefined): Change | null | undefined {
  if (!before || !NEW_OWNED.test(before) || !A_NAME_ALONE.test(clause)) return undefined;
  const change = readChange(`${before.replace(/[.,!—–-]+\s*$/, '')}, ${clause}`);
  return change?.thing !== undefined ? change : null;
}
