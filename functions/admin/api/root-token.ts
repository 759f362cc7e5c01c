import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { randomSecret } from '../../../lib/crypto.ts';
import { actorName } from '../../../lib/auth/principal.ts';
import { auditQuery } from '../../../lib/stores/audit.ts';
import { setRootTokenQuery } from '../../../lib/auth/root-token.ts';
import { ROOT_USER, terminateSessionsOfQuery } from '../../../lib/auth/sessions.ts';
import { ROOT_TOKEN_ROTATE } from '../contract.ts';

/**
 * Root token rotation (single mode; the access guard answers 404 in teams mode). The old value
 * stops working at once, and so do root sessions other than the caller's own. A generated
 * `$SERVICE_DATA_DIR/root-token` file is rewritten with the new value.
 */
export function rootTokenRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>().post(ROOT_TOKEN_ROTATE, async (c) => {
    const principal = c.get('principal');
    const token = `bsr_${randomSecret()}`;
    const now = deps.now();
    const keep = principal.kind === 'root' ? principal.sessionId : null;
    // The generated file is written first: if that fails nothing has changed, and if the commit then
    // fails the next start applies the file's value, so the file never holds a dead token.
    await deps.platform.persistRootToken?.(token);
    await deps.atomic([
      setRootTokenQuery(db, token),
      terminateSessionsOfQuery(db, ROOT_USER, now, keep),
      auditQuery(db, { actor: actorName(principal), action: 'root.rotated' }, now),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json({ token });
  });
}
