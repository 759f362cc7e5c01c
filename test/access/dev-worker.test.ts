import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'bs-dev-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run dev:worker', () => {
  it('hands settings and secrets to wrangler in a 0600 file in the data dir (git-ignored by default), never on the command line', () => {
    mkdirSync(join(dir, 'scripts'));
    cpSync(join('scripts', 'dev-worker.mjs'), join(dir, 'scripts', 'dev-worker.mjs'));
    for (const part of ['client', 'functions', 'lib']) symlinkSync(join(process.cwd(), part), join(dir, part));
    // Stands in for wrangler (an external tool): records the arguments it was started with.
    mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
    symlinkSync(join(process.cwd(), 'node_modules/esbuild'), join(dir, 'node_modules/esbuild'));
    const fake = join(dir, 'node_modules/.bin/wrangler');
    writeFileSync(fake, `#!/bin/sh\necho "$@" >> "${join(dir, 'wrangler-args')}"\n`);
    chmodSync(fake, 0o755);

    const scimToken = 'scim-secret-for-dev-worker-0123456789';
    const run = spawnSync(process.execPath, ['scripts/dev-worker.mjs', '--', '--port', '9999'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH!,
        SERVICE_MODE: 'teams',
        OIDC_PROXY_HEADER: 'x-forwarded-user',
        SERVICE_TRUSTED_PROXIES: '10.0.0.0/8',
        SERVICE_SCIM_TOKEN: scimToken,
        SERVICE_DATA_DIR: join(dir, 'data'),
      },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);

    const devVars = join(dir, 'data', 'dev.vars');
    expect(statSync(devVars).mode & 0o777).toBe(0o600);
    const text = readFileSync(devVars, 'utf8');
    expect(text).toContain("SERVICE_TRUSTED_PROXIES='10.0.0.0/8'");
    expect(text).toContain(`SERVICE_SCIM_TOKEN='${scimToken}'`);
    const proxySecret = readFileSync(join(dir, 'data/proxy-secret'), 'utf8').trim();
    expect(text).toContain(`SERVICE_PROXY_SECRET='${proxySecret}'`);
    expect(text).toMatch(/^SERVICE_API_TOKEN='bsr_/m);

    const args = readFileSync(join(dir, 'wrangler-args'), 'utf8');
    expect(args).toContain('dev');
    expect(args).toContain('--port 9999');
    expect(args).toContain(`--env-file ${devVars}`);
    expect(args).not.toContain('--var');
    for (const secret of [scimToken, proxySecret]) expect(args + run.stdout + run.stderr).not.toContain(secret);

    const ignored = spawnSync('git', ['check-ignore', '-q', 'data/dev.vars'], { cwd: process.cwd() });
    expect(ignored.status).toBe(0);
  });
});
