import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * The SSO proxy's part in front of a runtime that cannot see the socket peer (workerd): every
 * request, WebSocket upgrades included, is forwarded with the proxy secret and the client's
 * address appended to X-Forwarded-For, as the real proxy would add them.
 */
export interface SsoProxy {
  url: string;
  close(): Promise<void>;
}

function forwardedHeaders(headers: IncomingHttpHeaders, peer: string | undefined, secret: string | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = value;
  delete out['x-belief-store-proxy-secret'];
  if (secret) out['x-belief-store-proxy-secret'] = secret;
  const prior = headers['x-forwarded-for'];
  out['x-forwarded-for'] = prior ? `${prior}, ${peer ?? ''}` : (peer ?? '');
  return out;
}

export async function startSsoProxy(upstream: string, secret: string | undefined): Promise<SsoProxy> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const out = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: forwardedHeaders(req.headers, req.socket.remoteAddress, secret) },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.rawHeaders);
        up.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('upgrade', (req, client: Socket, head: Buffer) => {
    const up = connect(Number(target.port), target.hostname, () => {
      const headers = forwardedHeaders(req.headers, req.socket.remoteAddress, secret);
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) for (const v of [value].flat()) lines.push(`${name}: ${v}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    sockets.add(up);
    up.on('close', () => sockets.delete(up));
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}
