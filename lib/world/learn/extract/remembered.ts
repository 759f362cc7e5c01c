/**
 * A reading of a clause remembered by its text, as people repeat what they say: at most `max`
 * readings, all forgotten together when full (a bounded cache without bookkeeping per entry).
 */
export function remembered<T>(max: number, read: (clause: string) => T): (clause: string) => T {
  const readings = new Map<string, T>();
  return (clause) => {
    if (readings.has(clause)) return readings.get(clause)!;
    const found = read(clause);
    if (readings.size >= max) readings.clear();
    readings.set(clause, found);
    return found;
  };
}
