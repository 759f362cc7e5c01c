import { describe, expect, it } from 'vitest';
import { bearer, call } from '../support/http.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { useTarget } from '../support/suites.ts';
import { as } from '../support/as.ts';

describe.each(TARGETS)('error shapes and limits on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('answers the OpenAI shape with WWW-Authenticate on /v1 and /admin/api without credentials', async () => {
    for (const path of ['/v1/models', '/admin/api/me']) {
      const res = await call(t, path);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      const body = (await res.json()) as { error: { type: string; code: string; message: string } };
      expect(body.error.type).toBe('authentication_error');
      expect(typeof body.error.code).toBe('string');
      expect(body.error.message.length).toBeGreaterThan(0);
    }
  });

  it('answers the Anthropic shape on /v1/messages', async () => {
    const res = await call(t, '/v1/messages', { method: 'POST', headers: { 'x-api-key': 'wrong-key-value' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });
  });

  it('answers the SCIM error schema on /scim/v2', async () => {
    const res = await call(t, '/scim/v2/Users', { headers: bearer('not-the-scim-token') });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/scim+json');
    const body = (await res.json()) as { schemas: string[]; status: string };
    expect(body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    expect(body.status).toBe('401');
  });

  it('answers 404 JSON for unknown routes and never a stack trace', async () => {
    const res = await call(t, '/no/such/route', { headers: as.root() });
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(JSON.parse(text).error.code).toBe('not_found');
    expect(text).not.toMatch(/at \w+ \(/);
  });

  it('refuses bodies over the global limit with 413', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const res = await call(t, '/admin/api/me', { method: 'POST', headers: { ...as.root(), 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });
});
