#!/usr/bin/env node
// `npm run deploy:worker [-- wrangler deploy args]`: `wrangler deploy` of the Cloudflare entry with
// the dashboard's script (client/) bundled in, which a bare `wrangler deploy` leaves out.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { wranglerDefineArgs } from '../lib/adapters/dashboard-bundle.mjs';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
const child = spawn(join('node_modules', '.bin', 'wrangler'), ['deploy', ...(await wranglerDefineArgs()), ...process.argv.slice(2)], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
