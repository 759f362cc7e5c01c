import type { Compilable } from 'kysely';
import type { Db } from '../db/schema.ts';
import { historyQuery, invalidatePersonaQuery } from '../world/beliefs/beliefs.ts';
import { SLOT_KEYS, slotKeys } from '../world/beliefs/slots.ts';
import { IN_LIST_MAX, inLists } from '../db/params.ts';

/** An active belief under a key, imported (staged) or already stored. */
interface Rival {
  id: string;
  owner: string;
  key: string;
  created_at: string;
  staged: boolean;
}

/** When the user said it. */
const observed = (r: { created_at: string }) => r.created_at;

/** The supersessions an import's commit applies so that each owner keeps one active belief per key and slot. */
export interface KeyResolution {
  /** Staged beliefs that go in superseded: id → the belief that supersedes it. */
  staged: Map<string, string>;
  /** Stored active beliefs the import supersedes: id → the belief that supersedes it. */
  stored: Map<string, string>;
  owners: Set<string>;
}

/**
 * Where an imported active belief and a stored active one share owner and key (or an exclusive
 * slot, world/beliefs/slots.ts) and are not the same belief, the one observed later stays active and the
 * others are superseded by it (API.md §10; the tie goes to the stored one). Read after staging,
 * applied inside the import's one atomic change.
 */
export async function resolveKeyConflicts(db: Db, importId: string): Promise<KeyResolution> {
  const base = () =>
    db
      .selectFrom('backup_stage_beliefs as s')
      .innerJoin('beliefs as b', (join) => join.onRef('b.owner', '=', 's.owner').on('b.status', '=', 'active'))
      .select(['s.id as sid', 's.owner', 's.key as skey', 's.created_at as s_created', 'b.id as bid', 'b.key as bkey', 'b.created_at as b_created'])
      .where('s.import_id', '=', importId)
      .where('s.status', '=', 'active')
      .whereRef('b.id', '!=', 's.id')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('beliefs as x').select('x.id').whereRef('x.id', '=', 's.id'))));
  const sameKey = await base().whereRef('b.key', '=', 's.key').execute();
  const slots = [...new Set(SLOT_KEYS.map((k) => slotKeys(k)[0]!))];
  // Two lists of a slot's keys in one statement: each at most half of what a statement may bind, a slot's words being many.
  const pairs = slots.flatMap((slot) => {
    const lists = inLists(slotKeys(slot), IN_LIST_MAX / 2);
    return lists.flatMap((staged) => lists.map((stored) => [staged, stored] as const));
  });
  const sameSlot = (
    await Promise.all(
      pairs.map(([staged, stored]) => base().where('s.key', 'in', staged).where('b.key', 'in', stored).whereRef('b.key', '!=', 's.key').execute()),
    )
  ).flat();

  const groups = new Map<string, Map<string, Rival>>();
  for (const r of [...sameKey, ...sameSlot]) {
    const slot = `${r.owner}\u0000${slotKeys(r.skey!)[0]}`;
    const group = groups.get(slot) ?? new Map<string, Rival>();
    groups.set(slot, group);
    group.set(r.sid, { id: r.sid, owner: r.owner, key: r.skey!, created_at: r.s_created, staged: true });
    group.set(r.bid, { id: r.bid, owner: r.owner, key: r.bkey!, created_at: r.b_created, staged: false });
  }
  const resolution: KeyResolution = { staged: new Map(), stored: new Map(), owners: new Set() };
  for (const group of groups.values()) {
    const rivals = [...group.values()];
    const winner = rivals.reduce((best, r) => (later(r, best) ? r : best));
    for (const r of rivals) {
      if (r === winner) continue;
      (r.staged ? resolution.staged : resolution.stored).set(r.id, winner.id);
      resolution.owners.add(r.owner);
    }
  }
  return resolution;
}

/** Whether `a` was observed after `b`; on a tie a stored belief counts as later, then the greater id. */
function later(a: Rival, b: Rival): boolean {
  const [x, y] = [observed(a), observed(b)];
  if (x !== y) return x > y;
  if (a.staged !== b.staged) return !a.staged;
  return a.id > b.id;
}

/** Before the staged beliefs are copied: the ones that lose go in superseded. */
export function stagedSupersessionQueries(db: Db, importId: string, resolution: KeyResolution, at: string): Compilable[] {
  return [...resolution.staged].map(([id, by]) =>
    db
      .updateTable('backup_stage_beliefs')
      .set({ status: 'superseded', superseded_at: at, superseded_by: by, updated_at: at })
      .where('import_id', '=', importId)
      .where('id', '=', id),
  );
}

/** After they are copied: stored beliefs that lose are superseded, each loser's history says by which, personas rebuilt. */
export function storedSupersessionQueries(db: Db, resolution: KeyResolution, actor: string, at: string): Compilable[] {
  const queries: Compilable[] = [];
  for (const [id, by] of resolution.stored) {
    queries.push(
      db
        .updateTable('beliefs')
        .set({ status: 'superseded', superseded_at: at, superseded_by: by, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'active'),
    );
  }
  for (const [id, by] of [...resolution.staged, ...resolution.stored]) {
    queries.push(historyQuery(db, id, 'superseded', at, actor, { superseded_by: by, source: 'import' }));
  }
  for (const owner of resolution.owners) queries.push(invalidatePersonaQuery(db, owner));
  return queries;
}
