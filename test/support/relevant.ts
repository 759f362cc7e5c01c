import { buildContext } from '../../lib/world/recall/context.ts';
import type { Target } from './targets.ts';

/** The statements chat's recall finds relevant to one question of `owner`'s, in its order (at most 20 beliefs injected). */
export async function relevantTo(t: Target, owner: string, question: string): Promise<(string | undefined)[]> {
  const statements = new Map(
    (await t.sql.all<{ id: string; statement: string }>('SELECT id, statement FROM beliefs WHERE owner = ?', owner)).map((r) => [r.id, r.statement]),
  );
  const ctx = await buildContext(t.node!.deps, owner, { userTurns: [question], scope: [] }, 20);
  return (ctx.tiers?.relevant ?? []).map((id) => statements.get(id));
}
