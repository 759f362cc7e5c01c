import type { Context } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { notFound } from '../../../lib/errors.ts';
import { findReceipt } from '../../../lib/world/recall/receipts.ts';
import { beliefHref } from './belief-item.tsx';
import { injectedStatements } from './data.ts';
import { Layout, PAGE_HEADERS, Time, viewerOf } from './layout.tsx';

/** The tiers of a receipt in the order they were injected (API.md §7). */
const TIERS = [
  ['pinned', 'Pinned beliefs'],
  ['relevant', 'Relevant beliefs'],
  ['questions', 'Open questions'],
  ['related', 'Related beliefs'],
] as const;

/** One injection receipt: what the model saw for one chat request. Its owner and admins only. */
export async function injectionPage(c: Context<AppEnv>, deps: AppDeps) {
  const viewer = viewerOf(c, deps);
  const { db } = deps;
  await deps.services.receipts.flush();
  const receipt = await findReceipt(db, c.req.param('id') ?? '');
  if (!receipt || (receipt.owner !== viewer.userName && !viewer.admin)) throw notFound('injection');
  const statements = await injectedStatements(db, receipt);
  return c.html(
    <Layout viewer={viewer} title="Injection" current="/admin/beliefs">
      <p>
        <a href="/admin/beliefs">← All beliefs</a>
      </p>
      <p>What the memory service added to one chat request, tier by tier, as the model received it.</p>
      <dl class="facts" data-testid="injection-facts">
        <dt>When</dt>
        <dd>
          <Time at={receipt.created_at} />
        </dd>
        <dt>Owner</dt>
        <dd>{receipt.owner}</dd>
        <dt>Model</dt>
        <dd>
          <code>{receipt.model}</code>
        </dd>
        <dt>Scope</dt>
        <dd>{receipt.scope.length ? receipt.scope.join(', ') : 'none named (universal beliefs)'}</dd>
        <dt>Query</dt>
        <dd class="statement" data-testid="injection-query">
          {receipt.query}
        </dd>
      </dl>
      <section aria-labelledby="tier-persona">
        <h2 id="tier-persona">Persona</h2>
        {receipt.persona ? (
          <p class="persona" data-testid="injection-persona">
            {receipt.persona}
          </p>
        ) : (
          <p>No persona was injected.</p>
        )}
      </section>
      {TIERS.map(([tier, title]) => (
        <section aria-labelledby={`tier-${tier}`} data-tier={tier}>
          <h2 id={`tier-${tier}`}>{title}</h2>
          {receipt[tier].length === 0 ? (
            <p class="meta">None.</p>
          ) : (
            <ol class="beliefs">
              {receipt[tier].map((id) => (
                <li class="belief">
                  {statements.has(id) ? (
                    <a class="statement" href={beliefHref(id)}>
                      {statements.get(id)}
                    </a>
                  ) : (
                    <span class="meta">A belief since purged.</span>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}
