import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { notFound } from '../../../lib/errors.ts';
import { beliefHistory, listBeliefs, type BeliefFilter } from '../../../lib/world/listing.ts';
import { readPersona } from '../../../lib/world/persona.ts';
import { listReceipts, receiptsFor, type Receipt } from '../../../lib/world/receipts.ts';
import { findBelief, toRecord } from '../../../lib/world/beliefs.ts';
import { supersessionChain } from '../../../lib/world/supersession-chain.ts';
import { BELIEF_TYPES, MAX_ALIAS_LENGTH, MAX_ALIASES, MAX_PARTICIPANTS, type BeliefRecord } from '../../../lib/world/types.ts';
import { beliefScopes, statementsOf } from './data.ts';
import { Choice, ColumnHeads, Layout, PAGE_HEADERS, Status, Time, viewerOf } from './layout.tsx';

const STATUSES = ['active', 'superseded', 'all'] as const;
/** The newest injections listed on a belief's page. */
const INJECTIONS_SHOWN = 20;

export const beliefHref = (id: string) => `/admin/beliefs/${encodeURIComponent(id)}`;
const injectionHref = (id: string) => `/admin/injections/${encodeURIComponent(id)}`;

function filterOf(c: Context<AppEnv>, self: string, admin: boolean): BeliefFilter {
  const q = (name: string) => (c.req.query(name) ?? '').trim().slice(0, 200);
  const status = STATUSES.find((s) => s === q('status')) ?? 'active';
  const cursor = q('cursor') || undefined;
  return { owner: (admin && q('owner').toLowerCase()) || self, status, type: q('type'), scope: q('scope'), q: q('q'), limit: 100, cursor };
}

