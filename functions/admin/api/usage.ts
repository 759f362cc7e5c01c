import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { badRequest } from '../../../lib/errors.ts';
import { isAdmin, ownerOf } from '../../../lib/auth/principal.ts';
import { usageFor, usageReport, utcDay, type UsageGroup } from '../../../lib/stores/usage.ts';

const DEFAULT_DAYS = 30;
const GROUPS: readonly UsageGroup[] = ['user', 'model', 'day'];

/** A calendar date YYYY-MM-DD (UTC), or the default when the parameter is absent. */
function day(field: string, value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || utcDay(parsed) !== value) throw badRequest(field, 'must be a date YYYY-MM-DD (UTC)');
  return value;
}

/** GET /admin/api/usage: chat usage summed by user, model or day; the caller's own, admins everyone's. */
export function usageRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const now = deps.now();
    const to = day('to', c.req.query('to'), utcDay(now));
    const from = day('from', c.req.query('from'), utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000)));
    if (from > to) throw badRequest('from', 'must not be after to');
    const group = c.req.query('group_by') ?? 'day';
    if (!GROUPS.includes(group as UsageGroup)) throw badRequest('group_by', 'must be user, model or day');
    const principal = c.get('principal');
    await usageFor(deps).flush();
    const data = await usageReport(deps.db, { from, to, groupBy: group as UsageGroup, owner: isAdmin(principal) ? null : ownerOf(principal) });
    return c.json({ data });
  });
}
