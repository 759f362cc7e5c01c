import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';

const dirs: string[] = [];

/** A temporary directory removed by cleanupTempDirs(). */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bs-start-'));
  dirs.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** What `npm start` runs (scripts/start.mjs: the esbuild bundle of lib/adapters/node/main.ts), killed after `killAfterMs`. */
export function npmStart(env: Record<string, string>, cwd = process.cwd(), killAfterMs = 25_000) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', SERVICE_DATA_DIR: tempDir(), PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (output.stdout += d));
  child.stderr.on('data', (d) => (output.stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const exited = new Promise<number | null>((done) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      done(code);
    }),
  );
  return { child, output, exited };
}

/** Runs `npm start` until it exits by itself (a refusal). */
export async function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const { output, exited } = npmStart(env);
  const code = await exited;
  return { code, ...output };
}

/** Resolves with the URL once `npm start` prints its start-up line. */
export function listeningUrl(started: ReturnType<typeof npmStart>): Promise<string> {
  const { child, output, exited } = started;
  return new Promise<string>((found, failed) => {
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/\S+) \(/.exec(output.stdout);
      if (m) found(m[1]!);
    });
    void exited.then(() => failed(new Error(`exited before listening: ${output.stdout}${output.stderr}`)));
  });
}

/** A fake provider for a file's `npm start` tests: started before them, closed after them with their temporary dirs removed. */
export function fakeProviderForNpmStart(): () => FakeProvider {
  let fake: FakeProvider | undefined;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(async () => {
    await fake?.close();
    cleanupTempDirs();
  });
  return () => fake!;
}
