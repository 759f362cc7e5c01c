import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { invalidFilter } from './errors.ts';
import type { CompareOp, Filter, FilterValue } from './filter.ts';
import { foldUserName } from '../user-name.ts';
import type { ScimSql } from '../db/dialect.ts';

/**
 * Translates a parsed filter into a parameterised SQL condition on `users`. Only whitelisted
 * attributes map to SQL (columns or fixed JSON paths); every value is a bound parameter.
 * Leaves are made definite (dialect.definite) so `not` and missing attributes follow SCIM, not SQL NULL logic.
 */
type Kind = 'text' | 'exact' | 'lowered' | 'boolean' | 'date';
interface Target {
  expr: RawBuilder<unknown>;
  kind: Kind;
}

function userAttrs(d: ScimSql): Record<string, Target> {
  return {
    id: { expr: sql`users.scim_id`, kind: 'exact' },
    username: { expr: sql`users.user_name_lc`, kind: 'lowered' },
    externalid: { expr: sql`users.external_id`, kind: 'exact' },
    displayname: { expr: sql`users.display_name`, kind: 'text' },
    active: { expr: sql`users.active`, kind: 'boolean' },
    'name.formatted': { expr: d.resource(['name', 'formatted']), kind: 'text' },
    'name.familyname': { expr: d.resource(['name', 'familyName']), kind: 'text' },
    'name.givenname': { expr: d.resource(['name', 'givenName']), kind: 'text' },
    'name.middlename': { expr: d.resource(['name', 'middleName']), kind: 'text' },
    'meta.created': { expr: d.resource(['created']), kind: 'date' },
    'meta.lastmodified': { expr: sql`users.updated_at`, kind: 'date' },
  };
}

function emailAttrs(d: ScimSql): Record<string, Target> {
  return {
    value: { expr: d.element(['value']), kind: 'text' },
    type: { expr: d.element(['type']), kind: 'text' },
    display: { expr: d.element(['display']), kind: 'text' },
    primary: { expr: d.element(['primary']), kind: 'boolean' },
  };
}

const COMPARATORS: Record<'gt' | 'ge' | 'lt' | 'le', RawBuilder<unknown>> = {
  gt: sql.raw('>'),
  ge: sql.raw('>='),
  lt: sql.raw('<'),
  le: sql.raw('<='),
};

export function filterToSql(filter: Filter, dialect: ScimSql): RawBuilder<SqlBool> {
  const attrs = { user: userAttrs(dialect), email: emailAttrs(dialect) };
  const translate = (f: Filter, scope: 'user' | 'email'): RawBuilder<SqlBool> => {
    switch (f.kind) {
      case 'and':
        return sql<SqlBool>`(${translate(f.left, scope)} and ${translate(f.right, scope)})`;
      case 'or':
        return sql<SqlBool>`(${translate(f.left, scope)} or ${translate(f.right, scope)})`;
      case 'not':
        return sql<SqlBool>`(not ${translate(f.filter, scope)})`;
      case 'valuePath': {
        if (f.attr !== 'emails') throw invalidFilter(`"${f.attr}" is not a filterable multi-valued attribute`);
        const inner = f.then ? sql<SqlBool>`(${translate(f.filter, 'email')} and ${translate(f.then, 'email')})` : translate(f.filter, 'email');
        return dialect.emailsExist(inner);
      }
      default: {
        if (scope === 'user' && f.attr === 'emails') {
          const sub = f.sub ?? 'value';
          return dialect.emailsExist(leaf({ ...f, attr: sub, sub: undefined }, attrs.email, dialect));
        }
        return leaf(f, attrs[scope], dialect);
      }
    }
  };
  return translate(filter, 'user');
}

function leaf(f: Extract<Filter, { kind: 'compare' | 'present' }>, attrs: Record<string, Target>, d: ScimSql): RawBuilder<SqlBool> {
  const name = f.sub === undefined ? f.attr : `${f.attr}.${f.sub}`;
  const target = attrs[name];
  if (!target) throw invalidFilter(`filtering on "${name}" is not supported`);
  const x = target.expr;
  if (f.kind === 'present') {
    return target.kind === 'boolean' ? sql<SqlBool>`(${x} is not null)` : d.definite(sql`(${x} is not null and ${x} <> '')`);
  }
  if (f.value === null) {
    if (f.op === 'eq') return sql<SqlBool>`(${x} is null)`;
    if (f.op === 'ne') return sql<SqlBool>`(${x} is not null)`;
    throw invalidFilter(`"${f.op}" cannot compare with null`);
  }
  const test = compare(target, f.op, f.value, name, d);
  return f.op === 'ne' ? sql<SqlBool>`(not ${d.definite(test)})` : d.definite(test);
}

function compare(target: Target, op: CompareOp, value: Exclude<FilterValue, null>, name: string, d: ScimSql): RawBuilder<unknown> {
  const x = target.expr;
  if (target.kind === 'boolean') {
    const b = typeof value === 'string' ? value.toLowerCase() : value;
    if ((op !== 'eq' && op !== 'ne') || (b !== true && b !== false && b !== 'true' && b !== 'false')) {
      throw invalidFilter(`"${name}" is a boolean: only eq and ne with true or false are supported`);
    }
    return d.isBoolean(x, b === true || b === 'true');
  }
  if (typeof value !== 'string') throw invalidFilter(`"${name}" is a string: compare it with a quoted value`);
  // userName is matched against its stored lowercase form; other text attributes case-insensitively.
  const [left, right] =
    target.kind === 'lowered' ? [x, sql`${foldUserName(value)}`] : target.kind === 'text' ? [sql`lower(${x})`, sql`lower(${value})`] : [x, sql`${value}`];
  switch (op) {
    case 'eq':
    case 'ne':
      return sql`(${left} = ${right})`;
    case 'co':
      return d.contains(left, right);
    case 'sw':
      return sql`(substr(${left}, 1, length(${right})) = ${right})`;
    case 'ew':
      return value === '' ? sql`(${x} is not null)` : d.endsWith(left, right);
    default:
      return sql`(${left} ${COMPARATORS[op]} ${right})`;
  }
}
