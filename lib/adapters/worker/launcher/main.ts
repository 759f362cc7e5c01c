import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { cachedBuild, replaceFile } from '../../cached-build.mjs';
import { dashboardDefine } from '../../dashboard-bundle.mjs';
import { base64Encode, randomBytes } from '../../../crypto.ts';
import { parseSettings, requireProxySecret, SettingsError, type Settings } from '../../../settings.ts';
import { startupLine, startupWarnings } from '../../../startup-notes.ts';
import { fileSecret, prepareDataDir, rootTokenOf } from '../../node/data-dir.ts';
import { SCHEMA_DIR } from '../../../db/schema-files.ts';
import { readMigrations } from '../../../db/sqlite/migrations.ts';
import { openFront } from './front.ts';
import { CAPNP_FILE, listenAddress, ROOT_TOKEN_DIR, SOCKET_NAME, STORAGE_DIR, WORKER_FILE, workerdConfig } from './capnp.ts';
import { parseNetwork } from '../../../net.ts';
import { DRAIN_HEADER, DRAIN_PATH, DRAIN_TOKEN_VAR } from '../drain.ts';

/**
 * `SERVICE_RUNTIME=workerd npm start`: the same app on the real workerd binary (no wrangler, no
 * Miniflare). Validates the environment as the Node server does, prepares the data dir and its
 * secrets, bundles the worker, writes `$SERVICE_DATA_DIR/workerd.capnp` and runs `workerd serve`
 * on it with the settings in its environment, on a loopback port behind the launcher's own
 * listener (front.ts); SIGTERM/SIGINT close that listener and make workerd drain (one SIGTERM).
 */

/** How long a shutdown waits for requests in flight (API.md §1: the process tree ends within 10 s). */
const DRAIN_MS = 9000;

const ROOT = fileURLToPath(new URL('..', SCHEMA_DIR));
const say = (message: string) => process.stdout.write(message + '\n');

/** The launcher's own setting: outbound networks the worker may reach besides public addresses. */
const ALLOW_NETWORKS = 'SERVICE_WORKERD_ALLOW_NETWORKS';
const NETWORK_CLASSES = new Set(['private', 'local']);

/**
 * SERVICE_WORKERD_ALLOW_NETWORKS: comma-separated "private" (RFC 1918 and loopback), "local"
 * (loopback only) or IP/CIDR blocks, e.g. for a model server on this machine. Unset: public only.
 */
function allowedNetworks(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!NETWORK_CLASSES.has(entry) && !parseNetwork(entry)) {
      throw new SettingsError(`${ALLOW_NETWORKS}: "${entry}" is not "private", "local", an IP address or a CIDR range`);
    }
  }
  return entries;
}

/** The settings and secrets the worker gets, as variables of workerd's environment. */
function workerVars(env: NodeJS.ProcessEnv, rootToken: string, masterKey: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!isSetting(name) || !value || name === 'SERVICE_DATA_DIR' || name === 'SERVICE_RUNTIME' || name === ALLOW_NETWORKS) continue;
    vars[name] = value;
  }
  vars.SERVICE_API_TOKEN = rootToken;
  vars.SERVICE_ENCRYPTION_KEY = masterKey;
  return vars;
}

const isSetting = (name: string) => name.startsWith('SERVICE_') || name === 'OIDC_PROXY_HEADER';

/** workerd's environment: this process's, without the settings it is not meant to see, with the worker's. */
function workerdEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!isSetting(name)) env[name] = value;
  return { ...env, ...vars };
}

/**
 * The generated root token lives in a directory of its own, the only one besides storage the
 * worker may write (a rotation rewrites it); `$SERVICE_DATA_DIR/root-token` is a link to it. A
 * root-token file from an earlier start moves in.
 */
