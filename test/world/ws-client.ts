import WebSocket from 'ws';

export type Frame = Record<string, any>;

/** A real `ws` client that records every frame and the close code. */
export class Client {
  readonly frames: Frame[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  static open(url: string, headers: Record<string, string>): Promise<Client> {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), { headers });
    return new Promise((resolve, reject) => {
      const client = new Client(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** The HTTP status an upgrade attempt is refused with. */
  static refusal(url: string, headers: Record<string, string>): Promise<number> {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), { headers });
    return new Promise((resolve, reject) => {
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.once('open', () => {
        ws.close();
        reject(new Error('upgrade was accepted'));
      });
      ws.once('error', () => undefined);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  of(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  /** Waits (bounded) until the predicate holds. */
  async until(what: string, predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(this.frames).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Sends a flush and waits (at most 25 s: every turn before it is extracted first, one after another on a loaded machine) for `flushed`. */
  async flush(): Promise<void> {
    const before = this.of('flushed').length;
    this.send({ type: 'flush' });
    await this.until('flushed', () => this.of('flushed').length > before, 25_000);
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
