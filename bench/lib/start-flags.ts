import { readFileSync } from 'node:fs';

/**
 * The node flags `npm start` gives the service (package.json's start script, the one place they
 * are written), so a benchmark's server process runs as an operator's does.
 */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, words.indexOf('scripts/start.mjs'));
}
