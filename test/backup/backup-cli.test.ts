import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportArchive, PASSPHRASE, seed } from '../backup/helpers.ts';
import { cleanupTempDirs, tempDir } from '../support/npm-start.ts';
import { runScript } from '../support/scripts.ts';
import { useTarget } from '../support/suites.ts';
import { ROOT_TOKEN, singleEnv, type Target } from '../support/targets.ts';

const cli = (args: string[], env: Record<string, string>) => runScript('backup-cli.ts', args, env);

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

function expectOneLine(result: { code: number | null; stderr: string }, text: string | RegExp): void {
  expect(result.code).not.toBe(0);
  const lines = result.stderr
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('\r'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(text);
  expect(result.stderr).not.toContain('fetch failed');
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('npm run backup reports each failure in one clear line', { timeout: 120_000 }, () => {
  let t: Target;
  let file: string;
  afterAll(cleanupTempDirs);
  useTarget(
    'node',
    async (s) => {
      t = s;
      await seed(t);
      file = join(tempDir(), 'a.bsbk');
      writeFileSync(file, await exportArchive(t));
    },
    singleEnv(),
  );

  it('an unreachable server, for export and import', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const env = { BELIEF_STORE_URL: url, BELIEF_STORE_TOKEN: ROOT_TOKEN, BELIEF_STORE_PASSPHRASE: PASSPHRASE };
    expectOneLine(await cli(['export', '--out', join(tempDir(), 'x.bsbk')], env), new RegExp(`cannot reach the server at ${url} \\(ECONNREFUSED\\)`));
    expectOneLine(await cli(['import', file], env), /cannot reach the server/);
  });

  it('a refused token, from the environment or from a stale root-token file', async () => {
    const env = { BELIEF_STORE_URL: t.url, BELIEF_STORE_TOKEN: 'not-the-root-token-0123456789abcdef', BELIEF_STORE_PASSPHRASE: PASSPHRASE };
    expectOneLine(await cli(['export', '--out', join(tempDir(), 'x.bsbk')], env), /export refused: .*BELIEF_STORE_TOKEN \(401\)/);
    const dir = join(tempDir(), 'data');
    mkdirSync(dir);
    writeFileSync(join(dir, 'root-token'), 'bsr_stale\n');
    const stale = await cli(['import', file], { BELIEF_STORE_URL: t.url, SERVICE_DATA_DIR: dir, BELIEF_STORE_PASSPHRASE: PASSPHRASE });
    expectOneLine(stale, new RegExp(`import refused: .*${join(dir, 'root-token')} \\(401\\)`));
  });

  it('a wrong passphrase on import', async () => {
    const wrong = await cli(['import', file], {
      BELIEF_STORE_URL: t.url,
      BELIEF_STORE_TOKEN: ROOT_TOKEN,
      BELIEF_STORE_PASSPHRASE: 'not the passphrase at all',
    });
    expect(wrong.code).not.toBe(0);
    const last = wrong.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^backup: import failed: wrong passphrase/);
    expect(wrong.stderr).not.toContain('fetch failed');
  });

  it('keeps the live config unless --replace-config is given', async () => {
    const env = { BELIEF_STORE_URL: t.url, BELIEF_STORE_TOKEN: ROOT_TOKEN, BELIEF_STORE_PASSPHRASE: PASSPHRASE };
    const kept = await cli(['import', file], env);
    expect(kept.code).toBe(0);
    expect(JSON.parse(kept.stdout)).toMatchObject({ ok: true, result: { config_restored: false } });
    const replaced = await cli(['import', '--replace-config', file], env);
    expect(replaced.code).toBe(0);
    expect(JSON.parse(replaced.stdout)).toMatchObject({ ok: true, result: { config_restored: true } });
  });
});
