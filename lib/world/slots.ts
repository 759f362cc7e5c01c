/**
 * The contradiction guard's one home. A slot is a subject the user has exactly one of at a time
 * (one home city, one manager, one employer…). Keys of the same slot name the same subject in
 * different words, so a new belief under any of them supersedes the active beliefs under all of
 * them, never standing beside them. Keys outside every slot only collide with themselves.
 * Adding a synonym is one word in a list.
 */
const EXCLUSIVE_SLOTS: Record<string, readonly string[]> = {
  'user.location': ['city', 'home', 'home_city', 'current_city', 'residence', 'address.city', 'lives_in', 'location.city'],
  'user.manager': ['boss', 'supervisor', 'line_manager', 'reports_to', 'team_lead'],
  'user.employer': ['company', 'workplace', 'work', 'job.employer', 'current_employer'],
  'user.occupation': ['job', 'job_title', 'profession', 'role', 'title', 'job.title'],
  'user.diet': ['dietary_preference', 'diet.type', 'eating_habits'],
  'user.name': ['full_name', 'first_name', 'preferred_name'],
  'user.partner': [
    'spouse',
    'wife',
    'husband',
    'girlfriend',
    'boyfriend',
    'fiance',
    'fiancee',
    'family.partner',
    'family.spouse',
    'family.wife',
    'family.husband',
  ],
};

const SLOT_OF = new Map<string, string>();
for (const [canonical, synonyms] of Object.entries(EXCLUSIVE_SLOTS)) {
  SLOT_OF.set(canonical, canonical);
  for (const s of synonyms) SLOT_OF.set(`user.${s}`, canonical);
}

/** Every key that belongs to an exclusive slot. */
export const SLOT_KEYS: readonly string[] = [...SLOT_OF.keys()];

/** Every key that names the same subject as `key` (itself included). */
export function slotKeys(key: string): string[] {
  const slot = SLOT_OF.get(key);
  if (!slot) return [key];
  return [slot, ...EXCLUSIVE_SLOTS[slot]!.map((s) => `user.${s}`)];
}
