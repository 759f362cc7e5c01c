import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bearerValue, presentedSecret } from './bearer.ts';

describe('the secret a request presents', () => {
  const app = new Hono().get('/', (c) => {
    const secret = presentedSecret(c);
    return c.json({ secret: secret === undefined ? 'malformed' : secret });
  });
  const presented = async (headers: Record<string, string>) => ((await (await app.request('/', { headers })).json()) as { secret: string | null }).secret;

  it('reads a Bearer token, the scheme in any case', async () => {
    expect(await presented({ authorization: 'Bearer abc' })).toBe('abc');
    expect(await presented({ authorization: 'bearer abc' })).toBe('abc');
  });

  it('reads x-api-key, trimmed, when no Authorization header is sent', async () => {
    expect(await presented({ 'x-api-key': ' key ' })).toBe('key');
  });

  it('lets Authorization decide alone: another scheme presents a malformed secret, never the x-api-key', async () => {
    expect(await presented({ authorization: 'Basic abc', 'x-api-key': 'key' })).toBe('malformed');
    expect(await presented({ authorization: 'Bearer a b' })).toBe('malformed');
  });

  it('is null when the request sends neither header', async () => {
    expect(await presented({})).toBeNull();
  });
});

describe('bearerValue', () => {
  it('is undefined for a missing header', () => {
    expect(bearerValue(undefined)).toBeUndefined();
  });
});
