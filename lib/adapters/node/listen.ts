import type { Server } from 'node:http';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { WebSocketServer } from 'ws';
import { SettingsError } from '../../settings.ts';

/** How long a shutdown waits for requests in flight before it cuts them (API.md §1: up to 10 s in all). */
const DRAIN_MS = 9000;

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Promise<Response>;

/** A listen failure as a refusal naming the setting at fault. */
export function listenError(err: NodeJS.ErrnoException, host: string, port: number): Error {
  switch (err.code) {
    case 'EADDRINUSE':
      return new SettingsError(`PORT: ${port} is already in use on ${host}`);
    case 'EACCES':
      return new SettingsError(`PORT: this user may not listen on port ${port} (ports below 1024 need privileges)`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new SettingsError(`HOST: cannot listen on "${host}" (${err.code}): not an address of this machine`);
    default:
      return err;
  }
}

/** Serves `fetch` (and WebSocket upgrades through `wss`) on host:port once listening; a failure names the setting at fault. */
export function listen(fetch: Fetch, host: string, port: number, wss: WebSocketServer): Promise<Server> {
  return new Promise<Server>((resolveServer, reject) => {
    const s = serve({ fetch, hostname: host, port, websocket: { server: wss } }, () => resolveServer(s as Server));
    s.once('error', (err) => reject(listenError(err, host, port)));
  });
}

/**
 * Takes no new connections; requests in flight (a streamed chat) get DRAIN_MS to finish. A
 * keep-alive connection whose request finishes during the drain is closed once idle.
 */
export function stopListening(server: Server): Promise<void> {
  return new Promise<void>((done) => {
    const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearTimeout(cut);
      clearInterval(idle);
      done();
    });
    server.closeIdleConnections();
  });
}
