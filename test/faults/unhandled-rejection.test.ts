import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, listeningUrl, npmStart } from '../support/npm-start.ts';
import { ROOT_TOKEN, singleEnv } from '../support/targets.ts';

afterAll(cleanupTempDirs);

/** The last guard of lib/adapters/node/main.ts: a rejection that reached no handler is logged and counted, and the process serves on. */
describe('npm start on node, a rejection nobody handles', () => {
  it('is logged (class and message only) and counted as task="unhandled_rejection"; the process keeps serving', async () => {
    const hook = join(import.meta.dirname, 'fixtures', 'reject-on-signal.mjs');
    const started = npmStart(singleEnv({ NODE_OPTIONS: `--import ${hook}` }));
    try {
      const url = await listeningUrl(started);
      started.child.kill('SIGUSR2');
      let logged = false;
      for (let i = 0; i < 50 && !logged; i++) {
        logged = started.output.stdout.includes('"event":"unhandled_rejection"');
        if (!logged) await new Promise((r) => setTimeout(r, 100));
      }
      expect(logged).toBe(true);
      const line = started.output.stdout.split('\n').find((l) => l.includes('"event":"unhandled_rejection"'))!;
      expect(JSON.parse(line)).toEqual({
        level: 'error',
        event: 'unhandled_rejection',
        task: 'unhandled_rejection',
        error: 'Error: a rejection nobody handles',
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const metrics = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${ROOT_TOKEN}` } })).text();
      expect(metrics).toMatch(/^belief_store_background_failures_total\{task="unhandled_rejection"\} 1$/m);
      expect(started.child.exitCode).toBeNull();
    } finally {
      started.child.kill('SIGKILL');
      await started.exited;
    }
  }, 90_000);
});
