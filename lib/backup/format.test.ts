import { describe, expect, it } from 'vitest';
import { MAX_OWNER } from '../user-name.ts';
import { BELIEF_COLUMNS, manifestSchema, RECORD_SCHEMAS } from './format.ts';
import { RecordReader } from './records.ts';

const belief = {
  id: 'b1',
  owner: 'alice@example.com',
  type: 'fact',
  key: 'user.location',
  statement: 'The user lives in Berlin',
  norm_statement: 'the user lives in berlin',
  scope: 'universal',
  pinned: 0,
  confidence: 0.9,
  status: 'active',
  source_kind: 'chat',
  conversation_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  superseded_at: null,
  superseded_by: null,
  reinforced_count: 0,
  injected_count: 0,
  last_injected_at: null,
};
const read = (changes: Record<string, unknown>) => RECORD_SCHEMAS.belief.safeParse({ type: 'belief', belief: { ...belief, ...changes }, history: [] });
const problem = (changes: Record<string, unknown>) => {
  const result = read(changes);
  return result.success ? null : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)[0];
};

describe('archive records (an archive is untrusted input)', () => {
  it('fills what older archives lack: lists empty, observed when created, undated, no end', () => {
    const parsed = read({});
    expect(parsed.success && parsed.data.belief).toMatchObject({
      aliases: [],
      participants: [],
      observed_at: belief.created_at,
      event_at: null,
      valid_until: null,
    });
    expect(Object.keys(parsed.success ? parsed.data.belief : {}).sort()).toEqual([...BELIEF_COLUMNS].sort());
  });

  it('reads list columns as arrays or as the JSON text they are stored as', () => {
    const parsed = read({ aliases: '["Berlin"]', participants: ['p1'] });
    expect(parsed.success && [parsed.data.belief.aliases, parsed.data.belief.participants]).toEqual([['Berlin'], ['p1']]);
  });

  it.each([
    [{ key: 'User Location' }, 'belief.key: must be lower case letters, digits, ".", "_" or "-"'],
    [{ scope: 'everywhere' }, 'belief.scope: must be "universal" or "domain:<name>"'],
    [{ pinned: 2 }, 'belief.pinned'],
    [{ created_at: 'yesterday' }, 'belief.created_at: must be a date-time'],
    [{ event_at: '2026-02-30' }, 'belief.event_at: must be a date as YYYY, YYYY-MM or YYYY-MM-DD'],
    [{ superseded_by: 'b2' }, 'belief.superseded_by: an active belief is superseded by nothing'],
    [{ status: 'superseded', superseded_by: 'b1' }, 'belief.superseded_by: a belief cannot supersede itself'],
    [{ aliases: Array.from({ length: 21 }, () => 'a') }, 'belief.aliases'],
  ])('refuses %j', (changes, message) => {
    expect(problem(changes)).toContain(message);
  });

  it('knows its own format by name', () => {
    const manifest = { format: 'belief-store-backup', format_version: 1, service_version: 'x', created_at: 'now', counts: { beliefs: 1 } };
    expect(manifestSchema.safeParse(manifest).success).toBe(true);
    expect(manifestSchema.safeParse({ ...manifest, format: 'other' }).success).toBe(false);
  });
});

describe('history records', () => {
  const manifest = JSON.stringify({
    format: 'belief-store-backup',
    format_version: 1,
    service_version: '0',
    created_at: '2026-01-01T00:00:00.000Z',
    counts: {},
  });
  const row = { id: 'h1', event: 'edited', at: '2026-01-01T00:00:00.000Z', actor: 'alice@example.com', detail: '{}' };
  const lines = (...records: object[]) => {
    const reader = new RecordReader();
    return [manifest, ...records.map((r) => JSON.stringify(r))].map((text, i) => reader.read(text, i + 1)?.type ?? 'manifest');
  };

  it('carry more history of the belief just read, and only of it', () => {
    const history = { type: 'history', belief_id: 'b1', history: [row] };
    expect(lines({ type: 'belief', belief, history: [] }, history, history)).toEqual(['manifest', 'belief', 'history', 'history']);
    expect(() => lines({ type: 'belief', belief, history: [] }, { ...history, belief_id: 'b2' })).toThrow(/history record 1: belief_id/);
    expect(() => lines(history)).toThrow(/history record 1: belief_id/);
    expect(() => lines({ type: 'belief', belief: { ...belief, owner: `~deleted/x/${'a'.repeat(MAX_OWNER)}` }, history: [] })).toThrow(/belief record 1: owner/);
  });
});
