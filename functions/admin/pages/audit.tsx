import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { ApiError } from '../../../lib/errors.ts';
import { readAuditFilter, type AuditFilter } from '../../../lib/stores/audit.ts';
import { auditActions, auditPage } from './data.ts';
import { Choice, ColumnHeads, Layout, PAGE_HEADERS, Time, viewerOf } from './layout.tsx';

export async function auditLogPage(c: Context<AppEnv>, deps: Deps) {
  const viewer = viewerOf(c, deps);
  const { db } = deps;
  let filter: AuditFilter = {};
  let problem: string | null = null;
  try {
    filter = readAuditFilter((name) => c.req.query(name));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    problem = err.message;
  }
  const before = c.req.query('before') ?? null;
  const [page, actions] = await Promise.all([auditPage(db, before, filter), auditActions(db)]);
  const params = Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as Record<string, string>;
  const next = page.next ? `/admin/audit?${new URLSearchParams({ ...params, before: page.next })}` : null;
  return c.html(
    <Layout viewer={viewer} title="Audit log" current="/admin/audit">
      <form method="get" action="/admin/audit" class="filters" role="search" aria-label="Filter audit events">
        <label>
          Who <input name="actor" value={filter.actor ?? ''} placeholder="any" />
        </label>
        <Choice label="Action" name="action" values={actions} selected={filter.action} any="all" />
        <label>
          From <input type="date" name="from" value={filter.from ?? ''} />
        </label>
        <label>
          To <input type="date" name="to" value={filter.to ?? ''} />
        </label>
        <button type="submit">Apply</button>
      </form>
      {problem ? (
        <p class="status error" role="alert">
          {problem} (the filter was not applied)
        </p>
      ) : null}
      {page.rows.length === 0 ? <p>No events recorded.</p> : null}
      <table data-testid="audit">
        <ColumnHeads names={['When', 'Who', 'Action', 'Target', 'Detail']} />
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
