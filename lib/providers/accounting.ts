import type { Context } from 'hono';
import { backgroundFailed, guarded } from '../background.ts';
import type { AppEnv, Deps } from '../deps.ts';
import type { Metrics } from '../metrics.ts';
import { generationOf, recordUsage, usageKey, utcDay, type Purpose, type UsageBuffer, type UsageKey } from '../stores/usage.ts';
import type { ModelRoute } from './route.ts';
import { NO_TOKENS, tokensOf, type TokenCounts } from './tokens.ts';

/** The deps chatAccounting needs: the app's usage buffer and metrics beside the runtime's. */
type WithCounters = Deps & { services: { usage: UsageBuffer; metrics: Metrics } };

/**
 * What one chat request counts: the upstream's time to its response head (GET /metrics) and one
 * usage row update for the caller, the PAT and the model (GET /admin/api/usage), recorded once.
 * The person the userName stands for is read with a PAT (identify), else while the provider works, so
 * a chat that ends after its user was deleted and provisioned again still counts for the one who sent
 * it; should that read fail (the database went away meanwhile), the request is not counted, and the
 * failure is counted (usage_identity).
 */
export function chatAccounting(c: Context<AppEnv>, deps: WithCounters, owner: string, route: ModelRoute, injected: number) {
  const at = deps.now();
  const principal = c.get('principal');
  // Root is no provisioned person: nothing to read.
  // Handled at once: it settles while the provider works, and may fail before it is awaited, or never be.
  const generation = c.get('generation');
  // Known at once for root and a PAT (read with the token): then nothing is awaited for it.
  const identity: string | Promise<string | null> =
    principal.kind === 'root'
      ? ''
      : generation !== undefined
        ? generation
        : generationOf(deps.db, owner).catch((err: unknown) => {
            backgroundFailed(deps.platform.log, 'usage_identity', err);
            return null;
          });
  let key: UsageKey | null = null;
  let counted = false;
  const done = (ok: boolean, tokens: TokenCounts) => {
    if (counted || !key) return;
    counted = true;
    deps.services.usage.add(c, key, { requests: 1, errors: ok ? 0 : 1, ...tokens, injected });
  };
  return {
    /** Times the provider call; a call that fails counts as an errored request. */
    async upstream<T>(call: () => Promise<T>): Promise<T> {
      const started = performance.now();
      const answered = call();
      // Settled either way before the identity is awaited, so a failing call is never left unobserved.
      const outcome = await answered.then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      deps.services.metrics.upstream(route.provider.id, (performance.now() - started) / 1000);
      const generation = identity instanceof Promise ? await identity : identity;
      if (generation !== null) key = usageKey(principal.kind === 'pat' ? principal.tokenId : '', owner, generation, route.id, at);
      if (outcome.ok) return outcome.value;
      done(false, NO_TOKENS);
      throw outcome.error;
    },
    /**
     * One of the service's own calls made for this request (the query's embedding), counted for
     * the owner under its purpose through the usage buffer, never as a row written on the request path.
     */
    serviceCall(call: Omit<ServiceCall, 'owner'>): void {
      // identity never rejects (a failed read is null); what could throw is the buffer's add.
      const counted = Promise.resolve(identity).then((generation) => {
        if (generation !== null) deps.services.usage.add(c, { ...serviceRow(call, owner, at), generation }, serviceCounts(call));
      });
      void guarded(deps.platform.log, 'service_usage', counted);
    },
    /** A streamed answer ended: complete or broken off. */
    streamed: (completed: boolean, tokens: TokenCounts) => done(completed, tokens),
    /**
     * A non-streamed answer passed on as it came (the caller's shape is the provider's): its tokens
     * are read from its text when the usage buffer is written, after the response; a text that is
     * not JSON counts no tokens.
     */
    answeredAsIs(text: string): void {
      if (counted || !key) return;
      counted = true;
      const kind = route.provider.kind;
      deps.services.usage.addLater(c, key, text.length, () => ({ requests: 1, errors: 0, ...tokensOf(jsonOrNull(text)?.usage, kind), injected }));
    },
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

/** The answer's JSON, or null for a text that is not JSON. */
function jsonOrNull(text: string): { usage?: unknown } | null {
  try {
    return JSON.parse(text) as { usage?: unknown } | null;
  } catch {
    return null;
  }
}

/** One model call the service made for an owner rather than for a caller's chat. */
export interface ServiceCall {
  /** The owner the call served (whose beliefs were extracted, embedded or summarised). */
  owner: string;
  purpose: Exclude<Purpose, 'chat'>;
  /** The public model id, provider-id/model. */
  model: string;
  /** The provider's `usage` object as it answered (absent: no tokens known). */
  usage?: unknown;
  /** The shape of `usage`; OpenAI's (`prompt_tokens`, `completion_tokens`) when absent. */
  kind?: 'openai' | 'anthropic';
  /** The call failed: counted as an errored request. */
  failed?: boolean;
}

/**
 * Counts one of the service's own model calls (extraction, embeddings) for the
 * owner it served, under its purpose, apart from that owner's chat rows (GET /admin/api/usage
 * ?group_by=purpose). Never throws: a failed write is logged, the call it counts is not undone.
 */
export async function recordServiceCall(deps: Pick<Deps, 'db' | 'now' | 'platform'>, call: ServiceCall): Promise<void> {
  try {
    await recordUsage(deps.db, serviceRow(call, call.owner, deps.now()), serviceCounts(call));
  } catch (err) {
    backgroundFailed(deps.platform.log, 'service_usage', err);
  }
}

/** The usage row a service call counts under: the owner's, by day, model and purpose, no token. */
function serviceRow(call: Omit<ServiceCall, 'owner'>, owner: string, at: Date) {
  return { day: utcDay(at), user_name: owner, token_id: '', model: call.model, purpose: call.purpose };
}

/** What one service call adds to its row. */
function serviceCounts(call: Omit<ServiceCall, 'owner'>) {
  const tokens = call.failed ? NO_TOKENS : tokensOf(call.usage, call.kind ?? 'openai');
  return { requests: 1, errors: call.failed ? 1 : 0, ...tokens, injected: 0 };
}
