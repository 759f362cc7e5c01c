import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * The SSO proxy's part in front of a runtime that cannot see the socket peer (workerd): every
 * request, WebSocket upgrades included, is forwarded with the proxy secret and the client's
 * address appended to X-Forwarded-For, as the real proxy adds them.
 */
export interface SsoProxy {
  url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'x-belief-store-proxy-secret', 'x-forwarded-for']);

function forwardedHeaders(headers: IncomingHttpHeaders, peer: string | undefined, secret: string | undefined, upgrade: boolean) {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  out['x-forwarded-for'] = [headers['x-forwarded-for'], peer ?? ''].filter(Boolean).join(', ');
  if (secret) out['x-belief-store-proxy-secret'] = secret;
  if (upgrade) out.connection = 'Upgrade';
  return out;
}

export async function startSsoProxy(upstream: string, secret: string | undefined): Promise<SsoProxy> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    // Like nginx's default request buffering, the body is read whole before it is sent on.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = forwardedHeaders(req.headers, req.socket.remoteAddress, secret, false);
      delete headers['transfer-encoding'];
      if (body.length > 0 || req.headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
      // A fresh upstream connection per request: no reuse of a connection the runtime is closing.
      const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.rawHeaders);
        // A reset after the whole answer arrived (the runtime closing on an unread body) loses nothing.
        up.on('error', () => {
          if (!up.complete) res.destroy();
        });
        up.pipe(res);
      });
      out.on('error', () => {
        if (!res.headersSent) res.destroy();
      });
      out.end(body);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('upgrade', (req, client: Socket, head: Buffer) => {
    const up = connect(Number(target.port), target.hostname, () => {
      const headers = forwardedHeaders(req.headers, req.socket.remoteAddress, secret, true);
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) for (const v of [value].flat()) lines.push(`${name}: ${v}`);
      // Header values keep their bytes (Node reads and writes them as latin1).
      up.write(Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'));
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