function rootTokenPath(dataDir: string): string {
  const dir = join(dataDir, ROOT_TOKEN_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const inside = join(dir, 'root-token');
  const link = join(dataDir, 'root-token');
  const current = lstatSync(link, { throwIfNoEntry: false });
  if (current?.isFile() && !existsSync(inside)) renameSync(link, inside);
  else if (current?.isFile()) rmSync(link);
  if (!current?.isSymbolicLink()) symlinkSync(join(ROOT_TOKEN_DIR, 'root-token'), link);
  return link;
}

/** The pid of the workerd this launcher started, so that a start after a launcher's SIGKILL finds it. */
const PID_FILE = 'workerd.pid';

/**
 * workerd runs in a process group of its own, so a SIGKILL of the launcher alone leaves it running
 * and holding the storage. The next start stops it first: the pid of the file, if that process is
 * still workerd serving this data dir's configuration (read from /proc; elsewhere nothing is done).
 */
async function stopOrphan(dataDir: string): Promise<void> {
  const file = join(dataDir, PID_FILE);
  const pid = Number(existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
  if (!Number.isInteger(pid) || pid <= 0) return;
  const serving = () => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(join(dataDir, CAPNP_FILE));
    } catch {
      return false;
    }
  };
  if (!serving()) return;
  say(`belief-store: stopping workerd (pid ${pid}) left running by an earlier start`);
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 50 && serving(); i++) await new Promise((r) => setTimeout(r, 100));
}

async function bundleWorker(dataDir: string): Promise<void> {
  const outputFiles = await cachedBuild(join(ROOT, '.build', 'cache'), {
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'lib/adapters/worker/serve.ts')],
    outfile: join(dataDir, WORKER_FILE),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    external: ['cloudflare:*'],
    define: { __BELIEF_STORE_MIGRATIONS__: JSON.stringify(readMigrations()), ...(await dashboardDefine()) },
    logLevel: 'warning',
  });
  for (const file of outputFiles) replaceFile(file.path, file.contents, 0o600);
}

function workerdBinary(): string {
  const bin = join(ROOT, 'node_modules', '.bin', 'workerd');
  if (!existsSync(bin)) throw new Error(`belief-store: ${bin} is missing; run npm install`);
  return bin;
}

/** Waits for workerd's "listen" control message; the port it reports is the one bound (PORT=0 too). */
function listening(child: ChildProcess): Promise<number> {
  return new Promise((done, fail) => {
    const lines = createInterface({ input: child.stdio[3] as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      try {
        const message = JSON.parse(line) as { event?: string; socket?: string; port?: number };
        if (message.event === 'listen' && message.socket === SOCKET_NAME && typeof message.port === 'number') done(message.port);
      } catch {
        // not a control message
      }
    });
    child.once('exit', (code, signal) => fail(new Error(`workerd exited before listening (${signal ?? `exit code ${code}`})`)));
  });
}

/**
 * The first request builds the app in the worker (settings, root token, database migrations):
 * a refusal there becomes a start-up refusal here, as on Node.
 */
async function warmUp(url: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) });
      if (res.ok) return;
      const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
      const message = body.error?.message ?? `status ${res.status}`;
      if (body.error?.code === 'misconfigured') throw new SettingsError(message.replace(/^refusing to serve: /, ''));
      throw new Error(`belief-store: the worker failed its first request: ${message}`);
    } catch (err) {
      if (err instanceof SettingsError || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** How long the launcher waits for the worker to take the drain call before it stops workerd all the same. */
const DRAIN_CALL_MS = 1000;

/**
 * Starts the worker's drain call (lib/adapters/worker/drain.ts) and resolves once the worker took
 * it (or could not, within DRAIN_CALL_MS); its answer is read on, held open until the streams end.
 */
async function drainStreams(url: string | null, token: string): Promise<void> {
  if (!url) return;
  // Not taken (workerd failing): its streams are cut at DRAIN_MS instead.
  const taken = fetch(`${url}${DRAIN_PATH}`, { headers: { [DRAIN_HEADER]: token }, signal: AbortSignal.timeout(DRAIN_MS) }).then(
    (res) => void res.body?.pipeTo(new WritableStream()).catch(() => undefined),
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([taken, new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_CALL_MS)))]);
  clearTimeout(timer);
}

