/** Splits a migration file into statements; a CREATE TRIGGER body stays whole until its END. */
export function splitStatements(source: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inTrigger = false;
  for (const raw of source.split('\n')) {
    const line = raw.replace(/--.*$/, '').trimEnd();
    if (!line.trim()) continue;
    current.push(line);
    if (/^\s*CREATE\s+TRIGGER/i.test(line)) inTrigger = true;
    const ends = inTrigger ? /^\s*END;\s*$/i.test(line) : line.endsWith(';');
    if (ends) {
      statements.push(current.join('\n'));
      current = [];
      inTrigger = false;
    }
  }
  if (current.length) statements.push(current.join('\n'));
  return statements;
}

export interface Migration {
  name: string;
  sql: string;
}

export const MIGRATIONS_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)';
