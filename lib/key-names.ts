/**
 * The words that name what a key is about: its segments after the first when it has several
 * (`home.budget` → `budget`, `user.allergy.penicillin` → `allergy penicillin`), since the first is
 * a namespace many keys share (`home`, `work`) and would match every one of them.
 */
export function keyNames(key: string | null): string {
  if (key === null) return '';
  const dot = key.indexOf('.');
  return (dot > 0 && dot < key.length - 1 ? key.slice(dot + 1) : key).replace(/[._-]+/g, ' ');
}
