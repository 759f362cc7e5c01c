import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, badRequest } from '../errors.ts';
import { addProviderAuth, providerUrl } from './endpoint.ts';
import type { ModelRoute } from './route.ts';
import type { Json } from './translate.ts';
import type { AbortWatch, UpstreamAnswer, UpstreamTransport } from '../ports/upstream.ts';

/** nginx's status for a request whose client hung up; Hono's types leave it out, the Response constructor takes it. */
const CLIENT_CLOSED = 499 as ContentfulStatusCode;

const DEFAULT_TIMEOUT_SECONDS = 300;

export const fetchTransport: UpstreamTransport = (r) =>
  fetch(r.url, { method: 'POST', headers: r.headers, body: r.body, signal: abortSignalOf(r.signal), redirect: 'manual' });

/** fetch takes a real AbortSignal only. */
function abortSignalOf(watch: AbortWatch): AbortSignal {
  if (watch instanceof AbortSignal) return watch;
  const controller = new AbortController();
  if (watch.aborted) controller.abort();
  else watch.addEventListener('abort', () => controller.abort(), { once: true });
  return controller.signal;
}

/** A provider call's abort: an AbortWatch whose listeners run once, on the first abort(). */
class CallAbort implements AbortWatch {
  aborted = false;
  private listeners: (() => void)[] = [];

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}

export interface UpstreamCall {
  route: ModelRoute;
  key: string | null;
  /** The request body, already in the provider's shape, serialised. */
  body: string;
  /** Registers the abort to call when the client goes away. */
  onClientGone?: (abort: () => void) => void;
  /** Extra headers for the provider (e.g. anthropic-beta). */
  headers?: Record<string, string>;
  /** The runtime's client (Platform.upstream); `fetch` without it. */
  transport?: UpstreamTransport;
}

export interface UpstreamResponse {
  response: UpstreamAnswer;
  abort(): void;
  /** The provider's timeout, also the longest silence allowed inside a stream. */
  timeoutMs: number;
}

/** A caller's header forwarded to the provider (anthropic-version, anthropic-beta): a list of plain names. */
const FORWARDED_VALUE = /^[A-Za-z0-9._-]+( *, *[A-Za-z0-9._-]+)*$/;

function forwardable(headers: Record<string, string> = {}): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (value.length > 256 || !FORWARDED_VALUE.test(value.trim())) {
      throw badRequest(name, 'must be a comma-separated list of names (letters, digits, ".", "_", "-"), at most 256 characters');
    }
  }
  return headers;
}

function endpoint(route: ModelRoute): string {
  return providerUrl(route.provider, route.provider.kind === 'openai' ? 'chat/completions' : 'messages');
}

/**
 * Sends one request to the provider. The client gone before the answer → 499 (logged, never read), unreachable → 502, no response headers within the
 * provider's timeout → 504, a redirect → 502, the stored key refused (401/403) → 502
 * provider_auth_error, another upstream 4xx → the same status with its message, 5xx → 502.
 */
export async function callProvider(call: UpstreamCall): Promise<UpstreamResponse> {
  const { provider } = call.route;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...forwardable(call.headers) };
  addProviderAuth(headers, provider.kind, call.key);
  const controller = new CallAbort();
  const seconds = provider.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, seconds * 1000);
  let clientGone = false;
  call.onClientGone?.(() => {
    clientGone = true;
    controller.abort();
  });
  const abort = () => {
    clearTimeout(timer);
    controller.abort();
  };
  let response: UpstreamAnswer;
  try {
    // A redirect is not followed: the key would go to wherever the provider (or whoever answers for it) points.
    response = await (call.transport ?? fetchTransport)({ url: endpoint(call.route), headers, body: call.body, signal: controller });
  } catch {
    abort();
    if (timedOut) {
      throw new ApiError(504, 'upstream_timeout', `provider "${provider.id}" did not answer within ${seconds} s`);
    }
    // Nothing failed upstream: the caller hung up first (a 5xx here would page whoever watches the provider's error rate).
    if (clientGone) throw new ApiError(CLIENT_CLOSED, 'client_closed_request', 'the client closed the connection before the provider answered');
    // The provider's URL stays out of the answer (API.md §6): the caller is not its admin.
    throw new ApiError(502, 'upstream_unreachable', `provider "${provider.id}" could not be reached`);
  } finally {
    clearTimeout(timer);
  }
  if (response.status >= 300 && response.status < 400) {
    abort();
    await response.body?.cancel().catch(() => undefined);
    throw new ApiError(
      502,
      'upstream_redirect',
      `provider "${provider.id}" answered with a redirect (${response.status}), which is not followed; configure its final base_url`,
    );
  }
  if (response.status < 200 || response.status > 299) throw await upstreamError(call, response);
  return { response, abort, timeoutMs: seconds * 1000 };
}

/** The longest provider error message passed on to the caller. */
const MAX_MESSAGE = 300;
/** An error `type` or `code` as the provider APIs write them; anything else is dropped. */
const ERROR_WORD = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * A provider's error message as it may reach the caller: control characters and runs of white
 * space as one space, the provider's URL and key (should it echo them) blanked, at most
 * MAX_MESSAGE characters.
 */
function boundedMessage(text: string, secrets: readonly string[]): string {
  let out = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join('***');
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE - 1)}…` : out;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * The provider's refusal in the caller's shape: only its `type`, `code` and `message` (bounded),
 * never other body fields or headers.
 */
async function upstreamError(call: UpstreamCall, response: UpstreamAnswer): Promise<ApiError> {
  const { provider } = call.route;
  const text = await response.text().catch(() => '');
  let message = text;
  let type: string | undefined;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as Json;
    const err = body?.error ?? body;
    if (typeof err === 'string') message = err;
    else if (err && typeof err === 'object') {
      message = typeof err.message === 'string' ? err.message : '';
      if (typeof err.type === 'string' && ERROR_WORD.test(err.type)) type = err.type;
      if (typeof err.code === 'string' && ERROR_WORD.test(err.code)) code = err.code;
    }
  } catch {
    // not JSON: the text itself is the message
  }
  const secrets = [call.key ?? '', endpoint(call.route), provider.base_url, hostOf(provider.base_url)];
  message = boundedMessage(message, secrets) || `provider "${provider.id}" answered ${response.status}`;
  if (response.status === 401 || response.status === 403) {
    // The provider refused the stored key: the service's fault, never the caller's authentication.
    return new ApiError(
      502,
      'provider_auth_error',
      `provider "${provider.id}" refused its configured API key (${response.status}); an administrator must update the key in the config`,
    );
  }
  if (response.status >= 400 && response.status < 500) {
    return new ApiError(response.status as ApiError['status'], code ?? 'upstream_error', message, type ? { type } : {});
  }
  return new ApiError(502, 'upstream_error', `provider "${provider.id}" failed (${response.status}): ${message}`);
}
