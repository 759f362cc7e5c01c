#!/usr/bin/env node
// `npm run dev:worker [-- wrangler dev args]`: the same app under workerd (wrangler + miniflare),
// D1 and Durable Objects kept in .wrangler/. Applies the migrations, then starts `wrangler dev`.
import { spawnSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { wranglerDefineArgs } from '../lib/adapters/dashboard-bundle.mjs';

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

// Settings and secrets reach the worker through a 0600 file in the data dir (--env-file), never the
// command line, where any local user could read them in the process list. Not .dev.vars: wrangler
// would take them for bindings missing from the generated Env and call the types out of date.
const vars = {};
for (const [name, value] of Object.entries(process.env)) {
  if ((name.startsWith('SERVICE_') || name === 'OIDC_PROXY_HEADER') && name !== 'SERVICE_DATA_DIR' && value) vars[name] = value;
}
vars.SERVICE_API_TOKEN ||= secretFile('root-token', () => 'bsr_' + randomBytes(32).toString('base64url'));
vars.SERVICE_ENCRYPTION_KEY ||= secretFile('master.key', () => randomBytes(32).toString('base64'));
// workerd cannot see the client address: in teams mode the SSO proxy must send this secret.
if (vars.SERVICE_MODE === 'teams') vars.SERVICE_PROXY_SECRET ||= secretFile('proxy-secret', () => randomBytes(32).toString('base64url'));

const devVars = join(dataDir, 'dev.vars');
function dotenvLine(name, value) {
  const quote = ["'", '"', '`'].find((q) => !value.includes(q));
  if (!quote) {
    console.error(`belief-store: refusing to start: ${name} contains all of ' " and \` and cannot be written to ${devVars}`);
    process.exit(2);
  }
  return `${name}=${quote}${value}${quote}`;
}
const lines = Object.entries(vars).map(([name, value]) => dotenvLine(name, value));
writeFileSync(devVars, `# Written by npm run dev:worker from the environment; rewritten on every start.\n${lines.join('\n')}\n`, { mode: 0o600 });
chmodSync(devVars, 0o600);

const wrangler = join('node_modules', '.bin', 'wrangler');
const migrate = spawnSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local'], { stdio: 'inherit', env });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const extra = process.argv.slice(2);
const unlessGiven = (flag, value) => (extra.includes(flag) ? [] : [flag, value]);
// The dashboard's script is bundled once, here: restart after changing client/.
const defines = await wranglerDefineArgs();
const args = [
  'dev',
  '--env-file',
  devVars,
  ...unlessGiven('--port', process.env.PORT || '8787'),
  ...unlessGiven('--ip', process.env.HOST || '127.0.0.1'),
  ...defines,
  ...extra,
];
const child = spawn(wrangler, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
