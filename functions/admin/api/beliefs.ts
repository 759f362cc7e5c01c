import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { readJson, validate } from '../../../lib/body.ts';
import type { Db } from '../../../lib/db/schema.ts';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import { readPage } from '../../../lib/paging.ts';
import { actorName, isAdmin, ownerOf } from '../../../lib/auth/principal.ts';
import { beliefHistory, listBeliefs } from '../../../lib/world/beliefs/listing.ts';
import { parseList } from '../../../lib/json-list.ts';
import { findBelief, toRecord } from '../../../lib/world/beliefs/beliefs.ts';
import { supersessionChain } from '../../../lib/world/beliefs/supersession-chain.ts';
import { checkParticipants } from '../../../lib/world/beliefs/participants.ts';
import { EVENT_AT_RULE, isEventAt } from '../../../lib/world/beliefs/dated.ts';
import { BELIEF_TYPES, KEY_PATTERN, MAX_ALIAS_LENGTH, MAX_ALIASES, MAX_PARTICIPANTS, SCOPE_PATTERN } from '../../../lib/ports/beliefs.ts';

const statement = z.string().trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters');
const scope = z.string().regex(SCOPE_PATTERN, 'must be "universal" or "domain:<name>"');
const unique = (list: string[]) => [...new Set(list)];
const aliases = z
  .array(z.string().trim().min(1, 'must not be empty').max(MAX_ALIAS_LENGTH, `must be at most ${MAX_ALIAS_LENGTH} characters`))
  .max(MAX_ALIASES, `must have at most ${MAX_ALIASES} entries`)
  .transform(unique);
const participants = z
  .array(z.string().min(1, 'must not be empty').max(100, 'is not a belief id'))
  .max(MAX_PARTICIPANTS, `must have at most ${MAX_PARTICIPANTS} entries`)
  .transform(unique);

const eventAt = z.string().refine(isEventAt, EVENT_AT_RULE).nullable();

const createSchema = z.object({
  statement,
  type: z.enum(BELIEF_TYPES).optional(),
  key: z.string().regex(KEY_PATTERN, 'must be lower case letters, digits, ".", "_" or "-"').nullable().default(null),
  scope: scope.default('universal'),
  pinned: z.boolean().default(false),
  confidence: z.number().min(0).max(1).default(0.8),
  aliases: aliases.default([]),
  participants: participants.default([]),
  event_at: eventAt.default(null),
  owner: z.string().min(1).max(200).optional(),
});

const editSchema = z
  .object({
    statement: statement.optional(),
    type: z.enum(BELIEF_TYPES).optional(),
    scope: scope.optional(),
    pinned: z.boolean().optional(),
    aliases: aliases.optional(),
    participants: participants.optional(),
    event_at: eventAt.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'give at least one of statement, type, scope, pinned, aliases, participants, event_at',
  });

const listQuery = z.object({
  status: z.enum(['active', 'superseded', 'all']).default('active'),
  type: z.enum(BELIEF_TYPES).optional(),
  scope: z.string().optional(),
  q: z.string().max(1000).optional(),
});

/** The owner a request acts on: its own, or (admins only) the one named by `owner`. */
export function targetOwner(c: Context<AppEnv>, requested?: string): string {
  const principal = c.get('principal');
  const own = ownerOf(principal)!;
  const asked = requested ?? c.req.query('owner');
  if (asked === undefined || asked === '' || asked.toLowerCase() === own) return own;
  if (!isAdmin(principal)) throw forbidden("only admins may act on another owner's beliefs");
  return asked.toLowerCase();
}

/** A belief the caller may see: its own, or any for admins; otherwise 404 (no existence leak). */
async function visibleBelief(c: Context<AppEnv>, db: Db) {
  const row = await findBelief(db, c.req.param('id')!);
  const principal = c.get('principal');
  if (!row || (row.owner !== ownerOf(principal) && !isAdmin(principal))) throw notFound('belief');
  return row;
}

/** Admin API for beliefs (docs/api.md §4); every write goes through the owner's world-model actor. */
export function beliefsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const f = validate(listQuery, { status: c.req.query('status'), type: c.req.query('type'), scope: c.req.query('scope'), q: c.req.query('q') });
      const page = readPage(c);
      return c.json(await listBeliefs(deps, { ...f, owner: targetOwner(c), limit: page.limit, cursor: c.req.query('cursor') }));
    })
    .post('/', async (c) => {
      const body = await readJson(c, createSchema);
      const owner = targetOwner(c, body.owner);
      const type = body.type ?? (body.participants.length ? 'relation' : 'fact');
      await checkParticipants(deps.db, owner, type, body.participants, null);
      const { statement, key, scope, pinned, confidence, aliases, participants, event_at } = body;
      const belief = await deps.world.change(owner, {
        op: 'create',
        candidate: { type, key, statement, scope, pinned, confidence, aliases, participants, ...(event_at === null ? {} : { event_at }) },
        source: { kind: 'manual' },
        actor: actorName(c.get('principal')),
      });
      return c.json(belief, 201);
    })
    .get('/:id', async (c) => {
      const row = await visibleBelief(c, deps.db);
      const [history, chain] = await Promise.all([beliefHistory(deps.db, row.id), supersessionChain(deps.db, row)]);
      return c.json({ ...toRecord(row), history, chain });
    })
    .patch('/:id', async (c) => {
      const row = await visibleBelief(c, deps.db);
      const edit = await readJson(c, editSchema);
      if (edit.type !== undefined || edit.participants !== undefined) {
        await checkParticipants(deps.db, row.owner, edit.type ?? row.type, edit.participants ?? parseList(row.participants), row.id);
      }
      const updated = await deps.world.change(row.owner, { op: 'edit', id: row.id, edit, actor: actorName(c.get('principal')) });
      if (!updated) throw notFound('belief');
      return c.json(updated);
    })
    .delete('/:id', async (c) => {
      const row = await visibleBelief(c, deps.db);
      const principal = c.get('principal');
      const purge = c.req.query('purge');
      if (purge === '1' || purge === 'true') {
        await deps.world.change(row.owner, { op: 'purge', id: row.id, actor: actorName(principal) });
        return c.body(null, 204);
      }
      await deps.world.change(row.owner, { op: 'retire', id: row.id, actor: actorName(principal) });
      return c.body(null, 204);
    });
}
