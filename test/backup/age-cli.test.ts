import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleEnv, startTarget, type Target } from '../support/targets.ts';
import { exportArchive, importJson, PASSPHRASE, PROVIDER_KEY, SECRET_STATEMENT, seed } from './helpers.ts';

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
/** Outside CI a missing `age` skips these tests loudly; in CI (CI=true) they run and fail. */
const ageMissing = (!has('age') || !has('script')) && process.env.CI !== 'true';
if (ageMissing) {
  console.warn('SKIPPED: the `age` CLI (Debian package "age") or `script` (util-linux) is not installed; archive interoperability with age is untested');
}

/** The age CLI reads passphrases only from a terminal; `script` gives it one fed from stdin. */
function ageWithTty(args: string, answers: string[], cwd: string): void {
  execFileSync('script', ['-qec', `age ${args}`, '/dev/null'], {
    cwd,
    input: answers.map((a) => a + '\n').join(''),
    timeout: 60_000,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
}

describe.skipIf(ageMissing)('the standard age CLI and the archive', () => {
  let t: Target;
  let dir: string;
  beforeAll(async () => {
    t = await startTarget('node', singleEnv());
    await seed(t);
    dir = mkdtempSync(join(tmpdir(), 'bs-age-'));
  });
  afterAll(async () => {
    await t?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('decrypts an export with the passphrase into gzip JSON lines, manifest first', async () => {
    writeFileSync(join(dir, 'archive.bsbk'), await exportArchive(t));
    ageWithTty('-d -o out.jsonl.gz archive.bsbk', [PASSPHRASE], dir);
    const lines = gunzipSync(readFileSync(join(dir, 'out.jsonl.gz')))
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({
      format: 'belief-store-backup',
      format_version: 1,
      service_version: expect.any(String),
      created_at: expect.any(String),
      counts: { beliefs: 3, active_beliefs: 1, superseded_beliefs: 2, belief_history: 4, persona: 1, compaction: 1, config: 1 },
    });
    const byType = (type: string) => lines.slice(1).filter((l) => l.type === type);
    expect(byType('belief').map((b) => b.belief.id)).toEqual(['b-1', 'b-2', 'b-3']);
    expect(byType('belief')[2].belief.statement).toBe(SECRET_STATEMENT);
    expect(byType('belief')[1].history).toHaveLength(2);
    expect(byType('config')[0].credentials).toEqual([{ provider_id: 'local', api_key: PROVIDER_KEY }]);
    expect(byType('persona')).toHaveLength(1);
    expect(byType('compaction')).toHaveLength(1);
    for (const l of lines) expect(JSON.stringify(l)).not.toMatch(/token_hash|api_tokens|master/);
  });

  it('imports an archive that the age CLI encrypted (work factor 2^18, its default)', async () => {
    const fresh = await startTarget('node', singleEnv());
    try {
      ageWithTty('-p -o again.bsbk out.jsonl.gz', [PASSPHRASE, PASSPHRASE], dir);
      const { status, body } = await importJson(fresh, readFileSync(join(dir, 'again.bsbk')));
      expect(status).toBe(200);
      expect(body.result).toMatchObject({ beliefs_imported: 3, compaction_entries_imported: 1, persona_restored: true, config_restored: true });
    } finally {
      await fresh.stop();
    }
  });
});
