import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { listBeliefs, type BeliefFilter } from '../../../lib/world/beliefs/listing.ts';
import { readPersona } from '../../../lib/world/recall/persona.ts';
import { BELIEF_TYPES } from '../../../lib/ports/beliefs.ts';
import { BeliefForm, BeliefItem } from './belief-item.tsx';
import { beliefScopes, statementsOf } from './data.ts';
import { Choice, Layout, PAGE_HEADERS, Status, Time, viewerOf } from './layout.tsx';

const STATUSES = ['active', 'superseded', 'all'] as const;

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

function AddBelief() {
  return (
    <details class="add">
      <summary>Add a belief</summary>
      <BeliefForm id="new" />
    </details>
  );
}

/** How many beliefs a persona text holds (one line each, as injected). */
function personaLines(persona: string): string {
  const n = persona ? persona.split('\n').length : 0;
  return n === 1 ? '1 belief' : `${n} beliefs`;
}
