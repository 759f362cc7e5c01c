import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { ApiError, badRequest, unauthorized } from '../../../lib/errors.ts';
import { PlainPage } from '../../../lib/plain-page.tsx';
import { failedAttempt } from '../../../lib/auth/failure-limiter.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../../lib/auth/session-cookie.ts';
import { actorName } from '../../../lib/auth/principal.ts';
import { auditQuery } from '../../../lib/stores/audit.ts';
import { isRootToken } from '../../../lib/auth/root-token.ts';
import { findSession, newSession, ROOT_USER, terminateSessionQuery } from '../../../lib/auth/sessions.ts';

function LoginPage(props: { error?: string }) {
  return (
    <PlainPage title="Sign in — Belief Store">
      <main>
        <h1>Sign in</h1>
        <p>
          Enter the root token (<code>SERVICE_API_TOKEN</code> or the <code>root-token</code> file in the data directory).
        </p>
        {props.error ? (
          <p role="alert" class="plain-alert">
            {props.error}
          </p>
        ) : null}
        <form method="post" action="/admin/login">
          <label for="token">Root token</label>
          <br />
          <input id="token" name="token" type="password" autocomplete="current-password" required class="plain-input" />
          <br />
          <button type="submit">Sign in</button>
        </form>
      </main>
    </PlainPage>
  );
}

/** Reads `token` from a form or a JSON body; `json` says which, for the shape of a failure. */
async function submittedToken(c: Context): Promise<{ token: string; json: boolean }> {
  const json = /^application\/([\w.+-]*\+)?json\b/i.test(c.req.header('content-type') ?? '');
  let value: unknown;
  if (json) {
    try {
      value = ((await c.req.json()) as { token?: unknown } | null)?.token;
    } catch {
      throw new ApiError(400, 'invalid_json', 'body: malformed JSON');
    }
  } else {
    value = (await c.req.parseBody()).token;
  }
  if (typeof value !== 'string' || value.trim() === '') throw badRequest('token', 'required');
  return { token: value.trim(), json };
}

/** Root sign-in for the browser (both modes) and sign-out for any session. */
export function loginRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/login', (c) => c.html(<LoginPage />))
    .post('/login', async (c) => {
      const { db } = deps;
      const { token, json } = await submittedToken(c);
      if (!(await isRootToken(deps.database, token))) {
        // Only a failing sign-in is limited: the valid root token is accepted from any address.
        await failedAttempt(c, deps, token, 'login');
        if (json) throw unauthorized('invalid root token');
        return c.html(<LoginPage error="That token is not valid." />, 401);
      }
      const now = deps.now();
      const previous = readSessionCookie(c, deps);
      const old = previous ? await findSession(db, previous, deps.settings, now) : undefined;
      const session = newSession(db, ROOT_USER, now);
      await deps.atomic([
        ...(old ? [terminateSessionQuery(db, old.id, now)] : []),
        session.insert,
        auditQuery(db, { actor: ROOT_USER, action: 'login', target: session.id }, now),
      ]);
      setSessionCookie(c, deps, session.secret);
      return c.redirect('/admin', 302);
    })
    .post('/logout', async (c) => {
      const principal = c.get('principal');
      const sessionId = 'sessionId' in principal ? principal.sessionId : null;
      if (sessionId) {
        const now = deps.now();
        await deps.atomic([
          terminateSessionQuery(deps.db, sessionId, now),
          auditQuery(deps.db, { actor: actorName(principal), action: 'logout', target: sessionId }, now),
        ]);
      }
      clearSessionCookie(c, deps);
      return c.redirect('/admin/login', 302);
    });
}
