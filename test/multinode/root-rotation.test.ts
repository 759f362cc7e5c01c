import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { applyDeploymentRootToken } from '../../lib/auth/root-token.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { openPostgres } from '../../lib/db/postgres/database.ts';
import { sharedPostgres } from '../support/shared-postgres.ts';
import { bearer, send } from './http.ts';
import { deployment, startNode, twoNodes, type Node } from './nodes.ts';

/** API.md §13: a root token retired by a rotation is never valid again, whichever node starts later with it. */
describe('root token rotation across two nodes on one PostgreSQL database', () => {
  const running: Node[] = [];
  afterAll(async () => {
    await Promise.all(running.map((n) => n.stop()));
  });

  it('a node restarted with the retired token refuses to start (exit 2 naming SERVICE_API_TOKEN); the new token keeps working', async () => {
    const d = await deployment();
    const [a, b] = await twoNodes(d);
    running.push(a, b);
    const status = async (node: Node, token: string) => (await send(node, '/admin/api/me', { headers: bearer(token) })).status;
    expect(await status(b, d.rootToken)).toBe(200);

    const retired = d.rootToken;
    const fresh = `bsr_${randomBytes(24).toString('base64url')}`;
    await a.stop();
    const a2 = await startNode({ ...d, env: { ...d.env, SERVICE_API_TOKEN: fresh } });
    running.push(a2);
    expect(await status(b, retired)).toBe(401);
    expect(await status(b, fresh)).toBe(200);

    await b.stop();
    const revived = startNode(d);
    await expect(revived).rejects.toThrow(/exited \(code 2\)/);
    const message = String(await revived.catch((err: Error) => err.message));
    expect(message).toContain('SERVICE_API_TOKEN');
    expect(message).not.toMatch(/\n\s+at /);
    expect(message).not.toContain(retired);

    expect(await status(a2, retired)).toBe(401);
    expect(await status(a2, fresh)).toBe(200);
    const b2 = await startNode({ ...d, env: { ...d.env, SERVICE_API_TOKEN: fresh } });
    running.push(b2);
    expect(await status(b2, fresh)).toBe(200);
    expect(await status(b2, retired)).toBe(401);
  }, 180_000);

  it('two starts at the same instant with different tokens: one is live, the other retired, never both valid', async () => {
    const url = await sharedPostgres().createDatabase();
    const nodes = [await openPostgres(url, 2), await openPostgres(url, 2)];
    try {
      const meta = async (key: string) => (await nodes[0]!.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
      for (let round = 0; round < 10; round++) {
        const tokens = [0, 1].map(() => `bsr_${randomBytes(24).toString('base64url')}`);
        const started = await Promise.allSettled(nodes.map((n, i) => applyDeploymentRootToken(n.db, n.atomic, tokens[i]!)));
        expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
        const live = await meta('root_token_hash');
        expect(await meta('root_deployment_hash')).toBe(live);
        const [first, second] = tokens.map(sha256Hex);
        expect([first, second]).toContain(live);
        const other = live === first ? second! : first!;
        expect(await meta(`root_retired:${other}`)).toBeDefined();
      }
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  }, 60_000);
});
