import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db/database.ts';
import { openPostgres } from '../../lib/db/postgres/database.ts';
import { openSqlite } from '../../lib/db/sqlite/database.ts';
import { sharedPostgres } from '../support/shared-postgres.ts';
import { ApiError } from '../../lib/errors.ts';
import { parseFilter, parsePath } from '../../lib/scim/filter.ts';
import { listScimUsers } from '../../lib/scim/users.ts';

function scimTypeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof ApiError ? err.extra.scimType : 'not an ApiError';
  }
  return undefined;
}

describe('filter parser', () => {
  it('builds a tree with not > and > or precedence, names lowercased, core URN dropped', () => {
    expect(parseFilter('a eq 1 or b eq 2 and not (c pr)')).toEqual({
      kind: 'or',
      left: { kind: 'compare', attr: 'a', op: 'eq', value: 1 },
      right: {
        kind: 'and',
        left: { kind: 'compare', attr: 'b', op: 'eq', value: 2 },
        right: { kind: 'not', filter: { kind: 'present', attr: 'c' } },
      },
    });
    expect(parseFilter('urn:ietf:params:scim:schemas:core:2.0:User:Name.GivenName EQ "x"')).toEqual({
      kind: 'compare',
      attr: 'name',
      sub: 'givenname',
      op: 'eq',
      value: 'x',
    });
  });

  it('parses value filters, with and without a trailing sub-attribute test', () => {
    expect(parseFilter('emails[type eq "work" and value co "@x"]')).toMatchObject({ kind: 'valuePath', attr: 'emails', filter: { kind: 'and' } });
    expect(parseFilter('emails[type eq "work"].value eq "a@b"')).toEqual({
      kind: 'valuePath',
      attr: 'emails',
      filter: { kind: 'compare', attr: 'type', op: 'eq', value: 'work' },
      then: { kind: 'compare', attr: 'value', op: 'eq', value: 'a@b' },
    });
  });

  it('keeps escaped quotes and SQL metacharacters as plain string values', () => {
    expect(parseFilter(String.raw`userName eq "x\" or 1=1 --'"`)).toMatchObject({ value: `x" or 1=1 --'` });
  });

  it.each([
    'userName eq',
    'userName "x"',
    'userName eq "x',
    'userName eq x',
    '(userName eq "x"',
    'userName eq "x")',
    'userName zz "x"',
    'and userName eq "x"',
    'emails[type eq "work"',
    'emails[type[value eq 1]]',
    'userName eq "x" userName eq "y"',
    '',
    '((((((((((((((((((((((((((((((((((userName pr))))))))))))))))))))))))))))))))))',
    Array.from({ length: 21 }, (_, i) => `userName eq "u${i}"`).join(' or '),
  ])('rejects %j as invalidFilter', (text) => {
    expect(scimTypeOf(() => parseFilter(text))).toBe('invalidFilter');
  });

  it('parses PATCH paths and rejects malformed ones as invalidPath', () => {
    expect(parsePath('emails[type eq "work"].value')).toMatchObject({ attr: 'emails', sub: 'value', filter: { kind: 'compare' } });
    expect(parsePath('name.givenName')).toEqual({ attr: 'name', sub: 'givenname', extension: false });
    expect(parsePath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department')).toMatchObject({ extension: true });
    for (const bad of ['emails[type eq "work"', 'a.b.c', 'emails[type eq "work"]value', '"x"']) {
      expect(scimTypeOf(() => parsePath(bad))).toBe('invalidPath');
    }
  });
});

/** A real database of each dialect: the SQLite file, or a fresh database in the run's PostgreSQL cluster. */
async function openDatabase(kind: 'SQLite' | 'PostgreSQL'): Promise<Database> {
  if (kind === 'PostgreSQL') return openPostgres(await sharedPostgres().createDatabase(), 2);
  const dir = mkdtempSync(join(tmpdir(), 'bs-scim-filter-'));
  const sqlite = openSqlite(dir);
  return {
    ...sqlite,
    async close() {
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each(['SQLite', 'PostgreSQL'] as const)('filter translated to SQL on real %s', (kind) => {
  let h: Database;
  beforeAll(async () => {
    h = await openDatabase(kind);
    const users = [
      { n: 'Alice@Example.com', ext: 'A1', dn: 'Alice Smith', active: 1, emails: [{ value: 'alice@work.example', type: 'work', primary: true }] },
      { n: 'bob@example.com', ext: 'b1', dn: 'Bob', active: 0, emails: [{ value: 'bob@home.example', type: 'home' }] },
      { n: 'carol@other.org', ext: null, dn: null, active: 1, emails: [] },
    ];
    let i = 0;
    for (const u of users) {
      const at = `2026-01-01T00:00:0${i++}.000Z`;
      await h.db
        .insertInto('users')
        .values({
          id: `row${i}`,
          user_name: u.n,
          user_name_lc: u.n.toLowerCase(),
          active: u.active,
          scim_managed: 1,
          scim_id: `id-${i}`,
          external_id: u.ext,
          display_name: u.dn,
          scim_resource: JSON.stringify({ userName: u.n, emails: u.emails, name: { givenName: u.n.split('@')[0] }, created: at }),
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    // A proxy-only user (no SCIM id) is not a SCIM resource.
    await h.db
      .insertInto('users')
      .values({ id: 'row9', user_name: 'dave@example.com', user_name_lc: 'dave@example.com', active: 1, scim_managed: 0, created_at: 'z', updated_at: 'z' })
      .execute();
  });
  afterAll(async () => {
    await h?.close();
  });

  const names = async (filter: string) => (await listScimUsers(h, parseFilter(filter), 1, 100)).rows.map((r) => r.user_name);

  it.each([
    ['userName eq "alice@example.com"', ['Alice@Example.com']],
    ['USERNAME Eq "ALICE@EXAMPLE.COM"', ['Alice@Example.com']],
    ['userName eq "7a1e3c52-2d4f-4a6e-9b51-0f3d8c2e9a10"', []],
    ['userName sw "b"', ['bob@example.com']],
    ['userName ew ".org"', ['carol@other.org']],
    ['userName co "example"', ['Alice@Example.com', 'bob@example.com']],
    ['externalId eq "A1"', ['Alice@Example.com']],
    ['externalId eq "a1"', []],
    ['id eq "id-2"', ['bob@example.com']],
    ['displayName eq "alice smith"', ['Alice@Example.com']],
    ['displayName pr', ['Alice@Example.com', 'bob@example.com']],
    ['not (displayName pr)', ['carol@other.org']],
    ['displayName ne "Bob"', ['Alice@Example.com', 'carol@other.org']],
    ['active eq false', ['bob@example.com']],
    ['emails.value eq "BOB@home.example"', ['bob@example.com']],
    ['emails eq "alice@work.example"', ['Alice@Example.com']],
    ['emails[type eq "work"].value eq "alice@work.example"', ['Alice@Example.com']],
    ['emails[type eq "home"].value eq "alice@work.example"', []],
    ['emails[type eq "work" and primary eq true]', ['Alice@Example.com']],
    ['emails pr', ['Alice@Example.com', 'bob@example.com']],
    ['name.givenName eq "carol"', ['carol@other.org']],
    ['userName eq "bob@example.com" or (externalId eq "A1" and active eq true)', ['Alice@Example.com', 'bob@example.com']],
    [`userName eq "x' or '1'='1"`, []],
    ['userName eq "dave@example.com"', []],
  ])('%s', async (filter, expected) => {
    expect(await names(filter)).toEqual(expected);
  });

  it.each([
    'password eq "x"',
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department eq "x"',
    'active co "t"',
    'userName eq 5',
    'groups[value eq "x"]',
    'userName gt null',
  ])('rejects unsupported %j as invalidFilter', async (filter) => {
    await expect(names(filter)).rejects.toMatchObject({ extra: { scimType: 'invalidFilter' } });
  });

  it('pages in a stable order and counts the whole match', async () => {
    const page = await listScimUsers(h, null, 2, 1);
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.user_name)).toEqual(['bob@example.com']);
    expect((await listScimUsers(h, null, 4, 10)).rows).toEqual([]);
  });
});
