import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeTransport } from '../../lib/adapters/node/upstream.ts';
import type { AbortWatch, UpstreamTransport } from '../../lib/ports/upstream.ts';
import { fetchTransport } from '../../lib/providers/upstream.ts';

/** The Node adapter's provider client must answer as the portable fetch one does. */
describe('node provider transport', () => {
  let server: Server;
  let base = '';
  const seen: { headers: IncomingMessage['headers']; body: string; port: number }[] = [];
  let bodyEnded = 0;
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (d: string) => (body += d));
      req.on('end', () => {
        seen.push({ headers: req.headers, body, port: req.socket.remotePort! });
        const path = req.url ?? '';
        if (path === '/redirect') {
          res.writeHead(307, { location: 'http://elsewhere.invalid/' }).end();
        } else if (path === '/gzip') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync('{"ok":"zipped"}'));
        } else if (path === '/gzip-named') {
          res.writeHead(200, ['Content-Type', 'application/json', 'CONTENT-Encoding', ' GZip ']).end(gzipSync('{"ok":"named"}'));
        } else if (path === '/bom') {
          res.writeHead(200).end('\ufeff{"ok":true}');
        } else if (path === '/slow-head') {
          setTimeout(() => res.writeHead(200).end('late'), 2000);
        } else if (path === '/stream') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('data: one\n\n');
          res.on('close', () => bodyEnded++);
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body }));
        }
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const transports: [string, UpstreamTransport][] = [
    ['node', nodeTransport()],
    ['fetch', fetchTransport],
  ];
  const post = (t: UpstreamTransport, path: string, signal: AbortWatch = new AbortController().signal) =>
    t({ url: base + path, headers: { 'content-type': 'application/json', Authorization: 'Bearer k' }, body: '{"q":"é"}', signal });

  for (const [name, t] of transports) {
    it(`${name}: sends the body and headers, reads the answer as text`, async () => {
      seen.length = 0;
      const answer = await post(t, '/echo');
      expect(answer.status).toBe(200);
      expect(JSON.parse(await answer.text())).toEqual({ echo: '{"q":"é"}' });
      expect(seen[0]!.headers.authorization).toBe('Bearer k');
      expect(seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength('{"q":"é"}')));
    });

    it(`${name}: answers a redirect as it came, never following it`, async () => {
      const answer = await post(t, '/redirect');
      expect(answer.status).toBe(307);
      await answer.body?.cancel();
    });

    it(`${name}: undoes gzip and drops a byte-order mark`, async () => {
      expect(await (await post(t, '/gzip')).text()).toBe('{"ok":"zipped"}');
      expect(await (await post(t, '/gzip-named')).text()).toBe('{"ok":"named"}');
      expect(await (await post(t, '/bom')).text()).toBe('{"ok":true}');
    });

    it(`${name}: an abort before the head rejects`, async () => {
      const controller = new AbortController();
      const pending = post(t, '/slow-head', controller.signal);
      setTimeout(() => controller.abort(), 100);
      await expect(pending).rejects.toBeTruthy();
    });

    it(`${name}: an abort through a plain AbortWatch (what callProvider passes) before the head rejects`, async () => {
      const listeners: (() => void)[] = [];
      const watch = { aborted: false, addEventListener: (_type: 'abort', listener: () => void) => void listeners.push(listener) };
      const pending = post(t, '/slow-head', watch);
      setTimeout(() => {
        watch.aborted = true;
        for (const listener of listeners) listener();
      }, 100);
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    });

    it(`${name}: an abort during the body errors the stream and closes the provider's connection`, async () => {
      const before = bodyEnded;
      const controller = new AbortController();
      const answer = await post(t, '/stream', controller.signal);
      const reader = answer.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
      controller.abort();
      await expect(reader.read()).rejects.toBeTruthy();
      for (let i = 0; i < 50 && bodyEnded === before; i++) await new Promise((r) => setTimeout(r, 20));
      expect(bodyEnded).toBe(before + 1);
    });

    it(`${name}: an unreachable provider rejects`, async () => {
      await expect(t({ url: 'http://127.0.0.1:1/x', headers: {}, body: '', signal: new AbortController().signal })).rejects.toBeTruthy();
    });
  }

  it('node: reuses its connections for consecutive calls (keep-alive)', async () => {
    const t = nodeTransport();
    seen.length = 0;
    // A call made as the last one's body ends may find its connection not yet back in the pool: two at most.
    for (let i = 0; i < 6; i++) await (await post(t, '/echo')).text();
    expect(new Set(seen.map((s) => s.port)).size).toBeLessThanOrEqual(2);
    t.close();
  });
});
