import type { User } from '../db/schema.ts';
import { invalidValue } from './errors.ts';
import { CORE_USER_URN } from './filter.ts';
import { malformedUserName, reservedUserName } from '../user-name.ts';

/**
 * The core User attributes this service stores (docs/api.md §9). Everything else an IdP sends
 * (extensions, roles, password, locale, groups…) is accepted and ignored.
 */
export interface ScimName {
  formatted?: string;
  familyName?: string;
  givenName?: string;
  middleName?: string;
  honorificPrefix?: string;
  honorificSuffix?: string;
}

export interface ScimEmail {
  value: string;
  type?: string;
  primary?: boolean;
  display?: string;
}

export interface UserAttrs {
  userName: string;
  externalId?: string;
  displayName?: string;
  name?: ScimName;
  emails?: ScimEmail[];
  active: boolean;
}

/** What `users.scim_resource` holds: the attributes plus the SCIM creation time. */
export interface StoredResource extends UserAttrs {
  created: string;
}

export const NAME_KEYS = ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'] as const;
export const EMAIL_KEYS = ['value', 'type', 'primary', 'display'] as const;
export const TOP_KEYS = ['userName', 'externalId', 'displayName', 'name', 'emails', 'active'] as const;
const MAX_STRING = 1024;
const MAX_EMAILS = 100;

/** The canonical spelling of a name, compared case-insensitively (RFC 7643 §2.1). */
export function canonical<K extends string>(keys: readonly K[], name: string): K | undefined {
  const lower = name.toLowerCase();
  return keys.find((k) => k.toLowerCase() === lower);
}

/** Looks a key up case-insensitively; `undefined` when absent. */
function field(obj: Record<string, unknown>, name: string): unknown {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(obj)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `true`/`false`, or the strings "True"/"False" in any case (Microsoft Entra). */
export function toBoolean(v: unknown, name: string): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const lower = v.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  throw invalidValue(`${name}: must be a boolean (true or false)`);
}

/** A string attribute; null or absent means unset. */
export function toOptionalString(v: unknown, name: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidValue(`${name}: must be a string`);
  if (v.length > MAX_STRING) throw invalidValue(`${name}: longer than ${MAX_STRING} characters`);
  return v;
}

export function toUserName(v: unknown): string {
  if (v === undefined || v === null) throw invalidValue('userName: is required');
  if (typeof v !== 'string') throw invalidValue('userName: must be a string');
  const name = v.trim();
  const problem = malformedUserName(name) ?? reservedUserName(name);
  if (problem) throw invalidValue(`userName: ${problem}`);
  return name;
}

