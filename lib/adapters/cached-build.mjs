// esbuild's build with write: false, kept under .build/cache/ and reused while none of its inputs
// changed: `npm start` and the workerd launcher bundle the same sources on every start, and a
// start that rebuilds nothing is a second or two quicker. Where the cache cannot be written (a
// read-only checkout) every start builds, as before.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * @param {string} cacheRoot the folder the cache lives in (.build/cache)
 * @param {import('esbuild').BuildOptions & { outfile: string }} options
 * @returns {Promise<{ path: string; contents: Uint8Array }[]>} the output files, as esbuild names them
 */
export async function cachedBuild(cacheRoot, options) {
  // The output folder is not part of the key: the launcher writes the same worker into each data dir.
  const key = createHash('sha256')
    .update(JSON.stringify({ ...options, outfile: basename(options.outfile) }))
    .digest('hex')
    .slice(0, 32);
  const dir = join(cacheRoot, key);
  const outDir = dirname(options.outfile);
  const reused = fromCache(dir, outDir);
  if (reused) return reused;
  const result = await build({ ...options, write: false, metafile: true });
  const files = result.outputFiles.map((f) => ({ path: f.path, contents: f.contents }));
  toCache(dir, files, Object.keys(result.metafile.inputs), options.absWorkingDir ?? process.cwd());
  return files;
}

/** @param {string} dir @param {string} outDir */
function fromCache(dir, outDir) {
  try {
    const { inputs, outputs } = JSON.parse(readFileSync(join(dir, 'inputs.json'), 'utf8'));
    for (const [path, stamp] of Object.entries(inputs)) if (stampOf(path) !== stamp) return null;
    return outputs.map((name) => ({ path: join(outDir, name), contents: readFileSync(join(dir, name)) }));
  } catch {
    return null;
  }
}

/** @param {string} dir @param {{ path: string; contents: Uint8Array }[]} files @param {string[]} inputs @param {string} base */
function toCache(dir, files, inputs, base) {
  try {
    mkdirSync(dir, { recursive: true });
    for (const file of files) replaceFile(join(dir, basename(file.path)), file.contents);
    const stamps = Object.fromEntries(inputs.filter((i) => !i.includes(':')).map((i) => [resolve(base, i), stampOf(resolve(base, i))]));
    // Written last, so a cache entry is only ever read whole.
    replaceFile(join(dir, 'inputs.json'), JSON.stringify({ inputs: stamps, outputs: files.map((f) => basename(f.path)) }));
  } catch {
    // A cache that cannot be written only costs the next start a build.
  }
}

/** @param {string} path */
function stampOf(path) {
  const s = statSync(path);
  return `${s.size}:${s.mtimeMs}`;
}

/**
 * Writes a file aside and renames it into place, so a reader (another start at the same moment)
 * never sees it half-written.
 * @param {string} path @param {string | Uint8Array} contents @param {number} [mode]
 */
export function replaceFile(path, contents, mode) {
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, contents, mode === undefined ? undefined : { mode });
  if (mode !== undefined) chmodSync(partial, mode);
  renameSync(partial, path);
}
