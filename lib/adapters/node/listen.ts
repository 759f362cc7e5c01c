import type { Server } from 'node:http';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { WebSocketServer } from 'ws';
import { SettingsError } from '../../settings.ts';
import { STREAMS_END_AFTER_MS } from '../../providers/open-streams.ts';
import { BufferedIncomingMessage } from './incoming.ts';

/**
 * How long a shutdown waits for requests in flight (API.md §1: the process exits within 10 s of
 * the signal). Streams still open then are ended with an error event, and CUT_MS later every
 * connection still open is closed, leaving time to flush the buffers and close the database.
 */
const CUT_MS = 500;

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
    const s = serve({ fetch, hostname: host, port, websocket: { server: wss }, serverOptions: { IncomingMessage: BufferedIncomingMessage } }, () =>
      resolveServer(s as Server),
    );
    s.once('error', (err) => reject(listenError(err, host, port)));
  });
}

/**
 * Takes no new connections; requests in flight (a streamed chat) get STREAMS_END_AFTER_MS to finish, then
 * `endStreams` ends the streams still open (each with an error event, so its client raises rather
 * than take the cut answer as complete), and CUT_MS later what is still open is closed. A
 * keep-alive connection whose request finishes during the drain is closed once idle.
 */
export function stopListening(server: Server, endStreams: () => void): Promise<void> {
  return new Promise<void>((done) => {
    let cut: ReturnType<typeof setTimeout> | undefined;
    const deadline = setTimeout(() => {
      endStreams();
      cut = setTimeout(() => server.closeAllConnections(), CUT_MS);
    }, STREAMS_END_AFTER_MS);
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearTimeout(deadline);
      clearTimeout(cut);
      clearInterval(idle);
      done();
    });
    server.closeIdleConnections();
  });
}
