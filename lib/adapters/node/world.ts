import { upgradeWebSocket, type HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { WebSocket } from 'ws';
import type { AppEnv } from '../../deps.ts';
import type { AppDeps } from '../../services.ts';
import { MAX_SOCKETS_PER_USER, tooManySockets, WorldActor, type SocketHandle } from '../../world/actor.ts';
import type { WorldOp, WorldPort, WorldResults } from '../../ports/world.ts';
import type { BeliefEvent, BeliefSource, SocketSpec, Turn } from '../../ports/beliefs.ts';

/** How often open sockets re-check their credential (revocation must close them within 1 s). */
const RECHECK_MS = 250;

interface Owner {
  actor: WorldActor;
  sockets: Set<SocketHandle>;
  /** Connections upgraded or upgrading to a socket of this owner, released when the connection closes. */
  slots: number;
}

/** The Node world model: one in-process actor per owner; sockets through @hono/node-server's ws upgrade. */
export class NodeWorld implements WorldPort {
  private readonly owners = new Map<string, Owner>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private rechecking = false;
  /** A credential change arrived during a re-check, which may have read the rows before it. */
  private recheckAgain = false;

  /** `deps` is read when an owner's actor is first needed (the deps hold this world, so they are built after it). */
  constructor(private readonly deps: () => AppDeps) {}

  private owner(name: string): Owner {
    let entry = this.owners.get(name);
    if (!entry) {
      const sockets = new Set<SocketHandle>();
      const deps = this.deps();
      // Socket frames count in the same per-user minute as the HTTP requests of this process.
      entry = { actor: new WorldActor(deps, name, () => [...sockets], deps.services.requests), sockets, slots: 0 };
      this.owners.set(name, entry);
    }
    return entry;
  }

  extract(owner: string, turns: Turn[], source: BeliefSource, scope?: string): Promise<BeliefEvent[]> {
    return this.owner(owner).actor.extractFromChat(turns, source, scope);
  }

  change<O extends WorldOp>(owner: string, op: O): Promise<WorldResults[O['op']]> {
    return this.owner(owner).actor.change(op);
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
    connection.once('close', () => void entry.slots--);
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
        if (handle) void entry.actor.message(handle, event.data as string | ArrayBuffer);
      },
      onClose: () => {
        if (handle) entry.sockets.delete(handle);
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
    } catch {
      // a failed check is retried on the next tick
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
    for (const o of this.owners.values()) for (const s of o.sockets) s.close(1001, 'server shutting down');
  }
}
