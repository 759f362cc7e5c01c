import { safeEqual } from '../../crypto.ts';
import { SHUTDOWN_MESSAGE, STREAMS_END_AFTER_MS, type OpenStreams } from '../../providers/open-streams.ts';

/**
 * Self-hosted workerd's drain. workerd tells a worker nothing of its SIGTERM, so the launcher calls
 * DRAIN_PATH with its per-start token just before it sends one, and holds the answer open: workerd
 * lets requests in flight finish, and this one ends the isolate's streams still open at the
 * deadline with an error event in their shape, as Node's drain does (lib/adapters/node/listen.ts).
 */
export const DRAIN_PATH = '/__belief-store/drain';
export const DRAIN_HEADER = 'x-belief-store-drain-token';
/** The worker variable the launcher hands its token over in (never set on Cloudflare: the path is then an ordinary 404). */
export const DRAIN_TOKEN_VAR = 'SERVICE_DRAIN_TOKEN';
const CHECK_MS = 100;

export function isDrainCall(request: Request, token: string | undefined): boolean {
  return !!token && new URL(request.url).pathname === DRAIN_PATH && safeEqual(request.headers.get(DRAIN_HEADER) ?? '', token);
}

/** Open until no stream is left; at the deadline it asks the streams still open to end (each does so itself, within CUT_POLL_MS). */
export function drainResponse(streams: OpenStreams): Response {
  const deadline = Date.now() + STREAMS_END_AFTER_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('draining\n'));
      const check = () => {
        if (Date.now() >= deadline) streams.endAll(SHUTDOWN_MESSAGE);
        if (streams.count === 0) return controller.close();
        timer = setTimeout(check, CHECK_MS);
      };
      timer = setTimeout(check, CHECK_MS);
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
