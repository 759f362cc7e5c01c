import type { DurableObjectNamespace, WebSocket as CfWebSocket, WebSocketPair as CfWebSocketPair } from '@cloudflare/workers-types/index';
import { ApiError } from '../../errors.ts';
import type { WorldOp, WorldPort, WorldResults } from '../../ports/world.ts';
import { SOCKET_HEADER, type ActorAnswer, type WorldModelActor } from './actor.ts';

/** The workerd world model: each owner's actor is the Durable Object `WORLD.idFromName(owner)`. */
export function workerWorld(ns: DurableObjectNamespace<WorldModelActor>): WorldPort {
  const stub = (owner: string) => ns.get(ns.idFromName(owner));

  return {
    extract: async (owner, turns, source, scope) => unwrapAnswer(await stub(owner).extract(owner, turns, source, scope)),
    change: async <O extends WorldOp>(owner: string, op: O) => unwrapAnswer(await stub(owner).change(owner, op)) as WorldResults[O['op']],
    connect: async (_c, spec) => {
      const res = await stub(spec.owner).fetch('https://world/connect', {
        headers: { upgrade: 'websocket', [SOCKET_HEADER]: encodeURIComponent(JSON.stringify(spec)) },
      });
      if (!res.webSocket) {
        const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
        if (body.code && res.status >= 400 && res.status < 500) throw new ApiError(res.status as ApiError['status'], body.code, body.error ?? body.code);
        throw new Error(`world actor: ${body.error ?? res.status}`);
      }
      return relay(res.webSocket);
    },
  };
}

/** An actor's answer as the caller's value, or its refusal as the caller's error (status and code kept). */
function unwrapAnswer<T>(answer: ActorAnswer<T>): T {
  if (answer.ok) return answer.value;
  throw new ApiError(answer.status as ApiError['status'], answer.code, answer.message);
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
