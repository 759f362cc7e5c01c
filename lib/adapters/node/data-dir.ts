import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { base64Decode, base64Encode, randomBytes, randomSecret } from '../../crypto.ts';
import { masterKeyOf } from '../../provider-keys.ts';
import { SettingsError, type Settings } from '../../settings.ts';

/** Writes a file readable by its owner only. */
function writePrivate(path: string, contents: string): void {
  writeFileSync(path, contents, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** Replaces a private file in one step, so a reader never sees it half-written. */
export function replacePrivate(path: string, contents: string): void {
  const partial = `${path}.${process.pid}.tmp`;
  writePrivate(partial, contents);
  renameSync(partial, path);
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir never returns for some paths it cannot
 * create (e.g. under /proc), and a refusal must come within seconds.
 */
function makeDirs(dir: string): void {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeDirs(parent);
  mkdirSync(dir, { mode: 0o700 });
}

/** Creates the data dir (0700) and proves it writable, or refuses start-up naming SERVICE_DATA_DIR. */
export function prepareDataDir(dir: string): void {
  try {
    makeDirs(dir);
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
    chmodSync(dir, 0o700);
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new SettingsError(`SERVICE_DATA_DIR: ${dir} is not a directory this user can create and write (${code})`);
  }
}

/** Reads a generated secret from the data dir, creating it (0600) on first start. */
export function fileSecret(path: string, make: () => string): { value: string; created: boolean } {
  if (existsSync(path)) return { value: readFileSync(path, 'utf8').trim(), created: false };
  const value = make();
  writePrivate(path, value + '\n');
  return { value, created: true };
}

/** SERVICE_API_TOKEN, else the token in `rootFile`, generated (and announced) on the first start. */
export function rootTokenOf(settings: Settings, rootFile: string, say: (message: string) => void): string {
  if (settings.rootTokenFromEnv) return settings.rootTokenFromEnv;
  const generated = fileSecret(rootFile, () => `bsr_${randomSecret()}`);
  if (generated.created) say(`belief-store: generated a root token; it is in ${rootFile} (readable by this user only)`);
  return generated.value;
}

/** SERVICE_ENCRYPTION_KEY, else the key in the data dir's master.key, generated on the first start; with where it came from. */
export function masterKeyIn(settings: Settings, dataDir: string): { key: Uint8Array; source: string } {
  const file = join(dataDir, 'master.key');
  const fromEnv = masterKeyOf(settings);
  if (fromEnv) return { key: fromEnv, source: 'from SERVICE_ENCRYPTION_KEY' };
  const key = base64Decode(fileSecret(file, () => base64Encode(randomBytes(32))).value);
  return { key, source: `from ${file}, as SERVICE_ENCRYPTION_KEY is unset` };
}
