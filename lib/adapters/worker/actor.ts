import type { DurableObjectState, WebSocket as CfWebSocket, WebSocketPair as CfWebSocketPair } from '@cloudflare/workers-types/index';
import { masterKeyOf } from '../../provider-keys.ts';
import type { Deps, Platform } from '../../deps.ts';
import { parseSettings } from '../../settings.ts';
import { ApiError } from '../../errors.ts';
import { MAX_SOCKET_FRAME_BYTES, MAX_SOCKETS_PER_USER, tooManySockets, WorldActor, type SocketHandle } from '../../world/actor.ts';
import type { WorldPort } from '../../world/port.ts';
import type { BeliefSource, SocketSpec, Turn } from '../../world/types.ts';
import { openD1 } from './d1.ts';
import type { WorkerEnv } from './index.ts';
import { OWNER_HEADER, SOCKET_HEADER, type ActorCall } from './world.ts';

/** Open sockets re-check their credential this often (revocation closes them within 1 s). */
const RECHECK_MS = 400;

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
 * applies the owner's belief changes one at a time and holds the owner's sockets with the
 * hibernation API; an alarm re-checks their credentials while any is open.
 */
export class WorldModelActor {
  private readonly deps: Deps;
  private actor: WorldActor | null = null;
  private readonly handles = new WeakMap<CfWebSocket, SocketHandle>();

  constructor(
    readonly state: DurableObjectState,
    readonly env: WorkerEnv,
  ) {
    const vars: Record<string, string> = {};
    for (const [k, v] of Object.entries(env)) if (typeof v === 'string') vars[k] = v;
    const settings = parseSettings(vars);
    const { db, atomic } = openD1(env.DB);
    const platform: Platform = {
      peerAddress: () => null,
      background: (_c, work) => state.waitUntil(work),
      log: (line) => console.log(JSON.stringify(line)),
    };
    const masterKey = masterKeyOf(settings);
    this.deps = { settings, db, atomic, platform, masterKey, now: () => new Date(), world: inActor };
  }

  private core(owner: string): WorldActor {
    this.actor ??= new WorldActor(this.deps, owner, () => this.sockets());
    return this.actor;
  }

  private sockets(): SocketHandle[] {
    return this.state.getWebSockets().map((ws) => this.handle(ws));
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

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/connect') return this.connect(request);
    const owner = decodeURIComponent(request.headers.get(OWNER_HEADER) ?? '');
    if (!owner) return Response.json({ error: 'owner missing' }, { status: 400 });
    const call = (await request.json()) as ActorCall;
    try {
      const actor = this.core(owner);
      const result = call.kind === 'extract' ? await actor.extractFromChat(call.turns as Turn[], call.source as BeliefSource, call.scope) : await actor.change(call.op);
      return Response.json({ result });
    } catch (err) {
      if (err instanceof ApiError) return Response.json({ error: err.message, code: err.code }, { status: err.status });
      this.deps.platform.log({ level: 'error', event: 'world_actor_failed', error: String((err as Error)?.stack ?? err) });
      return Response.json({ error: 'world actor failed' }, { status: 500 });
    }
  }

  private async connect(request: Request): Promise<Response> {
    const spec = JSON.parse(decodeURIComponent(request.headers.get(SOCKET_HEADER) ?? '')) as SocketSpec;
    this.core(spec.owner);
    // Checked and accepted with no await between, so concurrent upgrades cannot overshoot.
    if (this.state.getWebSockets().length >= MAX_SOCKETS_PER_USER) {
      const refusal = tooManySockets();
      return Response.json({ error: refusal.message, code: refusal.code }, { status: refusal.status });
    }
    const Pair = (globalThis as unknown as { WebSocketPair: typeof CfWebSocketPair }).WebSocketPair;
    const pair = new Pair();
    const client = pair[0];
    const server = pair[1];
    this.state.acceptWebSocket(server);
    server.serializeAttachment({ spec, seq: 0 } satisfies Attachment);
    if ((await this.state.storage.getAlarm()) === null) await this.state.storage.setAlarm(Date.now() + RECHECK_MS);
    return new Response(null, { status: 101, webSocket: client } as ResponseInit);
  }

  async webSocketMessage(ws: CfWebSocket, message: string | ArrayBuffer): Promise<void> {
    const h = this.handle(ws);
    if (typeof message === 'string' && message.length > MAX_SOCKET_FRAME_BYTES) return h.close(1009, 'frame too large');
    await this.core(h.spec.owner).message(h, message);
  }

  async webSocketClose(ws: CfWebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  async alarm(): Promise<void> {
    const open = this.state.getWebSockets();
    if (open.length === 0) return;
    const owner = (open[0]!.deserializeAttachment() as Attachment).spec.owner;
    try {
      await this.core(owner).recheck();
    } finally {
      if (this.state.getWebSockets().length > 0) await this.state.storage.setAlarm(Date.now() + RECHECK_MS);
    }
  }
}
