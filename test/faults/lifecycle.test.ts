import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { anthropicFor, openaiFor } from '../support/providers.ts';
import { ROOT_TOKEN, singleEnv } from '../support/targets.ts';

/**
 * API.md §1 Lifecycle: a SIGTERM or SIGINT to the pid of `npm start` itself, or to its whole
 * process group (Ctrl-C, systemd), reaches the server: it refuses new connections, lets in-flight
 * streamed chats finish, and the whole process tree exits within 10 s, nothing left listening.
 * `npm start` is the real npm here, started in a process group of its own.
 */
const EXIT_LIMIT_MS = 10_000;
const CHATS = 4;
const auth = { authorization: `Bearer ${ROOT_TOKEN}` };
let fake: FakeProvider;
const dirs: string[] = [];

beforeAll(async () => {
  fake = await startFakeProvider();
});

afterAll(async () => {
  await fake?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Started {
  npm: ChildProcess;
  dataDir: string;
  url: string;
  output: () => string;
  exited: Promise<void>;
}

async function npmStart(env: Record<string, string>): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bs-life-'));
  dirs.push(dataDir);
  const npm = spawn('npm', ['start'], {
    detached: true,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', SERVICE_DATA_DIR: dataDir, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout!.on('data', (b) => (out += b));
  npm.stderr!.on('data', (b) => (out += b));
  const exited = new Promise<void>((done) => npm.once('exit', () => done()));
  const url = await new Promise<string>((found, failed) => {
    const timer = setTimeout(() => failed(new Error(`not listening within 120 s: ${out}`)), 120_000);
    npm.stdout!.on('data', () => {
      const m = /listening on (http:\/\/\S+) \(/.exec(out);
      if (m) {
        clearTimeout(timer);
        found(m[1]!);
      }
    });
    void exited.then(() => failed(new Error(`exited before listening: ${out}`)));
  });
  return { npm, dataDir, url, output: () => out, exited };
}

/** True while some process of the group `pgid` is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Processes whose command line names `dir` (workerd runs `workerd serve <data dir>/workerd.capnp` in a group of its own). */
function processesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir)) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts a streamed chat and resolves once its first chunk arrived, with the rest of its body to come. */
async function slowChat(url: string): Promise<{ first: string; rest: Promise<string> }> {
  const res = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake/m1', messages: [{ role: 'user', content: 'Tell me slowly' }], stream: true }),
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const first = decoder.decode((await reader.read()).value);
  const rest = (async () => {
    let text = '';
    for (let i = 0; i < 10_000; i++) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
    return text;
  })();
  return { first, rest };
}

/** Reads a stream the official SDK returned to its end; what it raised, or null when it ended as a complete answer. */
async function sdkOutcome(stream: AsyncIterable<unknown>): Promise<Error | null> {
  try {
    for await (const _event of stream) {
      // read on to the end
    }
    return null;
  } catch (err) {
    return err as Error;
  }
}

/** Two providers on the fake: `fake` (OpenAI kind, the default) and `ant` (Anthropic kind). */
async function configure(url: string): Promise<void> {
  const put = await fetch(`${url}/admin/api/config`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      providers: [
        { id: 'fake', kind: 'openai', base_url: `${fake.url}/v1`, api_key: 'sk-fake-0000', models: ['m1'] },
        { id: 'ant', kind: 'anthropic', base_url: fake.url, api_key: 'sk-ant-fake-0000', models: ['c1'] },
      ],
      default_model: 'fake/m1',
    }),
  });
  expect(put.status).toBe(200);
}

const runtimes = [['node', {}] as const, ['workerd', { SERVICE_RUNTIME: 'workerd', SERVICE_WORKERD_ALLOW_NETWORKS: 'local' }] as const];
const deliveries = [
  ['SIGTERM to the pid of npm start', 'SIGTERM', false],
  ['SIGINT to the pid of npm start', 'SIGINT', false],
  ['SIGTERM to the process group', 'SIGTERM', true],
  ['SIGINT to the process group (Ctrl-C)', 'SIGINT', true],
] as const;

