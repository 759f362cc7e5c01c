import { connect, createServer, type Server, type Socket } from 'node:net';
import { listenError } from '../../node/listen.ts';

/**
 * The public address belongs to the launcher, which hands each connection on to workerd listening
 * on a loopback port of its own. workerd keeps its listening socket open until its last request
 * ends, so during a drain new connections would be taken and left unanswered; the launcher closes
 * this one instead, and they are refused at once while the connections already open carry on.
 */
export interface Front {
  /** The port bound (PORT=0 too). */
  port: number;
  /** Connections go on to workerd's loopback port from now on; those made before wait for it. */
  forwardTo(innerPort: number): void;
  /** Stops listening: new connections are refused, open ones carry on. */
  close(): void;
}

function relay(client: Socket, innerPort: number): void {
  if (client.destroyed) return;
  const inner = connect({ host: '127.0.0.1', port: innerPort, noDelay: true });
  client.pipe(inner);
  inner.pipe(client);
  // An error on either side is followed by its close; a client gone leaves nothing to answer.
  inner.on('error', () => undefined);
  client.once('close', () => inner.destroy());
  inner.once('close', (hadError) => (hadError ? client.destroy() : client.end()));
}

/** Listens on host:port, failing like the Node server (a taken port or a foreign host names its setting). */
export function openFront(host: string, port: number): Promise<Front> {
  let innerPort: number | null = null;
  const waiting: Socket[] = [];
  const server: Server = createServer({ noDelay: true }, (client) => {
    client.on('error', () => undefined);
    if (innerPort === null) waiting.push(client);
    else relay(client, innerPort);
  });
  return new Promise((done, fail) => {
    server.once('error', (err) => fail(listenError(err, host, port)));
    server.listen({ host, port, exclusive: true }, () => {
      done({
        port: (server.address() as { port: number }).port,
        forwardTo(inner) {
          innerPort = inner;
          for (const client of waiting.splice(0)) relay(client, inner);
        },
        close: () => server.close(),
      });
    });
  });
}
