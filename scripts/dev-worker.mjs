#!/usr/bin/env node
// `npm run dev:worker [-- wrangler dev args]`: the same app under workerd (wrangler + miniflare),
// D1 and Durable Objects kept in .wrangler/. Applies the migrations, then starts `wrangler dev`.
import { spawnSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: process.env.CI ?? 'true' };
const dataDir = process.env.SERVICE_DATA_DIR || './data';
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

function secretFile(name, make) {
  const path = join(dataDir, name);
  if (!existsSync(path)) {
    writeFileSync(path, make() + '\n', { mode: 0o600 });
    chmodSync(path, 0o600);
    console.log(`belief-store: generated ${path} (readable by this user only)`);
  }
  return readFileSync(path, 'utf8').trim();
}

const vars = [];
const passVar = (name, value) => {
  if (value) vars.push('--var', `${name}:${value}`);
};
passVar('SERVICE_API_TOKEN', process.env.SERVICE_API_TOKEN || secretFile('root-token', () => 'bsr_' + randomBytes(32).toString('base64url')));
passVar('SERVICE_ENCRYPTION_KEY', process.env.SERVICE_ENCRYPTION_KEY || secretFile('master.key', () => randomBytes(32).toString('base64')));
for (const name of ['SERVICE_MODE', 'OIDC_PROXY_HEADER', 'SERVICE_SCIM_TOKEN', 'SERVICE_SUPER_ADMINS', 'SERVICE_BACKUP_EXPORTS_ENABLED', 'SERVICE_BACKUP_IMPORTS_ENABLED']) {
  passVar(name, process.env[name]);
}

const wrangler = join('node_modules', '.bin', 'wrangler');
const migrate = spawnSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local'], { stdio: 'inherit', env });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const extra = process.argv.slice(2);
const unlessGiven = (flag, value) => (extra.includes(flag) ? [] : [flag, value]);
const args = ['dev', ...unlessGiven('--port', process.env.PORT || '8787'), ...unlessGiven('--ip', process.env.HOST || '127.0.0.1'), ...vars, ...extra];
const child = spawn(wrangler, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
