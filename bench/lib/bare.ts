/** The physical limit for any proxy on this runtime: a bare node:http forwarder, no framework in between. */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<Listening> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

/** Pipes each request to `target` (same path) and the answer back, streaming both ways. */
export function bareForwarder(target: string): Promise<Listening> {
  const upstream = new URL(target);
  return listen(
    createServer((req, res) => {
      const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: forwardable(req.headers) }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      req.pipe(out);
    }),
  );
}
