/**
 * Servers in their own processes, so that under load each one (the fake provider, the bare
 * forwarder, the service, the peer) gets its own event loop, as in production, instead of sharing
 * the benchmark's: `node --import tsx bench/lib/child.ts fake`, `… embeddings` or `… forwarder <target>` prints its
 * URL on stdout and serves until killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ChildServer {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** Kills `child` if this process exits first (the bench's watchdog, a crash), so no server outlives the run. */
export function killOnExit(child: ChildProcess): void {
  const kill = () => void child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.removeListener('exit', kill));
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** Starts `kind` in a child process and resolves with the URL it prints (bounded: 30 s). */
export async function startChild(kind: 'fake' | 'forwarder' | 'embeddings', target?: string): Promise<ChildServer> {
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', script, kind, ...(target ? [target] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  killOnExit(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} did not start in 30 s`)), 30_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} exited with ${code}`));
    });
  }).catch(async (err) => {
    await stopChild(child);
    throw err;
  });
  return { url, pid: child.pid!, close: () => stopChild(child) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [kind, target] = process.argv.slice(2);
  if (kind === 'fake') {
    const { startFakeProvider } = await import('../../test/support/fake-provider.ts');
    const fake = await startFakeProvider();
    // The fake records every request; under load that list would grow without bound.
    setInterval(() => (fake.requests.length = 0), 1000).unref();
    process.stdout.write(fake.url + '\n');
  } else if (kind === 'embeddings') {
    const { serveEmbeddings } = await import('./embeddings-provider.ts');
    process.stdout.write((await serveEmbeddings()) + '\n');
  } else if (kind === 'forwarder' && target) {
    const { bareForwarder } = await import('./bare.ts');
    process.stdout.write((await bareForwarder(target)).url + '\n');
  } else {
    process.stderr.write('usage: child.ts fake | embeddings | forwarder <target>\n');
    process.exit(2);
  }
  process.once('SIGTERM', () => process.exit(0));
}
