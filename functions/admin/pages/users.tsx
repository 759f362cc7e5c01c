import type { Context } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { activeSessionsOf, activeTokensOf, usersWithCounts } from './data.ts';
import { ColumnHeads, Layout, PAGE_HEADERS, Status, Time, viewerOf } from './layout.tsx';

export async function usersPage(c: Context<AppEnv>, deps: AppDeps) {
  const viewer = viewerOf(c, deps);
  const { db, settings } = deps;
  const at = deps.now();
  const users = await usersWithCounts(db, settings, at);
  const names = users.filter((u) => u.token_count + u.session_count > 0).map((u) => u.user_name.toLowerCase());
  await deps.services.patUses.flush();
  const [tokens, sessions] = await Promise.all([activeTokensOf(db, names), activeSessionsOf(db, names, settings, at)]);
  return c.html(
    <Layout viewer={viewer} title="Users" current="/admin/users">
      <Status id="users-status" />
      <p data-testid="user-total">
        {users.length === 0
          ? 'No user has signed in or been provisioned yet.'
          : `${users.length} user${users.length === 1 ? '' : 's'}, ${users.filter((u) => u.active).length} active`}
      </p>
      <table data-testid="users">
        <ColumnHeads names={['User', 'State', 'SCIM', 'Tokens', 'Sessions']} />
        <tbody>
          {users.map((u) => (
            <tr data-user={u.user_name}>
              <td>{u.user_name}</td>
              <td>{u.deleted ? 'deleted' : u.active ? 'active' : 'deactivated'}</td>
              <td>{u.scim_managed ? 'managed' : '—'}</td>
              <td>{u.token_count}</td>
              <td>{u.session_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {users
        .filter((u) => u.token_count + u.session_count > 0)
        .map((u) => {
          const lc = u.user_name.toLowerCase();
          const own = tokens.filter((t) => t.user_name === lc);
          const live = sessions.filter((s) => s.user_name === lc);
          return (
            <section class="card" aria-label={`Access of ${u.user_name}`}>
              <h2>{u.user_name}</h2>
              {own.length > 0 ? (
                <table>
                  <caption>Active tokens</caption>
                  <ColumnHeads names={['Name', 'Token', 'Last used', 'Expires', 'Action']} />
                  <tbody>
                    {own.map((t) => (
                      <tr data-token-id={t.id}>
                        <td>{t.name}</td>
                        <td>
                          <code>{`bst_${t.token_prefix}…`}</code>
                        </td>
                        <td>
                          <Time at={t.last_used_at} empty="never" />
                        </td>
                        <td>
                          <Time at={t.expires_at} empty="never" />
                        </td>
                        <td>
                          <button type="button" class="danger" data-revoke-token={t.id} data-name={t.name}>
                            Revoke
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              {live.length > 0 ? (
                <p>
                  {live.length} active session{live.length === 1 ? '' : 's'}, latest seen <Time at={live[0]!.last_seen_at} />.{' '}
                  <button type="button" class="danger" data-terminate-sessions={live.map((s) => s.id).join(' ')} data-name={u.user_name}>
                    Terminate sessions
                  </button>
                </p>
              ) : null}
            </section>
          );
        })}
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}
