import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgCluster, type PgCluster } from '../../lib/db/postgres/cluster.ts';
import { openPostgres, type PostgresDatabase } from '../../lib/db/postgres/database.ts';
import type { BeliefEvent, BeliefRecord } from '../../lib/ports/beliefs.ts';
import { runStatement } from '../support/postgres.ts';
import { sharedPostgres } from '../support/shared-postgres.ts';
import { readBelief, untouchedSince } from '../../lib/world/beliefs/beliefs.ts';

/** Two processes' worth of cluster ports on one (migrated) database, each with connections of its own. */
let url: string;
const databases: PostgresDatabase[] = [];
const clusters: PgCluster[] = [];
const logged: Record<string, unknown>[] = [];

async function node(): Promise<PgCluster> {
  const database = await openPostgres(url, 4);
  databases.push(database);
  const opened = await openPgCluster(url, database.db, readBelief, (line) => logged.push(line));
  clusters.push(opened);
  return opened;
}

const execute = (statement: string) => runStatement(url, statement);

function belief(id: string, statement: string): BeliefRecord {
  const at = new Date().toISOString();
  return {
    id,
    owner: 'ada',
    type: 'fact',
    key: 'user.location',
    statement,
    scope: 'universal',
    pinned: false,
    confidence: 0.9,
    status: 'active',
    source: { kind: 'manual' },
    ...untouchedSince(at),
    aliases: [],
    participants: [],
    observed_at: at,
    event_at: null,
    valid_until: null,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  url = await sharedPostgres().createDatabase();
});

afterAll(async () => {
  for (const c of clusters) await c.close();
  for (const d of databases) await d.close();
});

