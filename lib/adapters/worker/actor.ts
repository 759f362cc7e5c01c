import type {
  Request as CfRequest,
  Response as CfResponse,
  DurableObjectState,
  WebSocket as CfWebSocket,
  WebSocketPair as CfWebSocketPair,
} from '@cloudflare/workers-types/index';
import { DurableObject } from 'cloudflare:workers';
import type { Deps } from '../../deps.ts';
import { ApiError, databaseFault } from '../../errors.ts';
import { MAX_SOCKET_FRAME_BYTES, MAX_SOCKETS_PER_USER, tooManySockets, WorldActor, type SocketHandle } from '../../world/actor.ts';
import type { WorldOp, WorldPort, WorldResults } from '../../ports/world.ts';
import type { BeliefEvent, BeliefSource, SocketSpec, Turn } from '../../ports/beliefs.ts';
import { workerDeps, type WorkerEnv } from './start.ts';
import { requestLimit, type RequestLimit } from '../../request-limit.ts';

/** Open sockets re-check their credential this often (revocation closes them within 1 s). */
const RECHECK_MS = 400;

/** The header of the upgrade request (`fetch`) that carries the socket's spec, URI-encoded JSON. */
export const SOCKET_HEADER = 'x-world-socket';

/**
 * What an actor's RPC method answers. A refusal (quota, socket limit) travels as a value: RPC
 * carries only an exception's message, and the caller needs its status and code.
 */
export type ActorAnswer<T> = { ok: true; value: T } | { ok: false; status: number; code: string; message: string };

interface Attachment {
  spec: SocketSpec;
  seq: number;
}

const inActor: WorldPort = {
  extract: () => Promise.reject(new Error('the world port is not available inside an actor')),
  change: () => Promise.reject(new Error('the world port is not available inside an actor')),
  connect: () => Promise.reject(new Error('the world port is not available inside an actor')),
};

/**
 * The world-model actor of one owner under workerd (a Durable Object, `WORLD.idFromName(owner)`):
 * applies the owner's belief changes one at a time (`extract`, `change`, called over RPC) and
 * holds the owner's sockets with the hibernation API (accepted in `fetch`, the one call that can
 * hand back a WebSocket); an alarm re-checks their credentials while any is open.
 */
export class WorldModelActor extends DurableObject<WorkerEnv> {
  private readonly deps: Deps;
  /** The owner's socket frames against SERVICE_RATE_LIMIT_RPM, counted in this object (one per owner). */
  private readonly requests: RequestLimit | null;
  private actor: WorldActor | null = null;
  private readonly handles = new WeakMap<CfWebSocket, SocketHandle>();

  constructor(ctx: DurableObjectState, env: WorkerEnv) {
    super(ctx, env);
    this.deps = workerDeps(env, (_c, work) => ctx.waitUntil(work), inActor);
    this.requests = requestLimit(this.deps);
  }

  async extract(owner: string, turns: Turn[], source: BeliefSource, scope?: string): Promise<ActorAnswer<BeliefEvent[]>> {
    return this.answer(() => this.core(owner).extractFromChat(turns, source, scope));
  }

  async change(owner: string, op: WorldOp): Promise<ActorAnswer<WorldResults[WorldOp['op']]>> {
    return this.answer(() => this.core(owner).change(op));
  }

  private async answer<T>(work: () => Promise<T>): Promise<ActorAnswer<T>> {
    try {
      return { ok: true, value: await work() };
    } catch (err) {
      // A full disk (507) or an unreachable database (503) reaches the caller as such, not as a 500.
      const known = err instanceof ApiError ? err : databaseFault(err);
      if (known) return { ok: false, status: known.status, code: known.code, message: known.message };
      this.deps.platform.log({ level: 'error', event: 'world_actor_failed', error: String((err as Error)?.stack ?? err) });
      throw new Error('world actor failed');
    }
  }

  private core(owner: string): WorldActor {
    this.actor ??= new WorldActor(this.deps, owner, () => this.sockets(), this.requests);
    return this.actor;
  }

  private sockets(): SocketHandle[] {
    return this.ctx.getWebSockets().map((ws) => this.handle(ws));
  }

  private handle(ws: CfWebSocket): SocketHandle {
    let h = this.handles.get(ws);
    if (!h) {
      const attachment = ws.deserializeAttachment() as Attachment;
      h = {
        spec: attachment.spec,
        pending: 0,
        nextSeq: () => {
          const a = ws.deserializeAttachment() as Attachment;
          a.seq += 1;
          ws.serializeAttachment(a);
          return a.seq;
        },
        send: (frame) => {
          try {
            ws.send(JSON.stringify(frame));
          } catch {
            // the peer is gone; its close event removes it
          }
        },
        buffered: () => 0,
        close: (code, reason) => {
          try {
            ws.close(code, reason);
          } catch {
            // already closing
          }
        },
      };
      this.handles.set(ws, h);
    }
    return h;
  }

  /** The WebSocket upgrade of a socket already authenticated by the app; its spec is in SOCKET_HEADER. */
  override async fetch(request: CfRequest): Promise<CfResponse> {
    const spec = JSON.parse(decodeURIComponent(request.headers.get(SOCKET_HEADER) ?? '')) as SocketSpec;
    this.core(spec.owner);
    // Checked and accepted with no await between, so concurrent upgrades cannot overshoot.
    if (this.ctx.getWebSockets().length >= MAX_SOCKETS_PER_USER) {
      const refusal = tooManySockets();
      return Response.json({ error: refusal.message, code: refusal.code }, { status: refusal.status }) as unknown as CfResponse;
    }
    const Pair = (globalThis as unknown as { WebSocketPair: typeof CfWebSocketPair }).WebSocketPair;
    const pair = new Pair();
    const client = pair[0];
    const server = pair[1];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ spec, seq: 0 } satisfies Attachment);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + RECHECK_MS);
    return new Response(null, { status: 101, webSocket: client } as ResponseInit) as unknown as CfResponse;
  }

  override async webSocketMessage(ws: CfWebSocket, message: string | ArrayBuffer): Promise<void> {
    const h = this.handle(ws);
    if (typeof message === 'string' && message.length > MAX_SOCKET_FRAME_BYTES) return h.close(1009, 'frame too large');
    await this.core(h.spec.owner).message(h, message);
  }

  override async webSocketClose(ws: CfWebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  override async alarm(): Promise<void> {
    const open = this.ctx.getWebSockets();
    if (open.length === 0) return;
    const owner = (open[0]!.deserializeAttachment() as Attachment).spec.owner;
    try {
      await this.core(owner).recheck();
    } finally {
      if (this.ctx.getWebSockets().length > 0) await this.ctx.storage.setAlarm(Date.now() + RECHECK_MS);
    }
  }
}
