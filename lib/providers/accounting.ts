import type { Context } from 'hono';
import type { AppEnv, Deps } from '../deps.ts';
import { metricsOf } from '../metrics.ts';
import { usageFor, usageKey } from '../stores/usage.ts';
import type { ModelRoute } from './route.ts';
import { NO_TOKENS, tokensOf, type TokenCounts } from './tokens.ts';

/**
 * What one chat request counts: the upstream's time to its response head (GET /metrics) and one
 * usage row update for the caller, the PAT and the model (GET /admin/api/usage), recorded once.
 */
export function chatAccounting(c: Context<AppEnv>, deps: Deps, owner: string, route: ModelRoute, injected: number) {
  const key = usageKey(c.get('principal'), owner, route.id, deps.now());
  let counted = false;
  const done = (ok: boolean, tokens: TokenCounts) => {
    if (counted) return;
    counted = true;
    usageFor(deps).add(c, key, { requests: 1, errors: ok ? 0 : 1, ...tokens, injected });
  };
  return {
    /** Times the provider call; a call that fails counts as an errored request. */
    async upstream<T>(call: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await call();
      } catch (err) {
        done(false, NO_TOKENS);
        throw err;
      } finally {
        metricsOf(deps).upstream(route.provider.id, (performance.now() - started) / 1000);
      }
    },
    /** A streamed answer ended: complete or broken off. */
    streamed: (completed: boolean, tokens: TokenCounts) => done(completed, tokens),
    /** A non-streamed answer, parsed by `parse` (in the provider's shape); an answer that does not parse counts as an error. */
    answered<T>(parse: () => T): T {
      try {
        const json = parse();
        done(true, tokensOf((json as { usage?: unknown } | null)?.usage, route.provider.kind));
        return json;
      } catch (err) {
        done(false, NO_TOKENS);
        throw err;
      }
    },
  };
}
