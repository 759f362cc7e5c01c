import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeProviderForNpmStart, listeningUrl, npmStart } from '../support/npm-start.ts';
import { openaiFor, putConfig } from '../support/providers.ts';
import { ROOT_TOKEN, singleEnv } from '../support/targets.ts';

const EXIT_LIMIT_MS = 10_000;
const provider = fakeProviderForNpmStart();

/** lib/adapters/node/main.ts: a throw that reached no handler is logged, the process drains as on SIGTERM and exits with code 1. */
describe('npm start on node, a throw nobody catches', () => {
  it('is logged (class, message, frames), a streamed chat in flight finishes, and the process exits with code 1 within 10 s', async () => {
    const hook = join(import.meta.dirname, 'fixtures', 'throw-on-signal.mjs');
    const started = npmStart(singleEnv({ NODE_OPTIONS: `--import ${hook}` }), process.cwd(), 120_000);
    try {
      const url = await listeningUrl(started);
      const config = {
        providers: [{ id: 'fake', kind: 'openai', base_url: `${provider().url}/v1`, api_key: 'sk-fake-0000', models: ['m1'] }],
        default_model: 'fake/m1',
      };
      expect((await putConfig({ url }, config)).status).toBe(200);
      provider().streamPauseMs = 2000;
      const stream = await openaiFor({ url }, ROOT_TOKEN).chat.completions.create({
        model: 'fake/m1',
        messages: [{ role: 'user', content: 'Tell me slowly' }],
        stream: true,
      });
      const signalled = Date.now();
      started.child.kill('SIGUSR2');
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toContain('fake provider');

      const code = await Promise.race([started.exited, new Promise<'running'>((r) => setTimeout(() => r('running'), EXIT_LIMIT_MS))]);
      expect(code).toBe(1);
      expect(Date.now() - signalled).toBeLessThan(EXIT_LIMIT_MS);
      expect(started.output.stdout).toContain('belief-store: uncaught exception, finishing in-flight requests');
      const line = started.output.stdout.split('\n').find((l) => l.includes('"event":"uncaught_exception"'));
      expect(line && JSON.parse(line)).toEqual({
        level: 'error',
        event: 'uncaught_exception',
        task: 'uncaught_exception',
        error: 'Error: a throw nobody catches',
        at: expect.arrayContaining([expect.stringContaining('throw-on-signal.mjs')]),
      });
    } finally {
      provider().streamPauseMs = 0;
      provider().release();
      started.child.kill('SIGKILL');
      await started.exited;
    }
  }, 150_000);
});
