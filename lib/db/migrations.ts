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

const MIGRATIONS_TABLE = 'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)';

/** What applying migrations needs of a synchronous SQLite connection (better-sqlite3, Durable Object storage). */
export interface MigrationTarget {
  /** Runs a whole migration file: every statement in it, triggers included. */
  exec(sql: string): void;
  /** The names in schema_migrations. */
  applied(): Iterable<string>;
  record(name: string, appliedAt: string): void;
  transaction(fn: () => void): void;
}

/** Applies the migrations not yet recorded in schema_migrations, in order, each file in its own transaction. */
export function applyMigrations(target: MigrationTarget, migrations: readonly Migration[]): void {
  target.exec(MIGRATIONS_TABLE);
  const applied = new Set(target.applied());
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    target.transaction(() => {
      target.exec(m.sql);
      target.record(m.name, new Date().toISOString());
    });
  }
}
