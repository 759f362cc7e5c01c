import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { providersConfig, putConfig } from '../support/providers.ts';
import { as } from '../support/as.ts';
import { insertPat } from '../support/pats.ts';
import { startTarget, teamsEnv, type Target, type TargetKind } from '../support/targets.ts';

export function rootHeaders(): Record<string, string> {
  return { ...as.root(), 'content-type': 'application/json' };
}

export { ANTHROPIC_KEY, OPENAI_KEY, providersConfig, putConfig } from '../support/providers.ts';
export { insertPat as createPat } from '../support/pats.ts';

export async function insertBelief(t: Target, owner: string, statement: string, extra: { pinned?: boolean } = {}): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await t.sql.run(
    `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind,
       conversation_id, created_at, updated_at, superseded_at, superseded_by, reinforced_count, injected_count, last_injected_at)
     VALUES (?, ?, 'fact', NULL, ?, ?, 'universal', ?, 0.9, 'active', 'manual', NULL, ?, ?, NULL, NULL, 0, 0, NULL)`,
    id,
    owner.toLowerCase(),
    statement,
    statement.toLowerCase(),
    extra.pinned ? 1 : 0,
    at,
    at,
  );
  return id;
}

/** Polls (bounded: 15 s by default, room for a shared, loaded machine) until check passes. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, tries = 300): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

export interface ChatTarget {
  t: Target;
  fake: FakeProvider;
  pat: string;
}

/**
 * For a suite: a fake provider and a teams-mode target with a PAT for `user`, stopped after the
 * suite; before each test the fake is reset and providersConfig(fake) saved again. `ready` hands
 * them to the suite's variables once started.
 */
export function useChatTarget(kind: TargetKind, user: string, ready: (chat: ChatTarget) => void): void {
  let chat: ChatTarget | undefined;
  let fake: FakeProvider | undefined;
  beforeAll(async () => {
    fake = await startFakeProvider();
    const t = await startTarget(kind, teamsEnv());
    chat = { t, fake, pat: await insertPat(t, user) };
    ready(chat);
  });
  afterAll(async () => {
    await chat?.t.stop();
    await fake?.close();
  });
  beforeEach(async () => {
    chat!.fake.reset();
    expect((await putConfig(chat!.t, providersConfig(chat!.fake))).status).toBe(200);
  });
}
