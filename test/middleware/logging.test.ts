import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines } from '../../lib/adapters/node/log.ts';
import { startServer, type RunningServer } from '../../lib/adapters/node/server.ts';
import { ROOT_TOKEN, teamsEnv } from '../support/targets.ts';
import { as } from '../support/as.ts';

describe('structured request logs', () => {
  const lines: Record<string, unknown>[] = [];
  const said: string[] = [];
  let server: RunningServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bs-log-'));
    server = await startServer({
      env: { ...teamsEnv(), SERVICE_DATA_DIR: dir },
      port: 0,
      log: (line) => lines.push(line),
      say: (m) => said.push(m),
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs one line per request with id, method, route, status, ms and principal kind', async () => {
    lines.length = 0;
    await fetch(`${server.url}/healthz`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', route: '/healthz', status: 200, principal: 'anonymous' });
    expect(typeof lines[0]!.request_id).toBe('string');
    expect(typeof lines[0]!.ms).toBe('number');
  });

  it('never writes a token, passphrase, query string or body into the log', async () => {
    lines.length = 0;
    const secrets = [ROOT_TOKEN, 'bst_secretlookingvalue', 'my-backup-passphrase-123', 'query-secret-value'];
    await fetch(`${server.url}/admin/api/me?token=query-secret-value`, { headers: as.root() });
    await fetch(`${server.url}/v1/models`, { headers: { authorization: 'Bearer bst_secretlookingvalue' } });
    await fetch(`${server.url}/v1/backup/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ROOT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: 'my-backup-passphrase-123' }),
    });
    const text = JSON.stringify(lines) + said.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const s of secrets) expect(text).not.toContain(s);
    expect(lines.some((l) => l.principal === 'root')).toBe(true);
  });

  it('prints one start-up line with mode, URL and data dir', () => {
    const line = said.find((m) => m.includes('listening'));
    expect(line).toContain('mode=teams');
    expect(line).toContain(server.url);
    expect(line).toContain(dir);
  });
});

describe('stdout log lines', () => {
  it('writes the lines of one event-loop turn in one write, each a JSON object on its own line', async () => {
    const writes: string[] = [];
    const { log } = jsonLines((text) => writes.push(text));
    log({ route: '/a', status: 200 });
    log({ route: '/b', status: 404 });
    expect(writes).toEqual([]);
    await new Promise((done) => setImmediate(done));
    expect(writes).toHaveLength(1);
    expect(
      writes[0]!
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { route: '/a', status: 200 },
      { route: '/b', status: 404 },
    ]);
  });

  it('writes at once past 64 KiB pending, and flush() writes the rest without waiting', () => {
    const writes: string[] = [];
    const { log, flush } = jsonLines((text) => writes.push(text));
    const detail = 'x'.repeat(1000);
    for (let i = 0; i < 70; i++) log({ i, detail });
    expect(writes).toHaveLength(1);
    flush();
    expect(writes.join('').split('\n').filter(Boolean)).toHaveLength(70);
    flush();
    expect(writes).toHaveLength(2);
  });
});
