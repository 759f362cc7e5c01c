import { Hono } from 'hono';
import { z } from 'zod';
import { readJson } from '../../../lib/body.ts';
import type { ProviderConfig } from '../../../lib/runtime-config.ts';
import { loadStoredConfig, parseConfig, storedProviderKey } from '../../../lib/stores/config.ts';
import { CredentialError } from '../../../lib/provider-keys.ts';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { notFound } from '../../../lib/errors.ts';
import { addProviderAuth, providerUrl } from '../../../lib/providers/endpoint.ts';
import { PROVIDER_TEST, type ConnectionResult } from '../contract.ts';

const TIMEOUT_MS = 10_000;

async function testConnection(p: ProviderConfig, key: string | null): Promise<ConnectionResult> {
  const headers: Record<string, string> = { accept: 'application/json' };
  addProviderAuth(headers, p.kind, key);
  let res: Response;
  try {
    // The model listing: a cheap authenticated call that costs no tokens.
    res = await fetch(providerUrl(p, 'models'), { headers, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
  } catch (e) {
    const timedOut = e instanceof Error && e.name === 'TimeoutError';
    return { ok: false, status: null, message: timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : `cannot reach ${p.base_url}`, models: null };
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel().catch(() => undefined);
    return {
      ok: false,
      status: res.status,
      message: `the provider answered with a redirect (HTTP ${res.status}), which is not followed with the key`,
      models: null,
    };
  }
  const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
  if (!res.ok) {
    const hint = res.status === 401 || res.status === 403 ? 'the provider refused the API key' : 'the provider answered with an error';
    return { ok: false, status: res.status, message: `${hint} (HTTP ${res.status})`, models: null };
  }
  const models = Array.isArray(body?.data) ? body.data.length : null;
  return { ok: true, status: res.status, message: 'connection works', models };
}

const input = z.object({ provider_id: z.string().min(1).max(64) });

/** POST /admin/config/test-connection {provider_id}: the config page's "Test connection" button (admins only, by the access guard). */
export function providerTestRoutes(deps: Deps) {
  return new Hono<AppEnv>().post(PROVIDER_TEST.path, async (c) => {
    const { provider_id } = await readJson(c, input);
    const stored = await loadStoredConfig(deps.database);
    const provider = parseConfig(stored.json).providers.find((p) => p.id === provider_id);
    if (!provider) throw notFound('provider');
    let key: string | null;
    try {
      key = storedProviderKey(deps.masterKey, stored, provider.id);
    } catch (e) {
      if (!(e instanceof CredentialError)) throw e;
      return c.json({ ok: false, status: null, message: e.message, models: null } satisfies ConnectionResult);
    }
    return c.json(await testConnection(provider, key));
  });
}
