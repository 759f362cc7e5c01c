import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedBuild } from './cached-build.mjs';

describe('cachedBuild', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bs-cached-build-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cache = join(dir, 'cache');
  const entry = join(dir, 'entry.ts');
  const part = join(dir, 'part.ts');
  const options = (out: string) => ({ absWorkingDir: dir, entryPoints: [entry], bundle: true, format: 'esm' as const, outfile: join(dir, out, 'bundle.mjs') });
  const text = (files: { contents: Uint8Array }[]) => new TextDecoder().decode(files[0]!.contents);

  it('reuses a bundle for any output folder while its inputs are unchanged, and rebuilds when one changes', async () => {
    writeFileSync(entry, "import { word } from './part.ts';\nconsole.log(word);\n");
    writeFileSync(part, "export const word = 'first';\n");
    const first = await cachedBuild(cache, options('a'));
    expect(text(first)).toContain('first');
    expect(first[0]!.path).toBe(join(dir, 'a', 'bundle.mjs'));
    expect(readdirSync(cache)).toHaveLength(1);

    const again = await cachedBuild(cache, options('b'));
    expect(again[0]!.path).toBe(join(dir, 'b', 'bundle.mjs'));
    expect(text(again)).toBe(text(first));
    expect(readdirSync(cache)).toHaveLength(1);

    writeFileSync(part, "export const word = 'second';\n");
    const later = new Date(Date.now() + 5000);
    utimesSync(part, later, later);
    expect(text(await cachedBuild(cache, options('a')))).toContain('second');
  });

  it('keys the cache by the options: another define is another bundle', async () => {
    writeFileSync(entry, 'console.log(NAME);\n');
    const one = await cachedBuild(cache, { ...options('c'), define: { NAME: '"one"' } });
    const two = await cachedBuild(cache, { ...options('c'), define: { NAME: '"two"' } });
    expect(text(one)).toContain('"one"');
    expect(text(two)).toContain('"two"');
  });
});
