import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { LINGER } from '../../linger.ts';

/**
 * Lingering close on Node. Node answers a `Connection: close` response by destroying the socket
 * as soon as the answer is written; with body bytes still arriving, the kernel then resets the
 * connection and the client often never reads the answer. For a request answered before its body
 * was read, the socket instead stays open after the answer and reads and discards what the client
 * still sends, until the client closes or LINGER runs out. Its write side stays open too: a
 * client still sending its body gets no broken pipe, and it knows the answer is complete from its
 * framing and `Connection: close`.
 */
export class Lingering {
  private readonly sockets = new Set<Socket>();

  /** The response to send: marked `Connection: close` and lingering when the request body is unread. */
  apply(env: HttpBindings | Http2Bindings, response: Response): Response {
    const { incoming } = env;
    // Upgrades (no `outgoing`) are answered on their own path; only HTTP/1 connections linger.
    if (!(incoming instanceof IncomingMessage) || env.outgoing === undefined || incoming.complete) return response;
    const socket = incoming.socket;
    let started = false;
    // Called by Node once the answer is written (and by @hono/node-server when its own short drain gives up).
    socket.destroySoon = () => {
      if (started) return;
      started = true;
      this.linger(socket, incoming);
    };
    try {
      response.headers.set('connection', 'close');
      return response;
    } catch {
      // immutable headers (a provider's response passed through): copy them
      const headers = new Headers(response.headers);
      headers.set('connection', 'close');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
  }

  /** Ends every lingering connection now (server shutdown). */
  closeAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  private linger(socket: Socket, incoming: IncomingMessage): void {
    if (socket.destroyed) return;
    this.sockets.add(socket);
    let read = 0;
    const stop = () => {
      clearTimeout(total);
      clearTimeout(idle);
      this.sockets.delete(socket);
      socket.destroy();
    };
    const total = setTimeout(stop, LINGER.totalMs);
    const idle = setTimeout(stop, LINGER.idleMs);
    socket.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER.bytes) stop();
      else idle.refresh();
    });
    socket.once('end', stop);
    socket.once('close', stop);
    // The whole body has arrived: close as usual (FIN), the client then closes its side.
    incoming.once('end', () => socket.end());
    // Node reads the socket only while the request stream is consumed; whatever read part of the
    // body before (a web stream that stopped at the size limit) no longer needs it.
    incoming.removeAllListeners('data');
    incoming.on('data', () => undefined);
    incoming.resume();
  }
}
