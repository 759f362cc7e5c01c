import { randomUUID } from 'node:crypto';
import type { Sql } from '../support/targets.ts';

/** Writes a belief straight into the database, as an earlier extraction would have. */
export async function insertBelief(
  sql: Sql,
  b: { owner: string; statement: string; type?: string; scope?: string; key?: string | null; pinned?: boolean },
): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await sql.run(
    `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0.9, 'active', 'manual', ?, ?)`,
    id,
    b.owner,
    b.type ?? 'fact',
    b.key ?? null,
    b.statement,
    b.statement.toLowerCase(),
    b.scope ?? 'universal',
    b.pinned ? 1 : 0,
    at,
    at,
  );
  return id;
}

/** The people of the dashboard suites; BOSS is teamsEnv()'s super admin. */
export const ALICE = 'alice@example.com';
export const BOB = 'bob@example.com';
export const BOSS = 'boss@example.com';

export const XSS_STATEMENT = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">"quoted" & done';

export const ADMIN_PAGES = ['/admin/users', '/admin/backup', '/admin/config', '/admin/audit'];
export const ALL_PAGES = ['/admin', '/admin/settings', '/admin/beliefs', '/admin/receipts', ...ADMIN_PAGES];