export async function beliefsPage(c: Context<AppEnv>, deps: Deps) {
  const viewer = viewerOf(c, deps);
  const { db } = deps;
  const f = filterOf(c, viewer.userName, viewer.admin);
  const [page, scopes, cached] = await Promise.all([listBeliefs(deps, f), beliefScopes(db, f.owner), readPersona(db, f.owner)]);
  const beliefs = page.data;
  const linked = await statementsOf(
    db,
    f.owner,
    beliefs.flatMap((b) => b.participants),
  );
  const own = f.owner === viewer.userName;
  const more = page.next_cursor ? `/admin/beliefs?${new URLSearchParams({ ...filterParams(f), cursor: page.next_cursor })}` : null;
  return c.html(
    <Layout viewer={viewer} title="Beliefs" current="/admin/beliefs">
      <form method="get" action="/admin/beliefs" class="filters" role="search" aria-label="Filter beliefs">
        <label>
          Search <input type="search" name="q" value={f.q} />
        </label>
        <Choice label="Status" name="status" values={STATUSES} selected={f.status} />
        <Choice label="Type" name="type" values={BELIEF_TYPES} selected={f.type} any="any" />
        <Choice label="Scope" name="scope" values={scopes} selected={f.scope} any="any" />
        {viewer.admin ? (
          <label>
            Owner <input name="owner" value={own ? '' : f.owner} placeholder={viewer.userName} />
          </label>
        ) : null}
        <button type="submit">Apply</button>
      </form>
      <Status id="belief-status" />
      <p>
        <span data-testid="belief-total">{page.total === 0 ? 'No beliefs match.' : `${page.total} belief${page.total === 1 ? '' : 's'}`}</span>
        {page.total > beliefs.length ? ` (showing ${beliefs.length})` : ''}
        {own ? '' : ` of ${f.owner}`}
      </p>
      <ul class="beliefs" id="belief-list">
        {beliefs.map((b) => (
          <BeliefItem b={b} linked={linked} />
        ))}
      </ul>
      {more ? (
        <p>
          <a href={more}>{f.q ? 'More results →' : 'Older beliefs →'}</a>
        </p>
      ) : null}
      {own ? <AddBelief /> : null}
      <section aria-labelledby="persona-title">
        <h2 id="persona-title">Persona preview</h2>
        {cached ? (
          <>
            <p class="persona" data-testid="persona">
              {cached.persona}
            </p>
            <p class="meta">
              What the model sees first in every request: {personaLines(cached.persona)} of {cached.belief_count} active beliefs, as of{' '}
              <Time at={cached.built_at} />.
            </p>
          </>
        ) : (
          <div id="persona-build">
            <p>
              The persona is what the model sees first in every request: durable facts and how you want to be answered. It is rebuilt after the beliefs change.
            </p>
            <button type="button" data-persona-owner={f.owner}>
              Build persona preview
            </button>
            <p class="persona" data-testid="persona" hidden></p>
          </div>
        )}
      </section>
      <section aria-labelledby="live-title">
        <h2 id="live-title">Live feed</h2>
        <p class="meta">
          Your new and changed beliefs appear here as they happen. <span id="live-state">Connecting…</span>
        </p>
        <ol id="live-list" class="live" data-ws="/v1/ws/beliefs" aria-live="polite"></ol>
      </section>
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}

function filterParams(f: BeliefFilter): Record<string, string> {
  const out: Record<string, string> = { status: f.status };
  for (const k of ['q', 'type', 'scope', 'owner'] as const) if (f[k]) out[k] = f[k];
  return out;
}

/** A belief in a list; `linked` holds the statements of relations' participants. */
function BeliefItem(props: { b: BeliefRecord; linked: Map<string, string> }) {
  const { b, linked } = props;
  return (
    <li class={`belief ${b.status}`} data-belief-id={b.id}>
      <p class="statement">{b.statement}</p>
      {b.aliases.length ? (
        <p class="meta" data-testid="aliases">
          Also known as: {b.aliases.join(', ')}
        </p>
      ) : null}
      {b.participants.length ? (
        <p class="meta" data-testid="participants">
          Links:{' '}
          {b.participants.map((id, i) => (
            <>
              {i > 0 ? ' · ' : ''}
              {linked.has(id) ? <a href={beliefHref(id)}>{linked.get(id)}</a> : <span>a removed belief</span>}
            </>
          ))}
        </p>
      ) : null}
      <p class="meta">
        <span class="tag">{b.type}</span> <span class="tag">{b.scope}</span> {b.pinned ? <span class="tag pin">pinned</span> : null}{' '}
        {b.status === 'superseded' ? <span class="tag old">superseded</span> : null} {b.key ? <code>{b.key}</code> : null} confidence {b.confidence.toFixed(2)}{' '}
        · said <Time at={b.observed_at} />
        {b.event_at ? <span> · happens {b.event_at}</span> : null}
        {b.valid_until ? (
          <span>
            {' '}
            · valid until <Time at={b.valid_until} />
          </span>
        ) : null}{' '}
        · updated <Time at={b.updated_at} /> · <a href={beliefHref(b.id)}>history</a>
      </p>
      {b.status === 'active' ? (
        <div class="actions">
          <button type="button" data-belief-pin={b.id} data-pinned={b.pinned ? '1' : '0'}>
            {b.pinned ? 'Unpin' : 'Pin'}
          </button>
          <button type="button" class="danger" data-belief-supersede={b.id}>
            Mark superseded
          </button>
          <details>
            <summary>Edit</summary>
            <BeliefForm id={b.id} b={b} />
          </details>
        </div>
      ) : null}
    </li>
  );
}

function BeliefForm(props: { id: string; b?: BeliefRecord }) {
  const { id, b } = props;
  return (
    <form class="belief-form stack" data-belief-form={id}>
      <label>
        Statement{' '}
        <textarea name="statement" required maxlength={2000} rows={2}>
          {b?.statement ?? ''}
        </textarea>
      </label>
      <Choice label="Type" name="type" values={BELIEF_TYPES} selected={b?.type ?? 'fact'} />
      <label>
        Scope <input name="scope" value={b?.scope ?? 'universal'} required pattern="universal|domain:.+" title="universal or domain:<name>" />
      </label>
      <label>
        Aliases{' '}
        <span class="meta">
          other names it answers to, comma-separated (up to {MAX_ALIASES}, each up to {MAX_ALIAS_LENGTH} characters)
        </span>
        <input name="aliases" value={b?.aliases.join(', ') ?? ''} autocomplete="off" placeholder="e.g. pg, postgres" />
      </label>
      {!b || b.type === 'relation' ? (
        <label>
          Participants <span class="meta">relations only: ids of the beliefs it links, comma-separated (up to {MAX_PARTICIPANTS})</span>
          <input name="participants" value={b?.participants.join(', ') ?? ''} autocomplete="off" spellcheck={false} />
        </label>
      ) : null}
      <button type="submit">{b ? 'Save' : 'Add belief'}</button>
    </form>
  );
}

function AddBelief() {
  return (
    <details class="add">
      <summary>Add a belief</summary>
      <BeliefForm id="new" />
    </details>
  );
}

export async function beliefDetailPage(c: Context<AppEnv>, deps: Deps) {
  const viewer = viewerOf(c, deps);
  const { db } = deps;
  const row = await findBelief(db, c.req.param('id') ?? '');
  if (!row || (row.owner !== viewer.userName && !viewer.admin)) throw notFound('belief');
  const belief = toRecord(row);
  await receiptsFor(deps).flush();
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

/** How many beliefs a persona text holds (one line each, as injected). */
function personaLines(persona: string): string {
  const n = persona ? persona.split('\n').length : 0;
  return n === 1 ? '1 belief' : `${n} beliefs`;
}
