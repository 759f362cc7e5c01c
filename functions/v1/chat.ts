import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { awaitedLater, guarded, type BackgroundTask } from '../../lib/background.ts';
import { readJson } from '../../lib/body.ts';
import { parseConfig, requestStoredConfig, storedProviderKey } from '../../lib/stores/config.ts';
import { credentialFailure } from '../../lib/provider-keys.ts';
import { uuid } from '../../lib/crypto.ts';
import type { AppEnv, Deps } from '../../lib/deps.ts';
import type { AppDeps } from '../../lib/services.ts';
import { ApiError } from '../../lib/errors.ts';
import { lastOf } from '../../lib/last-of.ts';
import type { RuntimeConfig } from '../../lib/runtime-config.ts';
import { ownerOf } from '../../lib/auth/principal.ts';
import { credentialOf } from '../../lib/auth/socket-credential.ts';
import { chatAccounting } from '../../lib/providers/accounting.ts';
import { injectAnthropic, injectOpenAi } from '../../lib/providers/inject.ts';
import { resolveModel } from '../../lib/providers/route.ts';
import { proxyStream } from '../../lib/providers/stream.ts';
import { askedPart } from '../../lib/world/learn/asked.ts';
import { askedBeforeLastUser, lastUserText, translateRequest, translateResponse, userTexts, type Json, type WireShape } from '../../lib/providers/translate.ts';
import { callProvider } from '../../lib/providers/upstream.ts';
import { buildContext, type InjectedContext } from '../../lib/world/recall/context.ts';
import { refreshPersona } from '../../lib/world/recall/persona.ts';
import { learnedScope, parseScopes, SCOPE_HEADER, scopeHeader } from '../../lib/world/beliefs/scope.ts';

const message = z.looseObject({ role: z.string() });

const BODIES = {
  openai: z.looseObject({
    model: z.string().min(1),
    messages: z.array(message).min(1),
    stream: z.boolean().nullish(),
  }),
  anthropic: z.looseObject({
    model: z.string().min(1),
    max_tokens: z.number().int().positive(),
    messages: z.array(message.extend({ role: z.enum(['user', 'assistant']) })).min(1),
    system: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).optional(),
    stream: z.boolean().nullish(),
  }),
} as const;

const NOTHING: InjectedContext = { block: null, count: 0, beliefIds: [], tiers: null };
const FORWARDED_ANTHROPIC_HEADERS = ['anthropic-version', 'anthropic-beta'];

/** POST /v1/chat/completions (OpenAI shape) and POST /v1/messages (Anthropic shape), to either provider kind. */
export function chatRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // Parsed again only when the stored config's text changes (it is still read with every request).
  const configOf = lastOf(parseConfig);
  app.post('/chat/completions', (c) => proxyChat(c, deps, configOf, 'openai'));
  app.post('/messages', (c) => proxyChat(c, deps, configOf, 'anthropic'));
  return app;
}

