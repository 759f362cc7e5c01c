import { Decrypter, Encrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleEnv, startTarget, TARGETS, type Target } from '../support/targets.ts';
import { exportArchive, importJson, PASSPHRASE, root } from './helpers.ts';
import { untouchedSince } from '../../lib/world/beliefs/beliefs.ts';

/** The archive's JSON lines, decrypted and gunzipped as an operator would with `age -d | gunzip`. */
async function archiveLines(archive: Uint8Array): Promise<Array<Record<string, any>>> {
  const d = new Decrypter();
  d.addPassphrase(PASSPHRASE);
  const gz = await d.decrypt(archive);
  const text = await new Response(new Blob([new Uint8Array(gz)]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, any>);
}

async function sealLines(lines: unknown[]): Promise<Uint8Array> {
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  const gz = new Uint8Array(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
  const e = new Encrypter();
  e.setScryptWorkFactor(10);
  e.setPassphrase(PASSPHRASE);
  return e.encrypt(gz);
}

describe.each(TARGETS)('backup of belief aliases, participants and time on %s', (kind) => {
  let source: Target;
  let fresh: Target;
  beforeAll(async () => {
    [source, fresh] = await Promise.all([startTarget(kind, singleEnv()), startTarget(kind, singleEnv())]);
  });
  afterAll(async () => {
    await Promise.all([source?.stop(), fresh?.stop()]);
  });

  const post = async (t: Target, body: Record<string, unknown>) => {
    const res = await fetch(`${t.url}/admin/api/beliefs`, {
      method: 'POST',
      headers: { ...root, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string };
  };
  const columns = (t: Target) => t.sql.all('SELECT id, aliases, participants, search_terms FROM beliefs ORDER BY id');

  it('exports them as arrays and restores them, searchable by alias', async () => {
    const pg = await post(source, { statement: 'The team runs PostgreSQL', aliases: ['pg', 'postgres'] });
    const team = await post(source, { statement: 'The platform team', type: 'entity' });
    const rel = await post(source, { statement: 'The platform team owns PostgreSQL', participants: [team.id, pg.id] });
    const archive = await exportArchive(source);
    const beliefs = (await archiveLines(archive)).filter((l) => l.type === 'belief').map((l) => l.belief);
    expect(beliefs.find((b) => b.id === pg.id)).toMatchObject({ aliases: ['pg', 'postgres'], participants: [] });
    expect(beliefs.find((b) => b.id === rel.id)).toMatchObject({ aliases: [], participants: [team.id, pg.id] });

    const { status, body } = await importJson(fresh, archive);
    expect(status).toBe(200);
    expect(body.result.beliefs_imported).toBe(3);
    expect(await columns(fresh)).toEqual(await columns(source));
    const found = await fetch(`${fresh.url}/admin/api/beliefs?q=pg`, { headers: root });
    expect(((await found.json()) as { data: Array<{ id: string }> }).data.map((b) => b.id)).toEqual([pg.id]);
  });

  it('exports observed_at, event_at and valid_until and restores them', async () => {
    const dated = await post(source, { statement: 'The user moved to Lisbon', key: 'user.location', event_at: '2026-10' });
    const retired = await post(source, { statement: 'The user plays chess' });
    expect((await fetch(`${source.url}/admin/api/beliefs/${retired.id}`, { method: 'DELETE', headers: root })).status).toBe(204);
    const time = (t: Target) => t.sql.all('SELECT id, observed_at, event_at, valid_until FROM beliefs WHERE id IN (?, ?) ORDER BY id', dated.id, retired.id);
    const archive = await exportArchive(source);
    const beliefs = (await archiveLines(archive)).filter((l) => l.type === 'belief').map((l) => l.belief);
    const [original] = (await time(source)) as Array<{ observed_at: string }>;
    expect(original!.observed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(beliefs.find((b) => b.id === dated.id)).toMatchObject({ event_at: '2026-10', valid_until: null, observed_at: expect.any(String) });
    expect(beliefs.find((b) => b.id === retired.id)).toMatchObject({ event_at: null, valid_until: expect.any(String) });

    // Into the instance the test above restored to (when it ran): its beliefs are skipped, these two are new.
    expect((await importJson(fresh, archive)).status).toBe(200);
    expect(await time(fresh)).toEqual(await time(source));
  });

  it('refuses an archive whose event_at is not a date, naming the record, and writes nothing', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const manifest = { format: 'belief-store-backup', format_version: 1, service_version: '0.1.0', created_at: at, counts: { beliefs: 1 } };
    const bad = { ...oldBelief('bad-date', at), event_at: 'last month' };
    const { status, body } = await importJson(fresh, await sealLines([manifest, { type: 'belief', belief: bad, history: [] }]));
    expect(status).toBe(400);
    expect(body.error.code).toBe('corrupt_archive');
    expect(body.error.message).toContain('event_at');
    expect(await fresh.sql.all("SELECT id FROM beliefs WHERE id = 'bad-date'")).toEqual([]);
  });

  it('imports an archive made before aliases, participants and belief time existed: empty lists, said when created', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const old = oldBelief('old-1', at);
    const manifest = { format: 'belief-store-backup', format_version: 1, service_version: '0.1.0', created_at: at, counts: { beliefs: 1 } };
    const { status, body } = await importJson(fresh, await sealLines([manifest, { type: 'belief', belief: old, history: [] }]));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.beliefs_imported).toBe(1);
    const res = await fetch(`${fresh.url}/admin/api/beliefs/old-1`, { headers: root });
    expect(await res.json()).toMatchObject({
      statement: 'The user likes chess',
      aliases: [],
      participants: [],
      observed_at: at,
      event_at: null,
      valid_until: null,
    });
    expect(await fresh.sql.all("SELECT observed_at FROM beliefs WHERE id = 'old-1'")).toEqual([{ observed_at: at }]);
  });
});

/** A belief record as archives made before aliases, participants and belief time wrote it. */
function oldBelief(id: string, at: string) {
  return {
    id,
    owner: 'root',
    type: 'fact',
    key: null,
    statement: 'The user likes chess',
    norm_statement: 'the user likes chess',
    scope: 'universal',
    pinned: 0,
    confidence: 0.9,
    status: 'active',
    source_kind: 'chat',
    conversation_id: null,
    ...untouchedSince(at),
  };
}
