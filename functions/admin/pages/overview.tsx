import type { Context } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { maskedConfig } from '../../../lib/stores/config.ts';
import { ActivitySection, readActivity } from './activity.tsx';
import { activeTokenCount, beliefCounts } from './data.ts';
import { ColumnHeads, Layout, PAGE_HEADERS, viewerOf } from './layout.tsx';
import { readUsage, UsageSection } from './usage-charts.tsx';

export async function overviewPage(c: Context<AppEnv>, deps: AppDeps) {
  const viewer = viewerOf(c, deps);
  const { db } = deps;
  const [counts, tokens, config, activity, usage] = await Promise.all([
    beliefCounts(db, viewer.userName),
    viewer.mode === 'teams' ? activeTokenCount(db, viewer.userName) : Promise.resolve(null),
    maskedConfig(deps),
    readActivity(db, deps.now(), viewer),
    readUsage(deps, viewer),
  ]);
  return c.html(
    <Layout viewer={viewer} title="Overview" current="/admin">
      <section aria-labelledby="you">
        <h2 id="you">You</h2>
        <dl class="facts">
          <dt>Signed in as</dt>
          <dd data-testid="user-name">{viewer.userName}</dd>
          <dt>Role</dt>
          <dd>{viewer.admin ? 'administrator' : 'user'}</dd>
          <dt>Mode</dt>
          <dd data-testid="mode">{viewer.mode}</dd>
        </dl>
      </section>
      <section aria-labelledby="counts">
        <h2 id="counts">Your world model</h2>
        <dl class="facts">
          <dt>Active beliefs</dt>
          <dd data-testid="beliefs-active">{counts.active}</dd>
          <dt>Superseded beliefs</dt>
          <dd data-testid="beliefs-superseded">{counts.superseded}</dd>
          {tokens === null ? null : (
            <>
              <dt>Your access tokens</dt>
              <dd data-testid="token-count">{tokens}</dd>
            </>
          )}
        </dl>
        <p>
          <a href="/admin/beliefs">Browse beliefs</a>
          {tokens === null ? null : (
            <>
              {' · '}
              <a href="/admin/settings">Manage access tokens</a>
            </>
          )}
        </p>
      </section>
      <section aria-labelledby="providers">
        <h2 id="providers">Model providers</h2>
        {config.providers.length === 0 ? (
          <p>
            No provider is configured yet.
            {viewer.admin ? (
              <>
                {' '}
                Add one on the <a href="/admin/config">Config</a> page.
              </>
            ) : (
              ' Ask an administrator to add one.'
            )}
          </p>
        ) : (
          <table>
            <ColumnHeads names={['Provider', 'Kind', 'Models', 'Key']} />
            <tbody>
              {config.providers.map((p) => (
                <tr>
                  <td>{p.id}</td>
                  <td>{p.kind}</td>
                  <td>{p.models.join(', ')}</td>
                  <td>{p.api_key_set ? `set (…${p.api_key_hint ?? ''})` : 'not set'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p>
          Default model: <strong>{config.default_model ?? 'none'}</strong>. Extraction {config.extraction.enabled ? 'on' : 'off'}, injection{' '}
          {config.injection.enabled ? `on (up to ${config.injection.max_beliefs} beliefs)` : 'off'}.
        </p>
      </section>
      <UsageSection usage={usage} admin={viewer.admin} />
      <ActivitySection activity={activity} admin={viewer.admin} />
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}