export function toName(v: unknown): ScimName | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw invalidValue('name: must be an object');
  const out: ScimName = {};
  for (const key of NAME_KEYS) {
    const value = toOptionalString(field(v, key), `name.${key}`);
    if (value !== undefined) out[key] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

export function toEmail(v: unknown, name: string): ScimEmail {
  if (!isObject(v)) throw invalidValue(`${name}: must be an object`);
  const value = toOptionalString(field(v, 'value'), `${name}.value`);
  if (value === undefined) throw invalidValue(`${name}.value: is required`);
  const out: ScimEmail = { value };
  const type = toOptionalString(field(v, 'type'), `${name}.type`);
  if (type !== undefined) out.type = type;
  const primary = field(v, 'primary');
  if (primary !== undefined && primary !== null) out.primary = toBoolean(primary, `${name}.primary`);
  const display = toOptionalString(field(v, 'display'), `${name}.display`);
  if (display !== undefined) out.display = display;
  return out;
}

export function toEmails(v: unknown): ScimEmail[] | undefined {
  if (v === undefined || v === null) return undefined;
  const list = Array.isArray(v) ? v : [v];
  if (list.length > MAX_EMAILS) throw invalidValue(`emails: more than ${MAX_EMAILS} values`);
  const emails = list.map((e, i) => toEmail(e, `emails[${i}]`));
  return emails.length ? emails : undefined;
}

/** Reads a POST/PUT body. `active` defaults to `activeDefault` when absent. */
export function readUserBody(body: unknown, activeDefault: boolean): UserAttrs {
  if (!isObject(body)) throw invalidValue('body: must be a JSON object');
  const attrs: UserAttrs = { userName: toUserName(field(body, 'userName')), active: activeDefault };
  const active = field(body, 'active');
  if (active !== undefined && active !== null) attrs.active = toBoolean(active, 'active');
  return setOptional(attrs, {
    externalId: toOptionalString(field(body, 'externalId'), 'externalId'),
    displayName: toOptionalString(field(body, 'displayName'), 'displayName'),
    name: toName(field(body, 'name')),
    emails: toEmails(field(body, 'emails')),
  });
}

type Optional = Pick<UserAttrs, 'externalId' | 'displayName' | 'name' | 'emails'>;

function setOptional(attrs: UserAttrs, values: Optional): UserAttrs {
  for (const [k, v] of Object.entries(values) as [keyof Optional, Optional[keyof Optional]][]) {
    if (v === undefined) delete attrs[k];
    else (attrs as unknown as Record<string, unknown>)[k] = v;
  }
  return attrs;
}

/** The stored attributes of a SCIM-managed row. */
export function storedOf(row: User): StoredResource {
  const parsed = row.scim_resource ? (JSON.parse(row.scim_resource) as Partial<StoredResource>) : {};
  return { ...parsed, userName: parsed.userName ?? row.user_name, active: row.active === 1, created: parsed.created ?? row.created_at };
}

/** The User resource as returned (RFC 7643 §4.1, with `meta`). */
export function toResource(row: User, baseUrl: string): Record<string, unknown> {
  const stored = storedOf(row);
  const out: Record<string, unknown> = { schemas: [CORE_USER_URN], id: row.scim_id };
  if (stored.externalId !== undefined) out.externalId = stored.externalId;
  out.userName = stored.userName;
  if (stored.name) out.name = stored.name;
  if (stored.displayName !== undefined) out.displayName = stored.displayName;
  if (stored.emails) out.emails = stored.emails;
  out.active = row.active === 1;
  out.meta = {
    resourceType: 'User',
    created: stored.created,
    lastModified: row.updated_at,
    location: `${baseUrl}/Users/${row.scim_id}`,
  };
  return out;
}

const ALWAYS = new Set(['schemas', 'id']);

/**
 * Applies `attributes` / `excludedAttributes` (RFC 7644 §3.4.2.5) to a resource; names are
 * case-insensitive, may carry the core URN prefix and may name a sub-attribute (`name.givenName`).
 */
export function project(resource: Record<string, unknown>, attributes: string | undefined, excluded: string | undefined): Record<string, unknown> {
  const parse = (list: string) =>
    list
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean)
      .map((s) => (s.startsWith(`${CORE_USER_URN.toLowerCase()}:`) ? s.slice(CORE_USER_URN.length + 1) : s))
      .map((s) => s.split('.') as [string, string?]);
  const keyOf = (lower: string) => Object.keys(resource).find((k) => k.toLowerCase() === lower);
  if (attributes) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(resource)) if (ALWAYS.has(k)) out[k] = resource[k];
    for (const [top, sub] of parse(attributes)) {
      const key = keyOf(top);
      if (!key || ALWAYS.has(key)) continue;
      const value = resource[key];
      if (sub === undefined) out[key] = value;
      else out[key] = mergeSub(out[key], value, sub);
    }
    return out;
  }
  if (excluded) {
    const out: Record<string, unknown> = { ...resource };
    for (const [top, sub] of parse(excluded)) {
      const key = keyOf(top);
      if (!key || ALWAYS.has(key)) continue;
      if (sub === undefined) delete out[key];
      else out[key] = dropSub(out[key], sub);
    }
    return out;
  }
  return resource;
}

function pickSub(value: unknown, sub: string): unknown {
  if (!isObject(value)) return undefined;
  const key = Object.keys(value).find((k) => k.toLowerCase() === sub);
  return key === undefined ? {} : { [key]: value[key] };
}

function mergeSub(current: unknown, value: unknown, sub: string): unknown {
  if (Array.isArray(value)) {
    const prior = Array.isArray(current) ? current : [];
    return value.map((v, i) => ({ ...(prior[i] as object), ...(pickSub(v, sub) as object) }));
  }
  if (!isObject(value)) return current;
  return { ...(isObject(current) ? current : {}), ...(pickSub(value, sub) as object) };
}

function dropSub(value: unknown, sub: string): unknown {
  const drop = (v: unknown) => (isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k.toLowerCase() !== sub)) : v);
  return Array.isArray(value) ? value.map(drop) : drop(value);
}
