/** A value worked out the first time it is asked for, and only if it is. */
export function once<T>(work: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) [value, done] = [work(), true];
    return value;
  };
}