async function main(): Promise<void> {
  const settings: Settings = parseSettings(process.env);
  requireProxySecret(settings);
  const dataDir = resolve(settings.dataDir);
  prepareDataDir(dataDir);
  await stopOrphan(dataDir);
  const front = await openFront(settings.host, settings.port);

  const networks = allowedNetworks(process.env[ALLOW_NETWORKS]);
  const rootFile = settings.rootTokenFromEnv ? join(dataDir, 'root-token') : rootTokenPath(dataDir);
  const rootToken = rootTokenOf(settings, rootFile, say);
  const masterKey = settings.encryptionKey ?? fileSecret(join(dataDir, 'master.key'), () => base64Encode(randomBytes(32))).value;

  const storageDir = join(dataDir, STORAGE_DIR);
  mkdirSync(storageDir, { recursive: true, mode: 0o700 });
  await bundleWorker(dataDir);
  const capnp = join(dataDir, CAPNP_FILE);
  const drainToken = base64Encode(randomBytes(24));
  const vars = { ...workerVars(process.env, rootToken, masterKey), [DRAIN_TOKEN_VAR]: drainToken };
  const config = workerdConfig({
    storageDir,
    address: listenAddress(settings.host, settings.port),
    varNames: Object.keys(vars),
    rootTokenDir: settings.rootTokenFromEnv ? null : join(dataDir, ROOT_TOKEN_DIR),
    allowNetworks: networks,
  });
  replaceFile(capnp, config, 0o600);

  // The Durable Objects' SQLite files workerd creates are the service user's alone, like the Node database file.
  process.umask(0o077);
  // In a process group of its own: a group signal (Ctrl-C, systemd) reaches only this launcher,
  // which asks workerd to drain with SIGTERM (on SIGINT workerd would drop requests in flight).
  const child = spawn(workerdBinary(), ['serve', '--control-fd=3', `--socket-addr=${SOCKET_NAME}=127.0.0.1:0`, capnp], {
    cwd: dataDir,
    env: workerdEnv(vars),
    detached: true,
    stdio: ['ignore', 'inherit', 'pipe', 'pipe'],
  });
  // workerd's stderr is held until the start-up line: a refusal is then one line, as on Node.
  let held: Buffer[] | null = [];
  child.stderr!.on('data', (chunk: Buffer) => (held ? held.push(chunk) : process.stderr.write(chunk)));
  const release = () => {
    for (const chunk of held ?? []) process.stderr.write(chunk);
    held = null;
  };
  writeFileSync(join(dataDir, PID_FILE), `${child.pid}\n`, { mode: 0o600 });
  // However this process ends, workerd does not outlive it (short of SIGKILL: then the next start stops it).
  process.once('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stopping: string | null = null;
  /** workerd's own address once it serves: the drain is called there. */
  let serving: string | null = null;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    front.close();
    say(`belief-store: ${signal} received, stopping workerd`);
    setTimeout(() => child.kill('SIGKILL'), DRAIN_MS).unref();
    // workerd lets the requests in flight finish, the drain call among them, which
    // ends the streams still open at its deadline; whatever still runs after DRAIN_MS is cut.
    void drainStreams(serving, drainToken).finally(() => child.kill('SIGTERM'));
  };
  // npm's forwarding and a process-group signal may both deliver one: the first starts the drain.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  child.once('exit', (code, signal) => {
    if (stopping) process.exit(code === 0 || signal === 'SIGTERM' || signal === 'SIGINT' || signal === 'SIGKILL' ? 0 : (code ?? 1));
    release();
    process.stderr.write(`belief-store: workerd exited unexpectedly (${signal ?? `exit code ${code}`})\n`);
    process.exit(code || 1);
  });

  try {
    const innerPort = await listening(child);
    const inner = `http://127.0.0.1:${innerPort}`;
    await warmUp(inner);
    serving = inner;
    front.forwardTo(innerPort);
    say(startupLine(`http://${listenAddress(settings.host, front.port)}`, settings, dataDir));
    for (const warning of startupWarnings(settings)) say(warning);
    held = null;
  } catch (err) {
    child.removeAllListeners('exit');
    if (!(err instanceof SettingsError)) release();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    throw err;
  }
}

try {
  await main();
} catch (err) {
  if (err instanceof SettingsError) {
    process.stderr.write(`belief-store: refusing to start: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
