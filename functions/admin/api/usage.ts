import { Hono } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { badRequest } from '../../../lib/errors.ts';
import { isAdmin } from '../../../lib/auth/principal.ts';
import { PURPOSES, usageReport, utcDay, type Purpose, type UsageGroup } from '../../../lib/stores/usage.ts';
import { targetOwner } from './beliefs.ts';

const DEFAULT_DAYS = 30;
const GROUPS: readonly UsageGroup[] = ['user', 'model', 'day', 'purpose'];

/** A calendar date YYYY-MM-DD (UTC), or the default when the parameter is absent. */
function day(field: string, value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || utcDay(parsed) !== value) throw badRequest(field, 'must be a date YYYY-MM-DD (UTC)');
  return value;
}

/**
 * GET /admin/api/usage: usage summed by user, model, day or purpose; the caller's own, admins
 * everyone's (or one owner's with `owner=`). By user, model and day it counts chat requests (or
 * the `purpose=` asked for); by purpose, chat beside the service's own calls.
 */
export function usageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const now = deps.now();
    const to = day('to', c.req.query('to'), utcDay(now));
    const from = day('from', c.req.query('from'), utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000)));
    if (from > to) throw badRequest('from', 'must not be after to');
    const group = c.req.query('group_by') ?? 'day';
    if (!GROUPS.includes(group as UsageGroup)) throw badRequest('group_by', 'must be user, model, day or purpose');
    const purpose = c.req.query('purpose');
    if (purpose !== undefined && !PURPOSES.includes(purpose as Purpose)) throw badRequest('purpose', `must be one of ${PURPOSES.join(', ')}`);
    const asked = c.req.query('owner');
    const owner = asked || !isAdmin(c.get('principal')) ? targetOwner(c) : null;
    await deps.services.usage.flush();
    const data = await usageReport(deps.db, {
      from,
      to,
      groupBy: group as UsageGroup,
      owner,
      purpose: (purpose as Purpose | undefined) ?? (group === 'purpose' ? null : 'chat'),
    });
    return c.json({ data });
  });
}
