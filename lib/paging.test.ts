import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { decodeCursor, readPage, toPage, type PageRequest } from './paging.ts';

describe('keyset paging', () => {
  const app = new Hono()
    .get('/', (c) => c.json(readPage(c, { defaultLimit: 3, maxLimit: 10 })))
    .onError((err, c) => c.json({ status: (err as ApiError).status, message: err.message }, 400));
  const read = async (query: string) => (await app.request(`/${query}`)).json() as Promise<Record<string, unknown>>;

  it('reads the default limit and no cursor for a first page', async () => {
    expect(await read('')).toEqual({ limit: 3, after: null });
    expect(await read('?limit=10')).toEqual({ limit: 10, after: null });
  });

  it.each(['0', '11', '2.5', 'ten', '-1'])('refuses limit=%s with a 400 naming limit', async (limit) => {
    expect(await read(`?limit=${limit}`)).toEqual({ status: 400, message: 'limit: must be an integer from 1 to 10' });
  });

  it('hands back the last row’s key as the next cursor, and reads it again', () => {
    const page: PageRequest = { limit: 2, after: null };
    const rows = [
      { at: '2026-01-03', id: 'c' },
      { at: '2026-01-02', id: 'b' },
      { at: '2026-01-01', id: 'a' },
    ];
    const first = toPage(rows, page, (r) => [r.at, r.id]);
    expect(first.data.map((r) => r.id)).toEqual(['c', 'b']);
    expect(decodeCursor(first.next_cursor!, 2)).toEqual(['2026-01-02', 'b']);
  });

  it('says there is no next page when no extra row was fetched, and shapes rows', () => {
    const last = toPage(
      [{ id: 'a', n: 1 }],
      { limit: 2, after: null },
      (r) => [r.id],
      (r) => r.n,
    );
    expect(last).toEqual({ data: [1], next_cursor: null });
  });

  it.each(['', 'not base64!', btoa('{"a":1}'), btoa('["only one"]'), btoa('[1,{"x":2}]')])('refuses cursor %j with a 400 naming cursor', (text) => {
    let error: unknown;
    try {
      decodeCursor(text, 2);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('cursor: is not a cursor returned by this list');
  });
});
