import type { Context } from 'hono';
import type { Db } from '../../../lib/db/schema.ts';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { keysetPage, readPage, type PageRequest } from '../../../lib/paging.ts';
import { NO_USAGE, usageReport, utcDay, type UsageRow } from '../../../lib/stores/usage.ts';
import { foldUserName } from '../../../lib/user-name.ts';
import { parseList } from '../../../lib/json-list.ts';
import { ColumnHeads, Layout, PAGE_HEADERS, Time, viewerOf, type Viewer } from './layout.tsx';

export const RECEIPTS_PAGE = '/receipts';
const PAGE_PATH = `/admin${RECEIPTS_PAGE}`;
const DAYS = 30;
const QUERY_SHOWN = 160;

/** A receipt as the list shows it: the full one is a click away (/admin/injections/{id}). */
interface ReceiptLine {
  id: string;
  owner: string;
  created_at: string;
  model: string;
  query: string;
  beliefs: number;
  persona: boolean;
}

/** Receipts newest first, of one owner or (null) everyone's, as GET /admin/api/injections pages them. */
async function receiptLines(db: Db, owner: string | null, page: PageRequest) {
  let q = db
    .selectFrom('injections as i')
    .select(['i.id', 'i.owner', 'i.created_at', 'i.model', 'i.query', 'i.persona', 'i.pinned', 'i.relevant', 'i.questions', 'i.related']);
  if (owner !== null) q = q.where('i.owner', '=', owner);
  return keysetPage(
    q,
    page,
    ['i.created_at', 'i.id'],
    'desc',
    (r): ReceiptLine => ({
      id: r.id,
      owner: r.owner,
      created_at: r.created_at,
      model: r.model,
      query: r.query,
      beliefs: [r.pinned, r.relevant, r.questions, r.related].reduce((n, list) => n + parseList(list).length, 0),
      persona: r.persona !== null,
    }),
  );
}

interface UserUsage {
  key: string;
  chat: UsageRow;
  /** The service's own model calls for this owner (extraction, persona, embeddings). */
  service: number;
}

/** Per owner over the last DAYS days: chat counts, and the service's own calls beside them. */
async function usagePerUser(deps: AppDeps, owner: string | null): Promise<UserUsage[]> {
  await deps.services.usage.flush();
  const now = deps.now();
  const range = { from: utcDay(new Date(now.getTime() - (DAYS - 1) * 86_400_000)), to: utcDay(now), owner, groupBy: 'user' as const };
  const [chat, all] = await Promise.all([usageReport(deps.db, { ...range, purpose: 'chat' }), usageReport(deps.db, { ...range, purpose: null })]);
  const chatOf = new Map(chat.map((r) => [r.key, r]));
  return all.map((r) => {
    const own = chatOf.get(r.key) ?? { key: r.key, ...NO_USAGE };
    return { key: r.key, chat: own, service: r.requests - own.requests };
  });
}

/**
 * Injection receipts and usage per user: the viewer's own, or for admins everyone's, narrowed to
 * one user (`?user=`, an archive owner too) by the filter.
 */
export async function receiptsPage(c: Context<AppEnv>, deps: AppDeps) {
  const viewer = viewerOf(c, deps);
  const asked = c.req.query('user')?.trim();
  const owner = viewer.admin ? (asked ? foldUserName(asked) : null) : viewer.userName;
  const page = readPage(c);
  await deps.services.receipts.flush();
  const [receipts, usage] = await Promise.all([receiptLines(deps.db, owner, page), usagePerUser(deps, owner)]);
  const next = receipts.next_cursor
    ? `${PAGE_PATH}?${new URLSearchParams({ ...(owner && viewer.admin ? { user: owner } : {}), cursor: receipts.next_cursor })}`
    : null;
  return c.html(
    <Layout viewer={viewer} title="Receipts and usage" current={PAGE_PATH}>
      <p>
        What the memory added to each chat request (its injection receipt, kept 30 days), and how many model calls were made for{' '}
        {owner === null ? 'each user' : owner === viewer.userName ? 'you' : owner}.
      </p>
      {viewer.admin ? <UserFilter user={owner} /> : null}
      <UsageTable rows={usage} admin={viewer.admin} />
      <ReceiptTable receipts={receipts.data} viewer={viewer} next={next} />
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}

function UserFilter(props: { user: string | null }) {
  return (
    <form method="get" action={PAGE_PATH} class="filters" role="search" aria-label="Show one user">
      <label>
        User <input name="user" value={props.user ?? ''} placeholder="everyone" data-testid="receipts-user" />
      </label>
      <button type="submit">Show</button>
      {props.user ? <a href={PAGE_PATH}>Everyone</a> : null}
    </form>
  );
}

function UsageTable(props: { rows: UserUsage[]; admin: boolean }) {
  return (
    <section aria-labelledby="usage-per-user">
      <h2 id="usage-per-user">Usage per user, last {DAYS} days</h2>
      {props.rows.length === 0 ? <p>No model calls counted.</p> : null}
      <table data-testid="usage-per-user">
        <ColumnHeads names={['User', 'Chat requests', 'Errors', 'Prompt tokens', 'Completion tokens', 'Beliefs injected', 'Service calls']} />
        <tbody>
          {props.rows.map((r) => (
            <tr data-user={r.key}>
              <th scope="row">{props.admin ? <a href={`${PAGE_PATH}?${new URLSearchParams({ user: r.key })}`}>{r.key}</a> : r.key}</th>
              <td data-testid="user-requests">{r.chat.requests}</td>
              <td>{r.chat.errors}</td>
              <td>{r.chat.prompt_tokens}</td>
              <td>{r.chat.completion_tokens}</td>
              <td>{r.chat.injected}</td>
              <td data-testid="user-service-calls" title="extraction and embedding calls the service made for this user">
                {r.service}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ReceiptTable(props: { receipts: ReceiptLine[]; viewer: Viewer; next: string | null }) {
  const { admin } = props.viewer;
  return (
    <section aria-labelledby="receipts">
      <h2 id="receipts">Injection receipts, newest first</h2>
      {props.receipts.length === 0 ? <p>No chat request has injected anything yet.</p> : null}
      <table data-testid="receipts">
        <ColumnHeads names={admin ? ['When', 'User', 'Model', 'Beliefs', 'Query'] : ['When', 'Model', 'Beliefs', 'Query']} />
        <tbody>
          {props.receipts.map((r) => (
            <tr data-receipt={r.id}>
              <td>
                <a href={`/admin/injections/${encodeURIComponent(r.id)}`}>
                  <Time at={r.created_at} />
                </a>
              </td>
              {admin ? <td>{r.owner}</td> : null}
              <td>
                <code>{r.model}</code>
              </td>
              <td data-testid="receipt-beliefs">
                {r.beliefs}
                {r.persona ? ' + persona' : ''}
              </td>
              <td class="statement">{r.query.length > QUERY_SHOWN ? `${r.query.slice(0, QUERY_SHOWN - 1)}…` : r.query}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.next ? (
        <p>
          <a href={props.next}>Older receipts →</a>
        </p>
      ) : null}
    </section>
  );
}
