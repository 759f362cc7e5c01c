import { LINGER } from '../../linger.ts';

/**
 * Lingering close on workerd, which stops reading a request's body once it has answered and then
 * closes the connection under a client that is still sending (the client sees a reset, often
 * before it has read the answer). The app reads the body through a stream that leaves the
 * connection's body alone when it is cancelled or abandoned (a size limit stops reading);
 * `drain`, awaited before the answer is returned, reads and discards what is left within LINGER.
 */
export function holdBody(request: Request): { request: Request; drain(): Promise<void> } {
  if (!request.body) return { request, drain: async () => undefined };
  const source = request.body.getReader();
  // A declared length ends the body as soon as it has arrived (the stream may only end later).
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  let received = 0;
  let ended = false;
  // The connection's body allows one read at a time: the app's pull and the drain share it.
  let inflight: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const next = () =>
    (inflight ??= source.read().then((r) => {
      inflight = null;
      if (!r.done) received += r.value.byteLength;
      if (r.done || received >= declared) ended = true;
      return r;
    }));
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel() {
        // the rest is drained before the answer
      },
    },
    { highWaterMark: 0 },
  );
  const held = new Request(request, { body, duplex: 'half' } as RequestInit);
  async function drain(): Promise<void> {
    if (ended) return;
    const deadline = Date.now() + LINGER.totalMs;
    let read = 0;
    try {
      while (!ended && read <= LINGER.bytes && Date.now() < deadline) {
        const left = Math.min(LINGER.idleMs, deadline - Date.now());
        let timer: ReturnType<typeof setTimeout> | undefined;
        const idle = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left)));
        const chunk = await Promise.race([next(), idle]);
        clearTimeout(timer);
        if (chunk === null || chunk.done) break;
        read += chunk.value.byteLength;
      }
    } finally {
      await source.cancel().catch(() => undefined);
    }
  }
  return { request: held, drain };
}
