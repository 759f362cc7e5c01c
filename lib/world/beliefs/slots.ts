import { KINDS, kindOfKey, sameSubjectKeys } from '../kinds.ts';

/**
 * The contradiction guard. A slot is a one-value kind of the catalogue (one home city, one
 * manager, one employer…): keys of the same slot name the same subject in different words, so a
 * new belief under any of them supersedes the active beliefs under all of them, never standing
 * beside them. Keys outside every slot only collide with themselves.
 */
const SLOTS = KINDS.filter((k) => k.one_value);

/** Every key that belongs to an exclusive slot. */
export const SLOT_KEYS: readonly string[] = SLOTS.flatMap(sameSubjectKeys);

/** Every key that names the same subject as `key` (itself included). */
export function slotKeys(key: string): string[] {
  const kind = kindOfKey(key);
  return kind?.one_value ? sameSubjectKeys(kind) : [key];
}
