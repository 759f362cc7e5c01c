import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS } from '../../lib/adapters/worker/launcher/capnp.ts';
import { wranglerWorker } from '../support/wrangler.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TYPES = 'worker-configuration.d.ts';
const dirs: string[] = [];

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * `wrangler types --check` in a scratch copy of the configuration (the entry reached through a
 * link), so that a developer's .dev.vars, which wrangler would read as secrets, plays no part.
 */
function checkTypes(changeConfig?: (toml: string) => void): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bs-types-'));
  dirs.push(dir);
  copyFileSync(join(ROOT, 'wrangler.toml'), join(dir, 'wrangler.toml'));
  copyFileSync(join(ROOT, TYPES), join(dir, TYPES));
  symlinkSync(join(ROOT, 'lib'), join(dir, 'lib'));
  changeConfig?.(join(dir, 'wrangler.toml'));
  const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'wrangler'), ['types', '--check', TYPES], {
    cwd: dir,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('the worker environment', () => {
  it(`is the ${TYPES} that npm run types:worker generates from wrangler.toml`, () => {
    const { status, output } = checkTypes();
    expect(status, output).toBe(0);
  });

  it(`is stale once wrangler.toml gains a binding ${TYPES} does not have`, () => {
    const { status, output } = checkTypes((toml) => appendFileSync(toml, 'EXTRA_SETTING = "x"\n'));
    expect(status, output).not.toBe(0);
    expect(output).toContain('out of date');
  });

  it('has the compatibility date and flags of wrangler.toml on self-hosted workerd too', async () => {
    const { workerOptions } = await wranglerWorker();
    expect(COMPATIBILITY_DATE).toBe(workerOptions.compatibilityDate);
    expect(COMPATIBILITY_FLAGS).toEqual(workerOptions.compatibilityFlags);
  });
});
