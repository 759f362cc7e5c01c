import { upgradeWebSocket, type HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { WebSocket } from 'ws';
import { backgroundFailed, guarded } from '../../background.ts';
import type { AppEnv } from '../../deps.ts';
import type { AppDeps } from '../../services.ts';
import { MAX_SOCKETS_PER_USER, tooManySockets, WorldActor, type SocketHandle } from '../../world/actor.ts';
import type { WorldOp, WorldPort, WorldResults } from '../../ports/world.ts';
import type { BeliefEvent, BeliefSource, SocketSpec, Turn } from '../../ports/beliefs.ts';
import { extractorThread } from './extract-thread.ts';

/** How often open sockets re-check their credential (revocation must close them within 1 s). */
const RECHECK_MS = 250;
/**
 * An owner's actor idle this long — no call into it unsettled, no socket open or opening — is
 * dropped, and the owner's next request builds a fresh one. At least a minute, so a dropped
 * actor's extraction write budget (per clock minute, lib/world/beliefs/quota.ts) belongs to a minute
 * that is over. A deactivated or deleted owner's actor goes as soon as it is idle (release).
 */
const ACTOR_IDLE_MS = 60_000;

interface Owner {
  actor: WorldActor;
  sockets: Set<SocketHandle>;
  /** Connections upgraded or upgrading to a socket of this owner, released when the connection closes. */
  slots: number;
  /** Calls into the actor not yet settled (queued or running work). */
  calls: number;
  /** When the owner last had a call settle or a socket come or go (ms since the epoch). */
  lastUsed: number;
  /** Dropped as soon as it is idle, without waiting out the idle time. */
  released: boolean;
}

/** The Node world model: one in-process actor per owner; sockets through @hono/node-server's ws upgrade. */
export class NodeWorld implements WorldPort {
  private readonly owners = new Map<string, Owner>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private rechecking = false;
  /** A credential change arrived during a re-check, which may have read the rows before it. */
  private recheckAgain = false;
  /** The last re-check failed: the next failure is not logged again (the database is away; they come 4 a second). */
  private recheckFailing = false;

  /**
   * `deps` is read when an owner's actor is first needed (the deps hold this world, so they are
   * built after it); `idleMs` is ACTOR_IDLE_MS but for tests.
   */
  constructor(
    private readonly deps: () => AppDeps,
    private readonly idleMs = ACTOR_IDLE_MS,
  ) {}

  private readonly log = (line: Record<string, unknown>) => this.deps().platform.log(line);
  /** The built-in extractor's thread, started (and warmed) with the first world of the process. */
  private readonly extractor = extractorThread(this.log);

  private owner(name: string): Owner {
    let entry = this.owners.get(name);
    if (!entry) {
      const sockets = new Set<SocketHandle>();
      const deps = this.deps();
      // Socket frames count in the same per-user minute as the HTTP requests of this process.
      entry = {
        actor: new WorldActor(deps, name, () => [...sockets], deps.services.requests, this.extractor),
        sockets,
        slots: 0,
        calls: 0,
        lastUsed: Date.now(),
        released: false,
      };
      this.owners.set(name, entry);
      this.startSweeps();
    }
    return entry;
  }

  /** A call into the owner's actor, counted until it settles so the actor is not dropped meanwhile. */
  private call<T>(name: string, entry: Owner, work: (actor: WorldActor) => Promise<T>): Promise<T> {
    entry.calls++;
    let running: Promise<T>;
    try {
      running = work(entry.actor);
    } catch (err) {
      running = Promise.reject(err);
    }
    return running.finally(() => {
      entry.calls--;
      this.used(name, entry);
    });
  }

  private used(name: string, entry: Owner): void {
    entry.lastUsed = Date.now();
    if (entry.released) this.dropIfIdle(name, entry);
  }

  private dropIfIdle(name: string, entry: Owner): void {
    if (entry.calls > 0 || entry.sockets.size > 0 || entry.slots > 0 || this.owners.get(name) !== entry) return;
    this.owners.delete(name);
    if (this.owners.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  private startSweeps(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      const idleSince = Date.now() - this.idleMs;
      for (const [name, entry] of this.owners) if (entry.lastUsed <= idleSince) this.dropIfIdle(name, entry);
    }, this.idleMs / 4);
    this.sweeper.unref?.();
  }

  extract(owner: string, turns: Turn[], source: BeliefSource, scope?: string): Promise<BeliefEvent[]> {
    return this.call(owner, this.owner(owner), (actor) => actor.extractFromChat(turns, source, scope));
  }

  change<O extends WorldOp>(owner: string, op: O): Promise<WorldResults[O['op']]> {
    return this.call(owner, this.owner(owner), (actor) => actor.change(op));
  }

  /** Drops the owner's actor as soon as it is idle (the owner was deactivated or deleted). */
  release(owner: string): void {
    const entry = this.owners.get(owner);
    if (!entry) return;
    entry.released = true;
    this.dropIfIdle(owner, entry);
  }

  actors(): number {
    return this.owners.size;
  }

  /** Belief events another process applied: to this process's feeds of that owner. */
  receive(owner: string, events: BeliefEvent[]): void {
    const entry = this.owners.get(owner);
    if (entry && entry.sockets.size > 0) entry.actor.deliver(events);
  }

  async connect(c: Context<AppEnv>, spec: SocketSpec): Promise<Response> {
    const entry = this.owner(spec.owner);
    // Counted from the upgrade request until its connection closes, so concurrent upgrades cannot overshoot.
    if (entry.slots >= MAX_SOCKETS_PER_USER) throw tooManySockets();
    const connection = (c.env as HttpBindings).incoming.socket;
    entry.slots++;
    connection.once('close', () => {
      entry.slots--;
      this.used(spec.owner, entry);
    });
    let handle: SocketHandle | null = null;
    const upgrade = upgradeWebSocket(() => ({
      onOpen: (_event, ws) => {
        const raw = ws.raw as WebSocket;
        let seq = 0;
        handle = {
          spec,
          pending: 0,
          nextSeq: () => ++seq,
          send: (frame) => {
            if (raw.readyState === raw.OPEN) raw.send(JSON.stringify(frame));
          },
          buffered: () => raw.bufferedAmount,
          close: (code, reason) => {
            if (raw.readyState === raw.OPEN || raw.readyState === raw.CONNECTING) raw.close(code, reason);
          },
        };
        entry.sockets.add(handle);
        this.startRechecks();
      },
      onMessage: (event, _ws) => {
        const from = handle;
        if (from)
          void guarded(
            this.log,
            'socket_frame',
            this.call(spec.owner, entry, (actor) => actor.message(from, event.data as string | ArrayBuffer)),
          );
      },
      onClose: () => {
        if (handle) entry.sockets.delete(handle);
        this.used(spec.owner, entry);
      },
    }));
    return (await upgrade(c, async () => {})) as Response;
  }

  private startRechecks(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.recheck(), RECHECK_MS);
    this.timer.unref?.();
  }

  /** Re-checks every open socket's credential now (a credential may have ended on any process). */
  recheckNow(): void {
    if (this.rechecking) this.recheckAgain = true;
    else void this.recheck();
  }

  private async recheck(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    this.recheckAgain = false;
    try {
      const live = [...this.owners.values()].filter((o) => o.sockets.size > 0);
      if (live.length === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
      await Promise.all(live.map((o) => o.actor.recheck()));
      this.recheckFailing = false;
    } catch (err) {
      // Retried on the next tick; a run of failures is logged and counted once.
      if (!this.recheckFailing) backgroundFailed(this.log, 'socket_recheck', err);
      this.recheckFailing = true;
    } finally {
      this.rechecking = false;
      if (this.recheckAgain) void this.recheck();
    }
  }

  openSockets(): number {
    let n = 0;
    for (const o of this.owners.values()) n += o.sockets.size;
    return n;
  }

  /** Closes every socket (server shutdown). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    for (const o of this.owners.values()) for (const s of o.sockets) s.close(1001, 'server shutting down');
  }
}