async function proxyChat(c: Context<AppEnv>, deps: AppDeps, configOf: (json: string | null) => RuntimeConfig, shape: WireShape): Promise<Response> {
  // The time said is written out only for an extraction: most chats with memory off never need it.
  const receivedAt = deps.now();
  const owner = ownerOf(c.get('principal'));
  if (!owner) throw new ApiError(403, 'forbidden', 'this credential has no owner to chat as');
  const optOut = c.req.header('x-belief-store')?.toLowerCase() === 'off';
  const scopeValue = c.req.header(SCOPE_HEADER);
  const requestScope = scopeValue === undefined ? null : scopeHeader(scopeValue);
  const storedLoad = awaitedLater(requestStoredConfig(c, deps.database));
  const body = (await readJson(c, BODIES[shape])) as Json;
  // A PAT's request read it with the token: no promise to wait for.
  const stored = storedLoad instanceof Promise ? await storedLoad : storedLoad;
  const config = configOf(stored.json);
  const route = resolveModel(config, body.model);
  if (!route) {
    throw new ApiError(404, 'model_not_found', `model: "${body.model}" is not configured (use provider-id/model; see GET /v1/models)`);
  }
  const latest = lastUserText(body.messages);
  const inject = !optOut && config.injection.enabled && config.injection.max_beliefs > 0;
  let key: string | null;
  try {
    key = storedProviderKey(deps.masterKey, stored, route.provider.id);
  } catch (err) {
    credentialFailure(err);
  }
  const scope = memoryScope(c, requestScope);
  const context = inject
    ? await buildContext(
        deps,
        owner,
        { userTurns: userTexts(body.messages), scope, personaMax: config.injection.persona_max, embeddings: Boolean(config.embeddings) },
        config.injection.max_beliefs,
      ).catch((err: unknown) => contextFailure(c, deps, err))
    : NOTHING;

  const kind = route.provider.kind;
  // Nothing to change (no block, same shape, the model named as the provider knows it): the client's bytes go as they came.
  const unchanged = context.block === null && shape === kind && body.model === route.model;
  const upstreamBody = unchanged
    ? await c.req.text()
    : JSON.stringify(translateRequest(shape, kind, shape === 'openai' ? injectOpenAi(body, context.block) : injectAnthropic(body, context.block), route.model));
  const headers: Record<string, string> = {};
  if (shape === 'anthropic' && kind === 'anthropic') {
    for (const h of FORWARDED_ANTHROPIC_HEADERS) {
      const v = c.req.header(h);
      if (v) headers[h] = v;
    }
  }

  const account = chatAccounting(c, deps, owner, route, context.count);
  if (context.queryEmbedding) account.serviceCall(context.queryEmbedding);
  const upstream = await account.upstream(() =>
    callProvider({
      route,
      key,
      body: upstreamBody,
      onClientGone: (abort) => clientGone(c, deps, abort),
      headers,
      transport: deps.platform.upstream,
    }),
  );

  const { tiers } = context;
  const receiptId = context.count > 0 && tiers ? uuid() : null;
  const recordInjected = () => {
    if (receiptId && tiers) deps.services.receipts.add(c, { id: receiptId, owner, model: route.id, tiers, personaIds: context.personaIds });
    if (context.personaCached === false) afterResponse(c, deps, 'persona_refresh', () => refreshPersona(deps, owner));
  };
  // The config read with this request decides: a change applies from the next chat on.
  const extract = !optOut && config.extraction.enabled;
  // Only the user's words are mined (API.md §6); the reply is never read. The assistant message the user answers goes
  // beside them: its questions' words index what is learned from the answer (learn/asked.ts askedBefore), never learned themselves.
  // Learned beliefs take the request's scope when it names a single domain (learnedScope).
  const asked = askedPart(askedBeforeLastUser(body.messages));
  const afterExchange = () =>
    deps.world.extract(
      owner,
      [...(asked ? [{ role: 'assistant' as const, content: asked }] : []), { role: 'user', content: latest, at: receivedAt.toISOString() }],
      {
        kind: 'chat',
        receivedAt: receivedAt.getTime(),
        credential: credentialOf(c, c.get('principal')) ?? undefined,
        ...(receiptId ? { receipt: receiptId } : {}),
      },
      learnedScope(scope),
    );
  const responseHeaders: Record<string, string> = { 'x-belief-store-injected': String(context.count) };
  if (receiptId) responseHeaders['x-belief-store-injection'] = receiptId;

  if (body.stream) {
    let ended!: (completed: boolean) => void;
    const end = new Promise<boolean>((resolve) => (ended = resolve));
    const stream = proxyStream(upstream.response.chunks?.() ?? upstream.response.body!, {
      from: kind,
      to: shape,
      model: body.model,
      includeUsage: body.stream_options?.include_usage === true,
      onEnd: (completed, tokens) => {
        account.streamed(completed, tokens);
        ended(completed);
      },
      abort: upstream.abort,
      idleTimeoutMs: upstream.timeoutMs,
      streams: deps.services.streams,
    });
    if (extract) {
      deps.platform.background(
        c,
        guarded(
          deps.platform.log,
          'chat_extraction',
          end.then((completed) => (completed ? afterExchange() : undefined)),
        ),
      );
    }
    recordInjected();
    return new Response(stream, {
      status: 200,
      headers: { ...responseHeaders, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
    });
  }

  const text = await upstream.response.text();
  let out = text;
  if (kind !== shape) {
    const parsed = account.answered(() => parseProviderJson(text, route.provider.id));
    out = JSON.stringify(translateResponse(kind, shape, parsed, body.model));
  } else account.answeredAsIs(text);
  recordInjected();
  if (extract) afterResponse(c, deps, 'chat_extraction', afterExchange);
  return new Response(out, { status: 200, headers: { ...responseHeaders, 'content-type': 'application/json' } });
}

function clientGone(c: Context<AppEnv>, deps: Pick<Deps, 'platform'>, abort: () => void): void {
  if (deps.platform.onClientGone) deps.platform.onClientGone(c, abort);
  else c.req.raw.signal.addEventListener('abort', abort, { once: true });
}

/**
 * Background work for a response about to be returned, started from a timer: the adapter writes
 * the response first, so the work's synchronous database calls do not delay it. Its failure is counted as `task`.
 */
function afterResponse(c: Context<AppEnv>, deps: Pick<Deps, 'platform'>, task: BackgroundTask, work: () => Promise<unknown>): void {
  deps.platform.background(c, guarded(deps.platform.log, task, new Promise((resolve) => setTimeout(resolve, 0)).then(work)));
}

function parseProviderJson(text: string, providerId: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new ApiError(502, 'upstream_error', `provider "${providerId}" answered with malformed JSON`);
  }
}

/** The request's memory scope: the header's, else the PAT's default (read with the token, fresh as of the last commit), else none. */
function memoryScope(c: Context<AppEnv>, fromHeader: string[] | null): string[] {
  if (fromHeader) return fromHeader;
  const scope = c.get('principal').kind === 'pat' ? c.get('patScope') : null;
  return (scope && parseScopes(scope)) || [];
}

function contextFailure(c: Context<AppEnv>, deps: Pick<Deps, 'platform'>, err: unknown): InjectedContext {
  deps.platform.log({ level: 'error', request_id: c.get('requestId'), msg: 'belief injection skipped', error: String(err) });
  return NOTHING;
}
