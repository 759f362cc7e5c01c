import { DummyDriver, Kysely, sql, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseFilter } from './filter.ts';
import { filterToSql } from './filter-sql.ts';

/** A dialect that names each of its pieces, so the compiled text shows which one a filter used. */
const dialect: Parameters<typeof filterToSql>[1] = {
  resource: (path) => sql.raw(`resource(${path.join('.')})`),
  element: (path) => sql.raw(`element(${path.join('.')})`),
  emailsExist: (c) => sql`exists(${c})`,
  definite: (c) => sql`definite(${c})`,
  isBoolean: (x, value) => sql`is_${sql.raw(String(value))}(${x})`,
  contains: (l, r) => sql`contains(${l}, ${r})`,
  endsWith: (l, r) => sql`ends_with(${l}, ${r})`,
};
// Compiles without a database: the SQL text and its parameters.
const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const compiled = (filter: string) => {
  const q = (filterToSql(parseFilter(filter), dialect) as RawBuilder<unknown>).compile(db);
  return [q.sql, q.parameters];
};

describe('SCIM filters as SQL', () => {
  it.each([
    ['userName eq "Alice@Example.COM"', 'definite((users.user_name_lc = ?))', ['alice@example.com']],
    ['displayName co "x\') or 1=1 --"', 'definite(contains(lower(users.display_name), lower(?)))', ["x') or 1=1 --"]],
    ['externalId ne "E1"', '(not definite((users.external_id = ?)))', ['E1']],
    ['active eq "TRUE"', 'definite(is_true(users.active))', []],
    ['name.givenName sw "A"', 'definite((substr(lower(resource(name.givenName)), 1, length(lower(?))) = lower(?)))', ['A', 'A']],
    ['emails[type eq "work"]', 'exists(definite((lower(element(type)) = lower(?))))', ['work']],
    ['emails co "@x"', 'exists(definite(contains(lower(element(value)), lower(?))))', ['@x']],
    ['externalId eq null', '(users.external_id is null)', []],
    ['active pr', '(users.active is not null)', []],
  ])('%s', (filter, text, parameters) => {
    expect(compiled(filter)).toEqual([text, parameters]);
  });

  it.each([
    ['password eq "x"', 'filtering on "password" is not supported'],
    ['active gt true', '"active" is a boolean: only eq and ne with true or false are supported'],
    ['displayName eq 5', '"displayname" is a string: compare it with a quoted value'],
    ['externalId gt null', '"gt" cannot compare with null'],
    ['name[givenName eq "A"]', '"name" is not a filterable multi-valued attribute'],
  ])('refuses %s', (filter, message) => {
    expect(() => compiled(filter)).toThrow(message);
  });
});
