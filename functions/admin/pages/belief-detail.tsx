import type { Context } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { notFound } from '../../../lib/errors.ts';
import { findBelief, toRecord } from '../../../lib/world/beliefs/beliefs.ts';
import { beliefHistory } from '../../../lib/world/beliefs/listing.ts';
import { listReceipts, type Receipt } from '../../../lib/world/recall/receipts.ts';
import { supersessionChain } from '../../../lib/world/beliefs/supersession-chain.ts';
import { BeliefItem, beliefHref } from './belief-item.tsx';
import { statementsOf } from './data.ts';
import { ColumnHeads, Layout, PAGE_HEADERS, Status, Time, viewerOf } from './layout.tsx';

/** The newest injections listed on a belief's page. */
const INJECTIONS_SHOWN = 20;
const injectionHref = (id: string) => `/admin/injections/${encodeURIComponent(id)}`;

export async function beliefDetailPage(c: Context<AppEnv>, deps: AppDeps) {
  const viewer = viewerOf(c, deps);
  const { db } = deps;
  const row = await findBelief(db, c.req.param('id') ?? '');
  if (!row || (row.owner !== viewer.userName && !viewer.admin)) throw notFound('belief');
  const belief = toRecord(row);
  await deps.services.receipts.flush();
  const [history, chain, linked, injections] = await Promise.all([
    beliefHistory(db, belief.id),
    supersessionChain(db, row),
    statementsOf(db, belief.owner, belief.participants),
    listReceipts(db, belief.owner, belief.id, { limit: INJECTIONS_SHOWN, after: null }),
  ]);
  return c.html(
    <Layout viewer={viewer} title="Belief" current="/admin/beliefs">
      <p>
        <a href="/admin/beliefs">← All beliefs</a>
      </p>
      <ul class="beliefs">
        <BeliefItem b={belief} linked={linked} />
      </ul>
      <Status id="belief-status" />
      <dl class="facts">
        <dt>Owner</dt>
        <dd>{belief.owner}</dd>
        <dt>Source</dt>
        <dd>
          {belief.source.kind}
          {belief.source.conversation_id ? ` (conversation ${belief.source.conversation_id})` : ''}
        </dd>
        <dt>Created</dt>
        <dd>
          <Time at={belief.created_at} />
        </dd>
        <dt>Observed</dt>
        <dd data-testid="observed-at">
          <Time at={belief.observed_at} />
        </dd>
        <dt>Event</dt>
        <dd data-testid="event-at">{belief.event_at ?? 'not dated'}</dd>
        <dt>Valid until</dt>
        <dd data-testid="valid-until">
          <Time at={belief.valid_until} empty={belief.status === 'active' ? 'still holds' : 'not recorded'} />
        </dd>
        <dt>Reinforced</dt>
        <dd>{belief.reinforced_count} times</dd>
        <dt>Injected</dt>
        <dd>
          {belief.injected_count} times, last <Time at={belief.last_injected_at} empty="never" />
        </dd>
      </dl>
      <section aria-labelledby="chain-title">
        <h2 id="chain-title">Supersession chain</h2>
        {chain.length === 1 ? (
          <p>This belief has not replaced or been replaced by another.</p>
        ) : (
          <ol class="chain">
            {chain.map((b) => (
              <li aria-current={b.id === belief.id ? 'true' : undefined}>
                {b.id === belief.id ? <strong>{b.statement}</strong> : <a href={beliefHref(b.id)}>{b.statement}</a>} ({b.status})
              </li>
            ))}
          </ol>
        )}
      </section>
      <Injections receipts={injections.data} more={injections.next_cursor !== null} />
      <section aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <table>
          <ColumnHeads names={['When', 'Event', 'By', 'Detail']} />
          <tbody>
            {history.map((h) => (
              <tr>
                <td>
                  <Time at={h.at} />
                </td>
                <td>{h.event}</td>
                <td>{h.actor ?? ''}</td>
                <td class="detail">{h.detail === null ? '' : JSON.stringify(h.detail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {viewer.admin || belief.owner === viewer.userName ? (
        <section aria-labelledby="purge-title">
          <h2 id="purge-title">Purge</h2>
          <p>Purging deletes this belief for good (it is audited). Marking it superseded is usually what you want.</p>
          <button type="button" class="danger" data-belief-purge={belief.id}>
            Purge belief
          </button>
        </section>
      ) : null}
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}

/** The chat requests that carried a belief to the model, newest first, each linking to its receipt. */
function Injections(props: { receipts: Receipt[]; more: boolean }) {
  return (
    <section aria-labelledby="injections-title" data-testid="belief-injections">
      <h2 id="injections-title">Injections</h2>
      {props.receipts.length === 0 ? (
        <p>No chat request has carried this belief in the last 30 days.</p>
      ) : (
        <>
          <ol class="injections">
            {props.receipts.map((r) => (
              <li>
                <a href={injectionHref(r.id)}>
                  <Time at={r.created_at} />
                </a>{' '}
                · <code>{r.model}</code> · <span class="query">{r.query.length > 120 ? `${r.query.slice(0, 120)}…` : r.query}</span>
              </li>
            ))}
          </ol>
          {props.more ? <p class="meta">The newest {INJECTIONS_SHOWN} are shown.</p> : null}
        </>
      )}
    </section>
  );
}
