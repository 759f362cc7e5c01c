/**
 * `make`'s value for the key last given, made anew only when the key changes (a stored config's
 * text, on a hot path that meets the same text request after request). The value is shared by
 * every caller: read it, never change it.
 */
export function lastOf<K, V>(make: (key: K) => V): (key: K) => V {
  let made: { key: K; value: V } | null = null;
  return (key) => {
    if (made === null || made.key !== key) made = { key, value: make(key) };
    return made.value;
  };
}