describe.each(runtimes)('npm start on %s', (_runtime, runtimeEnv) => {
  it.each(deliveries)(
    '%s: in-flight streamed chats finish, new connections are refused, the process tree exits within 10 s',
    async (_name, signal, group) => {
      const started = await npmStart(singleEnv(runtimeEnv));
      const { npm, url } = started;
      try {
        await configure(url);
        // Held until released below, after the refusal was seen: refusing only once they end is not refusing.
        fake.streamPauseMs = 30_000;
        const chats = await Promise.all(Array.from({ length: CHATS }, () => slowChat(url)));
        for (const chat of chats) expect(chat.first).toContain('chat.completion.chunk');

        process.kill(group ? -npm.pid! : npm.pid!, signal);
        let refused = false;
        for (let i = 0; i < 100 && !refused; i++) {
          refused = !(await accepts(url));
          if (!refused) await new Promise((r) => setTimeout(r, 50));
        }
        expect(refused).toBe(true);
        // The chats were held mid-stream until now: they go on.
        fake.release();

        const bodies = await Promise.all(chats.map((c) => c.rest));
        for (const body of bodies) {
          expect(body).toContain('Hello from the fake provider'.split(' ').at(-1));
          expect(body).toContain('data: [DONE]');
        }
        const gone = await Promise.race([started.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), EXIT_LIMIT_MS))]);
        expect(gone).toBe(true);
        const alive = () => groupAlive(npm.pid!) || processesIn(started.dataDir).length > 0;
        for (let i = 0; i < 20 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
        expect(groupAlive(npm.pid!)).toBe(false);
        expect(processesIn(started.dataDir)).toEqual([]);
        expect(await accepts(url)).toBe(false);
      } finally {
        fake.streamPauseMs = 0;
        if (groupAlive(npm.pid!)) process.kill(-npm.pid!, 'SIGKILL');
        for (const pid of processesIn(started.dataDir)) process.kill(pid, 'SIGKILL');
      }
    },
    180_000,
  );
});

describe.each(runtimes)('npm start on %s, a stream longer than the drain', (_runtime, runtimeEnv) => {
  it('a 30 s stream open at the drain deadline ends with an error event in its shape: each official SDK raises; the process exits within 10 s of SIGTERM', async () => {
    const started = await npmStart(singleEnv(runtimeEnv));
    const { npm, url } = started;
    try {
      await configure(url);
      fake.streamPauseMs = 30_000;
      const openai = openaiFor(started, ROOT_TOKEN);
      const anthropic = anthropicFor(started, ROOT_TOKEN);
      const messages = [{ role: 'user' as const, content: 'Tell me very slowly' }];
      // Same shape both ways, and an OpenAI client on an Anthropic provider (translated).
      const streams = await Promise.all([
        openai.chat.completions.create({ model: 'fake/m1', messages, stream: true }),
        anthropic.messages.create({ model: 'ant/c1', max_tokens: 50, messages, stream: true }),
        openai.chat.completions.create({ model: 'ant/c1', messages, stream: true }),
      ]);
      const outcomes = streams.map((s) => sdkOutcome(s));
      const signalled = Date.now();
      process.kill(npm.pid!, 'SIGTERM');
      const gone = await Promise.race([started.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), EXIT_LIMIT_MS))]);
      const exitMs = Date.now() - signalled;
      expect(gone).toBe(true);
      const raised = await Promise.all(outcomes);
      for (const err of raised) {
        expect(err).not.toBeNull();
        expect(err!.message).toMatch(/the service is shutting down; send the request again/);
      }
      console.log(`exit ${exitMs} ms after SIGTERM with 3 streams of 30 s open; the SDKs raised: ${raised.map((e) => e!.constructor.name).join(', ')}`);
    } finally {
      fake.streamPauseMs = 0;
      fake.release();
      if (groupAlive(npm.pid!)) process.kill(-npm.pid!, 'SIGKILL');
    }
  }, 180_000);
});
