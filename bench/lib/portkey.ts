/**
 * The peer: Portkey's open-source AI gateway (`@portkey-ai/gateway`, a devDependency) started
 * headless in its own process on 127.0.0.1, forwarding to our fake provider. No auth, no memory:
 * a client names the provider and its base URL in headers on every request
 * (`x-portkey-provider: openai`, `x-portkey-custom-host: <fake>/v1`; 127.0.0.1 is a trusted custom
 * host by default) and its own provider key in `authorization`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killOnExit, stopChild } from './child.ts';
import { freePort } from './server.ts';

export interface Peer {
  url: string;
  /** Headers every chat request to the peer carries (besides its authorization and content type). */
  headers: Record<string, string>;
  pid: number;
  close(): Promise<void>;
}

const LOOPBACK = fileURLToPath(new URL('./loopback.mjs', import.meta.url));

function gatewayScript(): string {
  const pkg = createRequire(import.meta.url).resolve('@portkey-ai/gateway/package.json');
  return join(dirname(pkg), 'build', 'start-server.js');
}

/** Starts the gateway; `providerUrl` is the fake provider's origin (its OpenAI API lives under /v1). */
export async function startPortkey(providerUrl: string): Promise<Peer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', LOOPBACK, gatewayScript(), '--headless', `--port=${port}`], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  killOnExit(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  const url = `http://127.0.0.1:${port}`;
  const close = () => stopChild(child);
  const started = performance.now();
  while (performance.now() - started < 30_000) {
    if (child.exitCode !== null) throw new Error(`the Portkey gateway exited with ${child.exitCode}: ${stderr.trim()}`);
    if (
      await fetch(url).then(
        (r) => {
          void r.arrayBuffer();
          return true;
        },
        () => false,
      )
    ) {
      return { url, headers: { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${providerUrl}/v1` }, pid: child.pid!, close };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await close();
  throw new Error('the Portkey gateway did not start in 30 s');
}
