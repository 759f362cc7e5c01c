import { describe, expect, it } from 'vitest';
import { fakeProviderForNpmStart, listeningUrl, npmStart } from '../support/npm-start.ts';
import { providersConfig, putConfig } from '../support/providers.ts';
import { patFor } from '../support/as.ts';
import { teamsEnv } from '../support/targets.ts';

/**
 * Issue 37 F1: a chat whose latest message is 400 KB on one line ("ignore " repeated, which once
 * cost the instruction check the square of the line's length) is answered, learning from it never
 * holds the process: /healthz polled every 200 ms for 20 s always answers within 1 s, on a loaded
 * machine; and a SIGTERM during such learning ends the process within 10 s (API.md §1).
 */
const HEAVY = 'ignore '.repeat(Math.ceil(400_000 / 7));
const POLL_MS = 200;
const POLL_FOR_MS = 20_000;

const provider = fakeProviderForNpmStart();

/** A healthz answer's time in ms; a failure or no answer within 5 s counts as 5 s. */
async function healthz(url: string): Promise<number> {
  const started = performance.now();
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    await res.text();
    return res.status === 200 ? performance.now() - started : 5_000;
  } catch {
    return 5_000;
  }
}

function chat(url: string, pat: string, content: string): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pat}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'oai/m1', messages: [{ role: 'user', content }] }),
  });
}

describe('a 400 KB one-line chat message (npm start)', () => {
  it('is answered while /healthz answers within 1 s throughout, and SIGTERM during its learning exits within 10 s', { timeout: 120_000 }, async () => {
    const started = npmStart(teamsEnv(), process.cwd(), 110_000);
    const url = await listeningUrl(started);
    expect((await putConfig({ url }, providersConfig(provider()))).status).toBe(200);
    const { token } = await patFor({ url }, 'heavy@example.com');

    const times: number[] = [];
    const polling = (async () => {
      for (const end = performance.now() + POLL_FOR_MS; performance.now() < end; ) {
        const tick = new Promise((resolve) => setTimeout(resolve, POLL_MS));
        times.push(await healthz(url));
        await tick;
      }
    })();
    const answers: number[] = [];
    for (const end = performance.now() + POLL_FOR_MS - 2_000; performance.now() < end; ) {
      // A refused or reset connection counts as no answer (0).
      answers.push(
        await chat(url, token, HEAVY).then(
          async (res) => {
            await res.text();
            return res.status;
          },
          () => 0,
        ),
      );
    }
    await polling;

    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(times.length).toBeGreaterThan(POLL_FOR_MS / POLL_MS / 2);
    expect(Math.max(...times)).toBeLessThan(1_000);

    // Its learning starts after the answer; the signal comes while it runs.
    expect((await chat(url, token, HEAVY)).status).toBe(200);
    const signalled = performance.now();
    started.child.kill('SIGTERM');
    await started.exited;
    expect(performance.now() - signalled).toBeLessThan(10_000);
  });
});
