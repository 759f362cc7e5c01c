import { Hono } from 'hono';
import { z } from 'zod';
import { readJson } from '../../../lib/body.ts';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import { keysetPage, readPage } from '../../../lib/paging.ts';
import { actorName, listedOwner, mayManage, ownerOf } from '../../../lib/auth/principal.ts';
import { auditQuery } from '../../../lib/stores/audit.ts';
import { ROOT_USER } from '../../../lib/auth/sessions.ts';
import { findPat, newPat, PAT_COLUMNS, revokePatQuery } from '../../../lib/auth/tokens.ts';
import { findOrCreateUser, findUser, userLocked } from '../../../lib/stores/users.ts';
import { parseScopes } from '../../../lib/world/beliefs/scope.ts';
import { malformedUserName, reservedUserName } from '../../../lib/user-name.ts';
import type { CreatedToken } from '../contract.ts';

const createBody = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  user_name: z.string().trim().min(1, 'must not be empty').max(256, 'must be at most 256 characters').optional(),
  scope: z
    .string()
    .trim()
    .refine((v) => parseScopes(v) !== null, 'must be "universal", "domain:<name>" or a comma-separated list of them')
    .nullable()
    .default(null),
  expires_in_days: z
    .number({ error: 'must be a whole number of days from 1 to 3650, or null for no expiry' })
    .int('must be a whole number of days from 1 to 3650')
    .min(1, 'must be a whole number of days from 1 to 3650')
    .max(3650, 'must be a whole number of days from 1 to 3650')
    .nullable()
    .default(null),
});

/** The lifetime a new PAT gets, within SERVICE_PAT_MAX_DAYS when it is set. */
function lifetime(requested: number | null, maxDays: number | null): number | null {
  if (maxDays !== null && (requested === null || requested > maxDays)) {
    throw badRequest('expires_in_days', `tokens must expire within ${maxDays} days (SERVICE_PAT_MAX_DAYS); ask for 1 to ${maxDays}`);
  }
  return requested;
}

/** Personal Access Tokens (teams mode; the access guard answers 404 in single mode). */
export function tokensRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const principal = c.get('principal');
      const body = await readJson(c, createBody);
      const expiresInDays = lifetime(body.expires_in_days, deps.settings.patMaxDays);
      let userName: string;
      if (principal.kind === 'root') {
        if (!body.user_name) throw badRequest('user_name', 'required when the root token creates a token');
        if (body.user_name.toLowerCase() === ROOT_USER) throw badRequest('user_name', `"${ROOT_USER}" cannot own a token`);
        const malformed = malformedUserName(body.user_name) ?? reservedUserName(body.user_name);
        if (malformed) throw badRequest('user_name', malformed);
        userName = body.user_name;
      } else {
        userName = ownerOf(principal)!;
        if (body.user_name && body.user_name.toLowerCase() !== userName) {
          throw forbidden('only the root token may create a token for another user');
        }
      }
      const now = deps.now();
      const user = await findOrCreateUser(deps, userName, now, actorName(principal));
      if (userLocked(user)) throw new ApiError(409, 'account_deactivated', 'user_name: the account is deactivated');
      const maxActive = deps.settings.maxPatsPerUser;
      const pat = newPat(deps.database, user.user_name_lc, body.name, now, { scope: body.scope, expiresInDays, maxActive });
      const [inserted] = await deps.atomic([pat.insert]);
      if (inserted!.changes !== 1) {
        const current = await findUser(db, user.user_name_lc);
        if (!current || userLocked(current)) throw new ApiError(409, 'account_deactivated', 'user_name: the account is deactivated');
        throw new ApiError(409, 'too_many_tokens', `user_name: already holds ${maxActive} active tokens (SERVICE_MAX_PATS_PER_USER); revoke one first`);
      }
      await auditQuery(
        db,
        { actor: actorName(principal), action: 'token.created', target: pat.row.id, detail: { user_name: pat.row.user_name, name: pat.row.name } },
        now,
      ).execute();
      c.header('Cache-Control', 'no-store');
      const { id, name, token_prefix, created_at, expires_at, scope } = pat.row;
      return c.json({ id, name, token: pat.token, token_prefix, created_at, expires_at, scope } satisfies CreatedToken, 201);
    })
    .get('/', async (c) => {
      const owner = listedOwner(c.get('principal'), c.req.query('all') === '1', 'token');
      const page = readPage(c);
      await deps.services.patUses.flush();
      let q = db.selectFrom('api_tokens').select(PAT_COLUMNS);
      if (owner !== null) q = q.where('user_name', '=', owner);
      return c.json(await keysetPage(q, page, ['created_at', 'id'], 'desc'));
    })
    .delete('/:id', async (c) => {
      const principal = c.get('principal');
      const token = await findPat(db, c.req.param('id'));
      if (!token || !mayManage(principal, token.user_name)) throw notFound('token');
      if (token.revoked_at === null) {
        const now = deps.now();
        const actor = actorName(principal);
        await deps.atomic([
          revokePatQuery(db, token.id, actor, now),
          auditQuery(db, { actor, action: 'token.revoked', target: token.id, detail: { user_name: token.user_name, name: token.name } }, now),
        ]);
      }
      return c.body(null, 204);
    });
}
