import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../deps.ts';
import { limitBodies } from './body-limit.ts';
import { hooked } from './hooks.ts';
import { onError } from './errors.ts';

const MiB = 1024 * 1024;

function app() {
  const platform = { peerAddress: () => null, background() {}, log() {} };
  const a = new Hono<AppEnv>();
  a.use(hooked(limitBodies));
  a.onError(onError({ platform }));
  a.all('*', async (c) => c.json({ read: (await c.req.arrayBuffer()).byteLength }));
  return a;
}

/** A body of `size` bytes sent as a stream, so no Content-Length is declared. */
function streamOf(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left === 0) return controller.close();
      const n = Math.min(left, 64 * 1024);
      left -= n;
      controller.enqueue(new Uint8Array(n));
    },
  });
}

describe('request body limits', () => {
  it('lets a body of exactly 1 MiB through on an ordinary route', async () => {
    const res = await app().request('/admin/api/tokens', { method: 'POST', body: new Uint8Array(MiB) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ read: MiB });
  });

  it('refuses a declared length over 1 MiB with 413 and closes the connection', async () => {
    const res = await app().request('/admin/api/tokens', { method: 'POST', body: new Uint8Array(MiB + 1) });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large', message: 'request body exceeds 1 MiB' } });
  });

  it('counts a body that declares no length as it is read', async () => {
    const init = { method: 'POST', body: streamOf(MiB + 1), duplex: 'half' } as RequestInit;
    const res = await app().request('/admin/api/tokens', init);
    expect(res.status).toBe(413);
  });

  it('allows chat 32 MiB and names the streamed import when a backup is too large for the API', async () => {
    expect((await app().request('/v1/chat/completions', { method: 'POST', body: new Uint8Array(2 * MiB) })).status).toBe(200);
    const res = await app().request('/v1/backup/import', { method: 'POST', headers: { 'content-length': String(64 * MiB + 1) } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('/admin/backup');
  });

  it('reads no body on GET', async () => {
    expect((await app().request('/admin/api/tokens', { headers: { 'content-length': String(2 * MiB) } })).status).toBe(200);
  });
});
