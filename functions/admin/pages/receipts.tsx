import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { usageFor, usageReport, utcDay } from '../../../lib/stores/usage.ts';
import { listReceipts, receiptsFor } from '../../../lib/world/receipts.ts';
import { Layout, PAGE_HEADERS, Time, viewerOf } from './layout.tsx';

const RECEIPTS_PAGE = '/admin/injections';
const USAGE_DAYS = 30;
const RECEIPTS_SHOWN = 50;
const QUERY_SHOWN = 120;

const userHref = (userName: string) => `${RECEIPTS_PAGE}?user=${encodeURIComponent(userName)}`;

/**
 * Chat usage per user over the last 30 days and the latest injection receipts of one user: the
 * viewer's own; an admin sees every user's usage and picks whose receipts with `?user=`.
 */
export async function receiptsPage(c: Context<AppEnv>, deps: Deps) {
  const viewer = viewerOf(c, deps);
  const asked = c.req.query('user');
  const owner = viewer.admin && asked ? asked : viewer.userName;
  await Promise.all([receiptsFor(deps).flush(), usageFor(deps).flush()]);
  const now = deps.now();
  const from = utcDay(new Date(now.getTime() - (USAGE_DAYS - 1) * 86_400_000));
  const to = utcDay(now);
  const [usage, receipts] = await Promise.all([
    usageReport(deps.db, { from, to, groupBy: 'user', owner: viewer.admin ? null : viewer.userName }),
    listReceipts(deps.db, owner, undefined, { limit: RECEIPTS_SHOWN, after: null }),
  ]);
  return c.html(
    <Layout viewer={viewer} title="Receipts and usage" current={RECEIPTS_PAGE}>
      <section aria-labelledby="usage">
        <h2 id="usage">
          Chat usage, {from} to {to}
        </h2>
        {usage.length === 0 ? (
          <p class="meta">No chat requests in these days.</p>
        ) : (
          <table data-testid="usage-per-user">
            <thead>
              <tr>
                <th>User</th>
                <th>Requests</th>
                <th>Errors</th>
                <th>Prompt tokens</th>
                <th>Completion tokens</th>
                <th>Beliefs injected</th>
              </tr>
            </thead>
            <tbody>
              {usage.map((u) => (
                <tr data-user={u.key}>
                  <td>
                    <a href={userHref(u.key)}>{u.key}</a>
                  </td>
                  <td>{u.requests}</td>
                  <td>{u.errors}</td>
                  <td>{u.prompt_tokens}</td>
                  <td>{u.completion_tokens}</td>
                  <td>{u.injected}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="receipts">
        <h2 id="receipts">Latest injection receipts of {owner}</h2>
        <p class="meta">What the memory service added to each chat request (kept 30 days).</p>
        {receipts.data.length === 0 ? (
          <p class="meta">No receipts.</p>
        ) : (
          <table data-testid="receipts">
            <thead>
              <tr>
                <th>When</th>
                <th>Model</th>
                <th>Query</th>
                <th>Beliefs</th>
                <th>Persona</th>
              </tr>
            </thead>
            <tbody>
              {receipts.data.map((r) => (
                <tr>
                  <td>
                    <a href={`${RECEIPTS_PAGE}/${encodeURIComponent(r.id)}`}>
                      <Time at={r.created_at} />
                    </a>
                  </td>
                  <td>
                    <code>{r.model}</code>
                  </td>
                  <td class="statement">{r.query.length > QUERY_SHOWN ? `${r.query.slice(0, QUERY_SHOWN)}…` : r.query}</td>
                  <td>{r.pinned.length + r.relevant.length + r.questions.length + r.related.length}</td>
                  <td>{r.persona ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}