describe('cluster port on PostgreSQL (two nodes, one database)', () => {
  it('owner lock: writers of one owner on two nodes never overlap; other owners do not wait', async () => {
    const [a, b] = [await node(), await node()];
    let inside = 0;
    let overlapped = 0;
    const section = async () => {
      inside++;
      if (inside > 1) overlapped++;
      await sleep(5);
      inside--;
    };
    const rounds = Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).cluster.ownerLock('ada', section));
    await Promise.all(rounds);
    expect(overlapped).toBe(0);

    let release!: () => void;
    const held = a.cluster.ownerLock('ada', () => new Promise<void>((r) => (release = r)));
    await sleep(50);
    const started = Date.now();
    await b.cluster.ownerLock('grace', async () => undefined);
    expect(Date.now() - started).toBeLessThan(1000);
    let bWaited = false;
    const blocked = b.cluster.ownerLock('ada', async () => {
      bWaited = true;
    });
    await sleep(200);
    expect(bWaited).toBe(false);
    release();
    await Promise.all([held, blocked]);
    expect(bWaited).toBe(true);
  });

  it('owner lock: a failing write releases the lock', async () => {
    const [a, b] = [await node(), await node()];
    await expect(a.cluster.ownerLock('ada', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(b.cluster.ownerLock('ada', async () => 'ran')).resolves.toBe('ran');
  });

  it('events: one node hears the other within a second, in order, never its own; many events split across notifications', async () => {
    const [a, b] = [await node(), await node()];
    const heardByB: [string, BeliefEvent[]][] = [];
    const heardByA: [string, BeliefEvent[]][] = [];
    b.cluster.subscribe((owner, events) => heardByB.push([owner, events]));
    a.cluster.subscribe((owner, events) => heardByA.push([owner, events]));
    const many: BeliefEvent[] = Array.from({ length: 60 }, (_, i) => ({ action: 'created', belief: belief(`id-${i}`, `statement ${i} `.repeat(20)) }));
    const sent = Date.now();
    a.cluster.publish('ada', [{ action: 'created', belief: belief('first', 'The user lives in Berlin') }]);
    a.cluster.publish('ada', many);
    for (let i = 0; i < 100 && heardByB.flatMap(([, e]) => e).length < 61; i++) await sleep(10);
    expect(Date.now() - sent).toBeLessThan(1000);
    const ids = heardByB.flatMap(([, e]) => e.map((x) => x.belief.id));
    expect(ids).toEqual(['first', ...many.map((e) => e.belief.id)]);
    expect(heardByB.length).toBeGreaterThan(2);
    expect(heardByB.every(([owner]) => owner === 'ada')).toBe(true);
    expect(heardByB[0]![1][0]!.belief.statement).toBe('The user lives in Berlin');
    expect(heardByA).toEqual([]);
  });

  it('events: a node whose listening connection is cut reconnects and hears the other again', async () => {
    const [a, b] = [await node(), await node()];
    const heard: string[] = [];
    b.cluster.subscribe((_owner, events) => heard.push(...events.map((e) => e.belief.id)));
    await execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'belief-store events' AND datname = current_database()");
    let sent = 0;
    for (let i = 0; i < 100 && heard.length === 0; i++) {
      a.cluster.publish('ada', [{ action: 'created', belief: belief(`after-cut-${sent++}`, 'The user lives in Oslo') }]);
      await sleep(100);
    }
    expect(heard.length).toBeGreaterThan(0);
    expect(logged.some((l) => l.event === 'cluster_listener_lost')).toBe(true);
  });

  it('credentials: a change that can end one, by any writer, wakes every node; a last-use write does not', async () => {
    const [a, b] = [await node(), await node()];
    let wakes = 0;
    a.cluster.onCredentialsChanged(() => wakes++);
    b.cluster.onCredentialsChanged(() => wakes++);
    await sleep(300);
    wakes = 0;
    await execute("UPDATE api_tokens SET last_used_at = 'x' WHERE false; UPDATE sessions SET last_seen_at = 'x' WHERE false");
    await sleep(300);
    expect(wakes).toBe(0);
    for (const statement of [
      "UPDATE api_tokens SET revoked_at = 'x' WHERE false",
      'UPDATE users SET active = 0 WHERE false',
      "UPDATE sessions SET terminated_at = 'x' WHERE false",
      "UPDATE meta SET value = value WHERE key = 'root_token_hash'",
    ]) {
      wakes = 0;
      const sent = Date.now();
      await execute(statement);
      for (let i = 0; i < 100 && wakes < 2; i++) await sleep(10);
      expect(wakes, statement).toBe(2);
      expect(Date.now() - sent).toBeLessThan(1000);
    }
  });

  it('rate limit: one minute counter per user across nodes', async () => {
    const [a, b] = [await node(), await node()];
    const now = Date.now();
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push(await (i % 2 ? a : b).cluster.limits.takeMinute('ada', 5, now));
    expect(verdicts.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(verdicts[5]).toBeGreaterThan(0);
    expect(await a.cluster.limits.takeMinute('grace', 5, now)).toBe(0);
    expect(await b.cluster.limits.takeMinute('ada', 5, now + 60_000)).toBe(0);
  });

  it('failed authentication: more than max failures across nodes block the address on both', async () => {
    const [a, b] = [await node(), await node()];
    const now = Date.now();
    const firsts = [];
    for (let i = 0; i < 4; i++) firsts.push(await (i % 2 ? a : b).cluster.limits.recordFailure('10.0.0.1', 60_000, now + i));
    expect(firsts).toEqual([true, false, false, false]);
    expect(await a.cluster.limits.failureBlockedFor('10.0.0.1', 3, 60_000, now + 10)).toBeGreaterThan(0);
    expect(await b.cluster.limits.failureBlockedFor('10.0.0.1', 3, 60_000, now + 10)).toBe(60);
    expect(await b.cluster.limits.failureBlockedFor('10.0.0.1', 4, 60_000, now + 10)).toBe(0);
    expect(await a.cluster.limits.failureBlockedFor('10.0.0.2', 3, 60_000, now + 10)).toBe(0);
    expect(await a.cluster.limits.failureBlockedFor('10.0.0.1', 3, 60_000, now + 60_001)).toBe(0);
  });
});
