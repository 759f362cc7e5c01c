import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { TARGETS, type Target } from '../support/targets.ts';
import { patFor } from '../support/as.ts';
import { useTarget } from '../support/suites.ts';

const MiB = 1024 * 1024;

interface Outcome {
  status: number;
  body: any;
  /** A socket error the client saw (EPIPE, ECONNRESET), or null. */
  error: string | null;
  /** Body bytes the client wrote before the connection ended. */
  sent: number;
}

/**
 * A raw HTTP/1.1 client that streams `total` body bytes in 256 KiB chunks with pauses (a slow
 * uploader) and reads whatever answer comes; it closes its side once it has sent everything and
 * read a whole answer.
 */
function upload(url: string, headers: Record<string, string>, total: number, chunked: boolean): Promise<Outcome> {
  const { hostname, port, host } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let raw = Buffer.alloc(0);
    let error: string | null = null;
    let sent = 0;
    const answer = () => {
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const head = raw.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      const body = raw.subarray(end + 4);
      if (!(body.length >= length)) return null;
      return { status: Number(head.split(' ')[1]), body: JSON.parse(body.subarray(0, length).toString('utf8')) };
    };
    const finishIfDone = () => {
      if (sent >= total && answer()) socket.end();
    };
    socket.on('data', (d: Buffer) => {
      raw = Buffer.concat([raw, d]);
      finishIfDone();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? String(e)));
    socket.on('close', () => resolve({ ...(answer() ?? { status: 0, body: null }), error, sent }));
    const lines = [
      `POST /v1/chat/completions HTTP/1.1`,
      `host: ${host}`,
      'content-type: application/json',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    lines.push(chunked ? 'transfer-encoding: chunked' : `content-length: ${total}`);
    socket.write(lines.join('\r\n') + '\r\n\r\n');
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const frame = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
    const pump = () => {
      if (socket.destroyed || socket.writableEnded) return;
      if (sent >= total) {
        if (chunked) socket.write('0\r\n\r\n');
        return finishIfDone();
      }
      sent += chunk.length;
      const more = socket.write(frame);
      // A pause every 4 MiB: the answer arrives while the client is still sending.
      if (!more) socket.once('drain', pump);
      else setTimeout(pump, sent % (4 * MiB) === 0 ? 20 : 0);
    };
    setTimeout(pump, 50);
  });
}

describe.each(TARGETS)('lingering close on %s', (kind) => {
  let t: Target;
  // Straight to the server: the workerd target's test SSO proxy buffers whole bodies, as nginx does.
  const direct = () => t.directUrl ?? t.url;
  let pat: string;
  useTarget(kind, (s) => (t = s));
  beforeAll(async () => {
    pat = (await patFor(t, 'lin@example.com')).token;
  });

  it('answers a 40 MB body with a declared length 413, reads the rest, and the client sees no reset', async () => {
    const r = await upload(direct(), { authorization: `Bearer ${pat}` }, 40 * MiB, false);
    expect(r).toEqual({
      status: 413,
      body: { error: { type: 'request_too_large', code: 'payload_too_large', message: 'request body exceeds 32 MiB' } },
      error: null,
      sent: 40 * MiB,
    });
  });

  it('answers a 40 MB chunked body 413 once past the limit, and the client sees no reset', async () => {
    const r = await upload(direct(), { authorization: `Bearer ${pat}` }, 40 * MiB, true);
    expect(r).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } }, error: null, sent: 40 * MiB });
  });

  it('answers a bad credential 401 before reading an 8 MB body, and the client sees no reset', async () => {
    const r = await upload(direct(), { authorization: 'Bearer wrong-token-0123456789abcdef' }, 8 * MiB, false);
    expect(r).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } }, error: null, sent: 8 * MiB });
  });

  it('stops reading after a bounded amount: a 300 MB body is cut off', async () => {
    const r = await upload(direct(), { authorization: `Bearer ${pat}` }, 300 * MiB, false);
    expect(r.sent).toBeLessThan(300 * MiB);
  });
});
