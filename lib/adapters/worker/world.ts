import type { DurableObjectNamespace, WebSocket as CfWebSocket, WebSocketPair as CfWebSocketPair } from '@cloudflare/workers-types/index';
import { ApiError } from '../../errors.ts';
import type { WorldOp, WorldPort, WorldResults } from '../../world/port.ts';
import type { BeliefEvent } from '../../world/types.ts';

/** The request an actor call travels in (worker → Durable Object). */
export type ActorCall = { kind: 'extract'; turns: unknown; source: unknown; scope?: string } | { kind: 'change'; op: WorldOp };

export const OWNER_HEADER = 'x-world-owner';
export const SOCKET_HEADER = 'x-world-socket';

/** The workerd world model: each owner's actor is the Durable Object `WORLD.idFromName(owner)`. */
export function workerWorld(ns: DurableObjectNamespace): WorldPort {
  const stub = (owner: string) => ns.get(ns.idFromName(owner));

  async function call(owner: string, body: ActorCall): Promise<unknown> {
    const res = await stub(owner).fetch('https://world/op', {
      method: 'POST',
      headers: { [OWNER_HEADER]: encodeURIComponent(owner), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { result?: unknown; error?: string; code?: string };
    if (!res.ok) throw refusal(res.status, json);
    return json.result;
  }

  return {
    extract: async (owner, turns, source, scope) => (await call(owner, { kind: 'extract', turns, source, scope })) as BeliefEvent[],
    change: async <O extends WorldOp>(owner: string, op: O) => (await call(owner, { kind: 'change', op })) as WorldResults[O['op']],
    connect: async (_c, spec) => {
      const res = await stub(spec.owner).fetch('https://world/connect', {
        headers: { upgrade: 'websocket', [SOCKET_HEADER]: encodeURIComponent(JSON.stringify(spec)) },
      });
      if (!res.webSocket) throw refusal(res.status, (await res.json().catch(() => ({}))) as { error?: string; code?: string });
      return relay(res.webSocket);
    },
  };
}

/** An actor's refusal as the caller's error: a coded one (quota, socket limit) keeps its status and code. */
function refusal(status: number, body: { error?: string; code?: string }): Error {
  if (body.code && status >= 400 && status < 500) return new ApiError(status as ApiError['status'], body.code, body.error ?? body.code);
  return new Error(`world actor: ${body.error ?? status}`);
}

/**
 * Hands the client a socket relayed to the actor's (hibernatable) end. workerd does not end the
 * client's TCP connection when a hibernatable socket is closed by the server before the client
 * has sent a frame (seen with miniflare 4.20260426), which would hold a 4401 close for ~30 s in
 * the client; closing a socket accepted here ends the connection at once.
 */
function relay(upstream: CfWebSocket): Response {
  const Pair = (globalThis as unknown as { WebSocketPair: typeof CfWebSocketPair }).WebSocketPair;
  const pair = new Pair();
  const [client, downstream] = [pair[0], pair[1]];
  for (const ws of [upstream, downstream]) {
    ws.binaryType = 'arraybuffer';
    ws.accept();
  }
  const closeCode = (code: number) => (code === 1005 || code === 1006 || code === 1015 ? 1000 : code);
  const guard = (f: () => void) => {
    try {
      f();
    } catch {
      // the other side is already closed
    }
  };
  upstream.addEventListener('message', (e) => guard(() => downstream.send(e.data)));
  downstream.addEventListener('message', (e) => guard(() => upstream.send(e.data)));
  upstream.addEventListener('close', (e) => guard(() => downstream.close(closeCode(e.code), e.reason)));
  downstream.addEventListener('close', (e) => guard(() => upstream.close(closeCode(e.code), e.reason)));
  upstream.addEventListener('error', () => guard(() => downstream.close(1011, 'world actor failed')));
  downstream.addEventListener('error', () => guard(() => upstream.close(1011, 'client failed')));
  return new Response(null, { status: 101, webSocket: client } as ResponseInit);
}
