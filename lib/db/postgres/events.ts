import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Client, Notification } from 'pg';
import type { Db } from '../schema.ts';
import type { BeliefEvent, BeliefRecord } from '../../ports/beliefs.ts';
import { backgroundFailed } from '../../background.ts';

/** Reads one belief by id (the world model's), for an event too large to travel whole. */
export type ReadBelief = (db: Db, id: string) => Promise<BeliefRecord | null>;

const CHANNEL = 'belief_store_beliefs';
/** Notified by triggers (schema/postgres/0002_cluster.sql) when a credential may have ended. */
const CREDENTIALS = 'belief_store_credentials';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_MS = 1000;

/** One event on the wire: the belief itself, or only its id when the record alone would not fit. */
type WireEvent = { a: BeliefEvent['action']; b: BeliefEvent['belief'] } | { a: BeliefEvent['action']; id: string };
interface Envelope {
  /** The publishing process, which ignores its own notifications. */
  n: string;
  o: string;
  e: WireEvent[];
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * Events between processes sharing one PostgreSQL database, over LISTEN/NOTIFY: belief events,
 * published through the app's database connections after the change committed, and the
 * credential triggers' wake-ups; received on one dedicated connection (reconnected while the
 * process runs; what was published while it is down is not replayed).
 */
export class PgEvents {
  private readonly node = randomUUID();
  private readonly listeners: ((owner: string, events: BeliefEvent[]) => void)[] = [];
  private readonly credentialListeners: (() => void)[] = [];
  private listener: Client | null = null;
  private sending: Promise<unknown> = Promise.resolve();
  private receiving: Promise<unknown> = Promise.resolve();
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly newClient: () => Client,
    private readonly db: Db,
    private readonly readBelief: ReadBelief,
    private readonly log: (line: Record<string, unknown>) => void,
  ) {}

  /** Resolves once this process listens (its first connection); later losses reconnect on their own. */
  async start(): Promise<void> {
    const client = this.newClient();
    client.on('notification', (n) => this.onNotification(n));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${CREDENTIALS}`);
    } catch (err) {
      void client.end().catch(() => undefined);
      throw err;
    }
    this.listener = client;
    // Whatever ended while no connection listened is found now.
    for (const listener of this.credentialListeners) listener();
  }

  private lost(client: Client, err: Error | null): void {
    if (this.listener !== client || this.closed) return;
    this.listener = null;
    backgroundFailed(this.log, 'cluster_listen', err ?? new Error('the listening connection ended'), 'cluster_listener_lost');
    void client.end().catch(() => undefined);
    const again = () => {
      this.retry = null;
      if (this.closed) return;
      this.start().catch((e: unknown) => {
        backgroundFailed(this.log, 'cluster_listen', e);
        this.retry = setTimeout(again, RECONNECT_MS);
      });
    };
    this.retry = setTimeout(again, RECONNECT_MS);
  }

  subscribe(listener: (owner: string, events: BeliefEvent[]) => void): void {
    this.listeners.push(listener);
  }

  onCredentialsChanged(listener: () => void): void {
    this.credentialListeners.push(listener);
  }

  /** Sends in order, after every earlier publication of this process. */
  publish(owner: string, events: BeliefEvent[]): void {
    for (const envelope of this.envelopes(owner, events)) {
      const payload = JSON.stringify(envelope);
      this.sending = this.sending
        .then(() => sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(this.db))
        .catch((err: unknown) => backgroundFailed(this.log, 'cluster_publish', err));
    }
  }

  /** Splits the events into as few notifications as fit the payload limit. */
  private envelopes(owner: string, events: BeliefEvent[]): Envelope[] {
    const out: Envelope[] = [];
    let current: Envelope = { n: this.node, o: owner, e: [] };
    const empty = bytes(current);
    let size = empty;
    for (const event of events) {
      let wire: WireEvent = { a: event.action, b: event.belief };
      if (empty + bytes(wire) + 1 > MAX_PAYLOAD_BYTES) wire = { a: event.action, id: event.belief.id };
      const cost = bytes(wire) + 1;
      if (size + cost > MAX_PAYLOAD_BYTES && current.e.length > 0) {
        out.push(current);
        current = { n: this.node, o: owner, e: [] };
        size = empty;
      }
      current.e.push(wire);
      size += cost;
    }
    if (current.e.length > 0) out.push(current);
    return out;
  }

  private onNotification(n: Notification): void {
    if (n.channel === CREDENTIALS) {
      for (const listener of this.credentialListeners) listener();
      return;
    }
    if (n.channel !== CHANNEL || !n.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(n.payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.n === this.node) return;
    // Kept in arrival order, also when some events must be read back from the database.
    this.receiving = this.receiving
      .then(async () => {
        const events = await this.resolve(envelope.e);
        if (events.length > 0) for (const listener of this.listeners) listener(envelope.o, events);
      })
      .catch((err: unknown) => backgroundFailed(this.log, 'cluster_receive', err));
  }

  private async resolve(wire: WireEvent[]): Promise<BeliefEvent[]> {
    const events: BeliefEvent[] = [];
    for (const w of wire) {
      if ('b' in w) {
        events.push({ action: w.a, belief: w.b });
        continue;
      }
      const belief = await this.readBelief(this.db, w.id);
      if (belief) events.push({ action: w.a, belief });
    }
    return events;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    await this.sending;
    await client?.end().catch(() => undefined);
  }
}
