import { describe, expect, it } from 'vitest';
import type { Held } from './extract/resolve.ts';
import { extractInSlices } from './run-extractor.ts';

/** A loader of the owner's beliefs that counts its calls. */
function owner(held: Held[]) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    return held;
  };
  return { calls, load };
}

const cello: Held = { id: 'b1', key: 'user.instrument.cello', statement: 'The user plays the cello', active: true };

describe('the owner’s beliefs are read only for a turn that states a change', () => {
  it('a statement that changes nothing never reads them', async () => {
    const { calls, load } = owner([cello]);
    const { found } = await extractInSlices([{ role: 'user', content: 'I play the piano and I love jazz.' }], load);
    expect(found.beliefs.length).toBeGreaterThan(0);
    expect(calls.n).toBe(0);
  });

  it('a value of a one-value kind reads them once: it ends the kind’s value said under another key', async () => {
    const leeds: Held = { id: 'b3', key: 'user.call.leeds_home', statement: 'The user has called Leeds home', active: true };
    const { calls, load } = owner([cello, leeds]);
    const { found } = await extractInSlices([{ role: 'user', content: 'I live in York and I work at Acme.' }], load);
    expect(found.beliefs.map((b) => b.key).sort()).toEqual(['user.employer', 'user.location']);
    expect(found.retract).toEqual([{ key: 'user.call.leeds_home', id: 'b3' }]);
    expect(calls.n).toBe(1);
  });

  it('a change reads them once, and is resolved against them', async () => {
    const { calls, load } = owner([cello]);
    const { found } = await extractInSlices(
      [
        { role: 'user', content: 'I gave up the cello.' },
        { role: 'user', content: "I'm not into the cello anymore, I moved to Leeds." },
      ],
      load,
    );
    expect(found.retract.map((r) => r.id)).toContain('b1');
    expect(calls.n).toBe(1);
  });

  it('a name the turn did not introduce reads them once, to find who that is', async () => {
    const sami: Held = { id: 'b2', key: 'user.child.sami', statement: "The user's son is named Sami", active: true };
    const { calls, load } = owner([sami]);
    const { found } = await extractInSlices([{ role: 'user', content: 'Sami turned 5 yesterday! Sami is in year one now.' }], load);
    expect(found.beliefs.some((b) => /\bson\b/.test(b.statement) && /\b5\b/.test(b.statement))).toBe(true);
    expect(calls.n).toBe(1);
  });
});
