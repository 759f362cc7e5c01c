import { sha256Hex } from '../../lib/crypto.ts';
import { generatePat } from '../../lib/pat.ts';
import type { Target } from './targets.ts';

/** A PAT row for a userName, inserted as the tokens feature stores it; returns the plaintext token. */
export async function insertPat(t: Target, userName: string): Promise<string> {
  const { token, prefix } = generatePat();
  await t.sql.run(
    'INSERT INTO api_tokens (id, user_name, name, token_hash, token_prefix, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    crypto.randomUUID(),
    userName.toLowerCase(),
    'test',
    sha256Hex(token),
    prefix,
    new Date().toISOString(),
  );
  return token;
}
