import { loadConfig } from '../config/store.ts';
import type { Deps } from '../deps.ts';
import type { Db } from '../db/schema.ts';
import { completeText } from '../providers/complete.ts';

export interface Persona {
  owner: string;
  persona: string;
  belief_count: number;
  built_at: string;
}

const PERSONA_BELIEFS = 12;

export function readPersona(db: Db, owner: string): Promise<Persona | undefined> {
  return db.selectFrom('persona_cache').selectAll().where('owner', '=', owner).executeTakeFirst();
}

/**
 * Synthesises the owner's persona from its active beliefs (by the extraction model when one is
 * configured, templated otherwise) and caches it. Runs inside the owner's actor, so no change
 * to the beliefs can slip between the read and the cache write.
 */
export async function buildPersona(deps: Deps, owner: string): Promise<Persona> {
  const { db } = deps;
  const [top, count] = await Promise.all([
    db
      .selectFrom('beliefs')
      .select(['statement'])
      .where('owner', '=', owner)
      .where('status', '=', 'active')
      .orderBy('pinned', 'desc')
      .orderBy('confidence', 'desc')
      .orderBy('reinforced_count', 'desc')
      .orderBy('updated_at', 'desc')
      .limit(PERSONA_BELIEFS)
      .execute(),
    db.selectFrom('beliefs').select((eb) => eb.fn.countAll<number>().as('n')).where('owner', '=', owner).where('status', '=', 'active').executeTakeFirstOrThrow(),
  ]);
  const statements = top.map((r) => r.statement);
  const persona: Persona = {
    owner,
    persona: statements.length ? await synthesise(deps, statements) : '',
    belief_count: Number(count.n),
    built_at: deps.now().toISOString(),
  };
  await db
    .insertInto('persona_cache')
    .values(persona)
    .onConflict((oc) => oc.column('owner').doUpdateSet({ persona: persona.persona, belief_count: persona.belief_count, built_at: persona.built_at }))
    .execute();
  return persona;
}

async function synthesise(deps: Deps, statements: string[]): Promise<string> {
  const template = `${statements.map((s) => s.replace(/[.\s]+$/, '')).join('. ')}.`;
  const config = await loadConfig(deps);
  if (!config.extraction.enabled || !config.extraction.model) return template;
  try {
    const text = await completeText(deps, config.extraction.model, [
      {
        role: 'system',
        content: 'Write a short third-person profile (at most 80 words) of the user from these beliefs. Use only what they say; no preamble.',
      },
      { role: 'user', content: statements.map((s) => `- ${s}`).join('\n') },
    ]);
    const trimmed = text.trim().slice(0, 1200);
    return trimmed || template;
  } catch (err) {
    deps.platform.log({ level: 'warn', event: 'persona_model_failed', error: String(err) });
    return template;
  }
}
