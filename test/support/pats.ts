import { sha256Hex } from '../../lib/crypto.ts';
import { generatePat } from '../../lib/auth/pat.ts';
import type { Target } from './targets.ts';

/**
 * A PAT row for a userName, inserted as the tokens feature stores it (only for a known user, so
 * the user is first created as the identity header would); returns the plaintext token.
 */
export async function insertPat(t: Target, userName: string): Promise<string> {
  const { token, prefix } = generatePat();
  const now = new Date().toISOString();
  await t.sql.run(
    'INSERT INTO users (id, user_name, user_name_lc, active, scim_managed, created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, ?) ON CONFLICT (user_name_lc) DO NOTHING',
    crypto.randomUUID(),
    userName,
    userName.toLowerCase(),
    now,
    now,
  );
  await t.sql.run(
    'INSERT INTO api_tokens (id, user_name, name, token_hash, token_prefix, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    crypto.randomUUID(),
    userName.toLowerCase(),
    'test',
    sha256Hex(token),
    prefix,
    now,
  );
  return token;
}
