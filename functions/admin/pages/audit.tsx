import type { Context } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import { auditActions, auditPage } from './data.ts';
import { Choice, Layout, PAGE_HEADERS, Time, viewerOf } from './layout.tsx';

export async function auditLogPage(c: Context<AppEnv>) {
  const viewer = viewerOf(c);
  const { db } = c.get('deps');
  const action = (c.req.query('action') ?? '').slice(0, 100);
  const before = c.req.query('before') ?? null;
  const [page, actions] = await Promise.all([auditPage(db, before, action), auditActions(db)]);
  const next = page.next ? `/admin/audit?${new URLSearchParams(action ? { action, before: page.next } : { before: page.next })}` : null;
  return c.html(
    <Layout viewer={viewer} title="Audit log" current="/admin/audit">
      <form method="get" action="/admin/audit" class="filters" role="search" aria-label="Filter audit events">
        <Choice label="Action" name="action" values={actions} selected={action} any="all" />
        <button type="submit">Apply</button>
      </form>
      {page.rows.length === 0 ? <p>No events recorded.</p> : null}
      <table data-testid="audit">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((e) => (
            <tr>
              <td>
                <Time at={e.at} />
              </td>
              <td>{e.actor}</td>
              <td>{e.action}</td>
              <td>{e.target ?? ''}</td>
              <td class="detail">{e.detail ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {next ? (
        <p>
          <a href={next}>Older events →</a>
        </p>
      ) : null}
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}
