import { cpSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../lib/adapters/node/server.ts';
import { cleanupTempDirs, npmStart, runToExit, tempDir } from '../support/npm-start.ts';
import { ROOT_TOKEN, singleEnv, startTarget } from '../support/targets.ts';
import { bearer, call } from '../support/http.ts';

afterAll(cleanupTempDirs);

describe('start-up refusals (node)', () => {
  it.each([
    [{ SERVICE_MODE: 'multi' }, 'SERVICE_MODE'],
    [{ SERVICE_MODE: 'teams' }, 'OIDC_PROXY_HEADER'],
    [{ SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: 'X-Forwarded-User' }, 'OIDC_PROXY_HEADER'],
    [{ SERVICE_API_TOKEN: 'tiny-secret' }, 'SERVICE_API_TOKEN'],
    [{ SERVICE_API_TOKEN: 'x'.repeat(31) }, 'SERVICE_API_TOKEN must be at least 32 characters'],
    [{ SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: 'x-user', SERVICE_SCIM_TOKEN: 's'.repeat(31) }, 'SERVICE_SCIM_TOKEN must be at least 32 characters'],
    [{ SERVICE_PUBLIC_URL: 'memory.example.com' }, 'SERVICE_PUBLIC_URL'],
    [{ SERVICE_SESSION_IDLE_MINUTES: '0' }, 'SERVICE_SESSION_IDLE_MINUTES'],
    [{ SERVICE_ENCRYPTION_KEY: 'bm90IDMyIGJ5dGVz' }, 'SERVICE_ENCRYPTION_KEY'],
    [{ SERVICE_TRUSTED_PROXIES: '10.0.0.1, 10.0.0.300/8' }, 'SERVICE_TRUSTED_PROXIES: "10.0.0.300/8"'],
    [{ SERVICE_TRUSTED_PROXIES: '10.0.0.0/33' }, 'SERVICE_TRUSTED_PROXIES: "10.0.0.0/33"'],
    [{ SERVICE_DATABASE_URL: 'postgres://u:tiny-secret%zz@127.0.0.1:1/db' }, 'SERVICE_DATABASE_URL: the user or password holds a malformed percent escape'],
    [{ SERVICE_PROXY_SECRET: 'tiny-secret' }, 'SERVICE_PROXY_SECRET must be at least 32 characters'],
    [{ SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: 'x-user', SERVICE_PROXY_SECRET: 'x'.repeat(31) }, 'SERVICE_PROXY_SECRET must be at least 32 characters'],
  ])('refuses %j with exit code 2 naming %s', async (env, variable) => {
    const { code, stderr } = await runToExit(env as Record<string, string>);
    expect(code).toBe(2);
    expect(stderr).toContain(variable);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toContain('tiny-secret');
    expect(stderr).not.toContain('x'.repeat(31));
  });
});

/** `npm start` in `cwd` until it listens: serves /healthz, logs it as a JSON line, exits 0 on SIGTERM. */
async function startScriptServes(cwd: string, killAfterMs?: number): Promise<{ stdout: string; stderr: string }> {
  const { child, output, exited } = npmStart({}, cwd, killAfterMs);
  const url = await new Promise<string>((found, failed) => {
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/\S+) \(mode=single, data dir=/.exec(output.stdout);
      if (m) found(m[1]!);
    });
    void exited.then(() => failed(new Error(`exited before listening: ${output.stdout}${output.stderr}`)));
  });
  expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
  await expect.poll(() => output.stdout.split('\n').some((l) => l.startsWith('{') && JSON.parse(l).route === '/healthz')).toBe(true);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output.stdout).toContain('SIGTERM received');
  return output;
}

describe('npm start (node)', () => {
  it('prints one start-up line with the URL, serves, logs each request as a JSON line and exits 0 on SIGTERM', { timeout: 30_000 }, async () => {
    const { stderr } = await startScriptServes(process.cwd());
    expect(stderr).toBe('');
  });

  // tsx compiles every source file as it is imported: under a full parallel run that start-up alone has taken over 25 s.
  it('runs the sources through tsx, saying so, where the bundle cannot be written', { timeout: 90_000 }, async () => {
    const copy = tempDir();
    for (const part of ['lib', 'functions', 'client', 'schema', 'scripts', 'package.json', 'tsconfig.json'])
      cpSync(part, join(copy, part), { recursive: true });
    symlinkSync(join(process.cwd(), 'node_modules'), join(copy, 'node_modules'));
    writeFileSync(join(copy, '.build'), 'a file where the bundle directory would go');
    const { stderr } = await startScriptServes(copy, 80_000);
    expect(stderr).toContain(`cannot write ${join(copy, '.build')}`);
    expect(stderr).toContain('running the sources through tsx');
  });
});

describe('root token and data dir across restarts (node)', () => {
  it('generates the root token once into a 0600 file, prints its path never its value, and reuses it', async () => {
    const dir = tempDir();
    const lines: string[] = [];
    const capture = { log: (l: Record<string, unknown>) => lines.push(JSON.stringify(l)), say: (m: string) => lines.push(m) };
    const env = { SERVICE_MODE: 'single', SERVICE_DATA_DIR: dir };
    const first = await startServer({ env, port: 0, ...capture });
    const file = join(dir, 'root-token');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'belief-store.db')).mode & 0o777).toBe(0o600);
    const token = readFileSync(file, 'utf8').trim();
    expect(token.length).toBeGreaterThanOrEqual(32);
    const t1 = { kind: 'node' as const, url: first.url } as Parameters<typeof call>[0];
    expect((await call(t1, '/admin/api/me', { headers: bearer(token) })).status).toBe(200);
    await first.close();
    expect(lines.some((l) => l.includes(file))).toBe(true);

    const second = await startServer({ env, port: 0, ...capture });
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    const t2 = { kind: 'node' as const, url: second.url } as Parameters<typeof call>[0];
    expect((await call(t2, '/admin/api/me', { headers: bearer(token) })).status).toBe(200);
    const migrations = second.sqlite!.raw.prepare('SELECT name FROM schema_migrations').all() as { name: string }[];
    expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
    await second.close();
    expect(lines.filter((l) => l.includes(file))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('keeps a rotated root token across restarts until a new SERVICE_API_TOKEN is deployed', async () => {
    const dir = tempDir();
    const withToken = (value: string) => startTarget('node', singleEnv({ SERVICE_API_TOKEN: value }), dir);
    let t = await withToken(ROOT_TOKEN);
    const rotated = (await (await call(t, '/admin/api/root-token/rotate', { method: 'POST', headers: bearer(ROOT_TOKEN) })).json()) as { token: string };
    await t.stop();

    t = await withToken(ROOT_TOKEN);
    expect((await call(t, '/admin/api/me', { headers: bearer(rotated.token) })).status).toBe(200);
    expect((await call(t, '/admin/api/me', { headers: bearer(ROOT_TOKEN) })).status).toBe(401);
    await t.stop();

    const redeployed = 'a-new-deployment-secret-0123456789';
    t = await withToken(redeployed);
    expect((await call(t, '/admin/api/me', { headers: bearer(redeployed) })).status).toBe(200);
    expect((await call(t, '/admin/api/me', { headers: bearer(rotated.token) })).status).toBe(401);
    await t.stop();
  });
});
