import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../support/scripts.ts';
import { useTargets } from '../support/suites.ts';
import { ROOT_TOKEN, singleEnv, type Target } from '../support/targets.ts';
import { PASSPHRASE, seed, snapshot } from './helpers.ts';

const cli = (args: string[], env: Record<string, string>) => runScript('backup-cli.ts', args, env);

describe('npm run backup (CLI against a running node server)', () => {
  let source: Target;
  let fresh: Target;
  let dir: string;
  useTargets('node', [singleEnv(), singleEnv()], async (ts) => {
    [source, fresh] = ts as [Target, Target];
    await seed(source);
    dir = mkdtempSync(join(tmpdir(), 'bs-cli-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exports to a 0600 file and imports it into another instance, with progress lines', async () => {
    const out = join(dir, 'nightly.bsbk');
    const exported = await cli(['export', '--out', out], {
      BELIEF_STORE_URL: source.url,
      BELIEF_STORE_TOKEN: ROOT_TOKEN,
      BELIEF_STORE_PASSPHRASE: PASSPHRASE,
    });
    // A small archive (about a kilobyte) is counted in bytes or KB, never "0.0 MB".
    expect(exported.stderr).toMatch(/exported (\d+ bytes|\d+\.\d KB) at \d+(\.\d)? (bytes|KB|MB)\/s/);
    expect(exported.stderr).not.toMatch(/0\.0 MB/);
    expect(exported.code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readFileSync(out).subarray(0, 21).toString()).toBe('age-encryption.org/v1');

    // The root token comes from the data dir's root-token file when BELIEF_STORE_TOKEN is unset.
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'root-token'), `${ROOT_TOKEN}\n`, { mode: 0o600 });
    const imported = await cli(['import', out], {
      BELIEF_STORE_URL: fresh.url,
      SERVICE_DATA_DIR: join(dir, 'data'),
      BELIEF_STORE_PASSPHRASE: PASSPHRASE,
    });
    expect(imported.stderr).toMatch(/uploaded (\d+ bytes|\d+\.\d KB) of \1 \(100%\)/);
    expect(imported.stderr).not.toMatch(/0\.0 MB/);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ ok: true, result: { beliefs_imported: 3 } });
    expect((await snapshot(fresh)).beliefs).toEqual((await snapshot(source)).beliefs);
  });

  it('refuses a passphrase argument and reports a wrong passphrase without leaving a file', async () => {
    const arg = await cli(['export', '--out', join(dir, 'x.bsbk'), '--passphrase=secret'], {});
    expect(arg.code).toBe(1);
    expect(arg.stderr).toContain('never an argument');
    const out = join(dir, 'short.bsbk');
    const weak = await cli(['export', '--out', out], { BELIEF_STORE_URL: source.url, BELIEF_STORE_TOKEN: ROOT_TOKEN, BELIEF_STORE_PASSPHRASE: 'short' });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('weak_passphrase');
    expect(existsSync(out)).toBe(false);
  });
});
