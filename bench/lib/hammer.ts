import { Agent, request } from 'node:http';

export interface Sample {
  /** performance.now() when the request was written and when its answer ended. */
  sentAt: number;
  doneAt: number;
  /** HTTP status, or 0 for a socket error. */
  status: number;
}

export interface Hammer {
  samples: Sample[];
  /** Stops sending; resolves once every connection's last request has ended. */
  stop(): Promise<Sample[]>;
}

function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ agent, host: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/**
 * `connections` keep-alive connections, each sending GET `url` back to back and recording when
 * every request was sent and answered (unlike a load generator's aggregate, this tells which
 * requests were sent after a given moment). Bounded by `maxSeconds` even if never stopped.
 */
export function hammer(target: string, connections: number, headers: Record<string, string>, maxSeconds = 60): Hammer {
  const url = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const samples: Sample[] = [];
  const deadline = performance.now() + maxSeconds * 1000;
  let stopped = false;
  const loop = async () => {
    while (!stopped && performance.now() < deadline) {
      const sentAt = performance.now();
      const status = await get(agent, url, headers);
      samples.push({ sentAt, doneAt: performance.now(), status });
    }
  };
  const loops = Array.from({ length: connections }, loop);
  return {
    samples,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
      return samples;
    },
  };
}
