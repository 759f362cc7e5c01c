import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { STATUS_CODES } from 'node:http';

/**
 * Writes a refused WebSocket upgrade (401, 403, 429, …) to the client with its body, then closes
 * the connection. @hono/node-server answers refused upgrades itself with an empty body; once the
 * socket is closed here it leaves it alone, so the client reads the error in the route's shape.
 */
export async function refuseUpgrade(env: HttpBindings, response: Response): Promise<void> {
  const socket = env.incoming.socket;
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'connection' && name !== 'transfer-encoding') lines.push(`${name}: ${value}`);
  });
  lines.push(`content-length: ${body.length}`, 'connection: close', '', '');
  if (socket.destroyed) return;
  await new Promise<void>((done) => {
    socket.once('close', () => done());
    socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]), () => socket.destroy());
  });
}

/** True for an upgrade request the app refused (the adapter's own upgrade path has no `outgoing`). */
export function refusedUpgrade(request: Request, env: HttpBindings | Http2Bindings | undefined, response: Response): env is HttpBindings {
  return response.status >= 400 && env?.outgoing === undefined && env?.incoming !== undefined && request.headers.get('upgrade')?.toLowerCase() === 'websocket';
}
