import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Migration } from './migrations.ts';

/** The project's schema/ directory, found above this module whether it runs from lib/db/ or from a bundle in .build/. */
export const SCHEMA_DIR = findSchemaDir(new URL('.', import.meta.url));

function findSchemaDir(from: URL): URL {
  for (let dir = from; ; dir = new URL('..', dir)) {
    const candidate = new URL('schema/', dir);
    if (existsSync(new URL('0001_init.sql', candidate))) return candidate;
    if (dir.pathname === '/') throw new Error(`belief-store: no schema/ directory above ${from.pathname}`);
  }
}

/** The numbered migrations (NNNN_*.sql) of a directory, in order. */
export function readMigrationFiles(dir: URL): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(new URL(name, dir), 'utf8') }));
}
