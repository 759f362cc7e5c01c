import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { tokenHint } from '../contract.ts';
import { activeSessionsOf, ownTokens } from './data.ts';
import { ColumnHeads, Layout, PAGE_HEADERS, Status, Time, viewerOf } from './layout.tsx';

type TokenRow = Awaited<ReturnType<typeof ownTokens>>[number];
type SessionRow = Awaited<ReturnType<typeof activeSessionsOf>>[number];

export async function settingsPage(c: Context<AppEnv>, deps: AppDeps) {
  const viewer = viewerOf(c, deps);
  const { db, settings } = deps;
  const principal = c.get('principal');
  const current = principal.kind === 'root' || principal.kind === 'user' ? principal.sessionId : null;
  if (viewer.mode === 'teams') await deps.services.patUses.flush();
  const [tokens, sessions] = await Promise.all([
    viewer.mode === 'teams' ? ownTokens(db, viewer.userName) : [],
    activeSessionsOf(db, [viewer.userName], settings, deps.now()),
  ]);
  return c.html(
    <Layout viewer={viewer} title="Settings" current="/admin/settings">
      {viewer.mode === 'teams' ? <AccessTokens tokens={tokens} maxDays={settings.patMaxDays} now={new Date()} /> : null}
      {viewer.mode === 'single' ? <RootTokenRotation /> : null}
      <Sessions sessions={sessions} current={current} userName={viewer.userName} />
      <Forget userName={viewer.userName} />
    </Layout>,
    200,
    PAGE_HEADERS,
  );
}

const LIFETIMES = [7, 30, 90, 180, 365];
/** A token ending within this many days is highlighted. */
const SOON_DAYS = 7;

/** The lifetimes the token form offers: those within SERVICE_PAT_MAX_DAYS, and "never" only without it. */
function lifetimeOptions(maxDays: number | null): { value: string; label: string; selected: boolean }[] {
  const days = maxDays === null ? LIFETIMES : [...LIFETIMES.filter((d) => d < maxDays), maxDays];
  const preferred = Math.min(90, maxDays ?? 90);
  const options = days.map((d) => ({ value: String(d), label: d === 1 ? '1 day' : `${d} days`, selected: d === preferred }));
  if (maxDays === null) options.push({ value: '', label: 'never', selected: false });
  if (!options.some((o) => o.selected)) options.at(-1)!.selected = true;
  return options;
}

function Expiry(props: { at: string | null; revoked: boolean; now: Date }) {
  if (props.at === null) return <>never</>;
  const left = Date.parse(props.at) - props.now.getTime();
  const state = props.revoked ? undefined : left <= 0 ? 'expired' : left < SOON_DAYS * 86_400_000 ? 'soon' : undefined;
  return (
    <span class={state ? `expiry ${state}` : undefined} data-expiry={state}>
      {state === 'expired' ? 'expired ' : state === 'soon' ? 'soon: ' : ''}
      <Time at={props.at} />
    </span>
  );
}

function AccessTokens(props: { tokens: TokenRow[]; maxDays: number | null; now: Date }) {
  return (
    <section data-testid="access-tokens" aria-labelledby="tokens-title">
      <h2 id="tokens-title">Access tokens</h2>
      <p>
        Personal access tokens let programs (chat clients, SDKs, scripts) call the chat, models and belief-extraction APIs as you. They cannot reach the
        dashboard or the admin API.
      </p>
      <form id="token-create" class="row">
        <label for="token-name">Token name</label>
        <input id="token-name" name="name" required maxlength={100} autocomplete="off" placeholder="e.g. laptop editor" />
        <label for="token-scope">Memory scope (optional)</label>
        <input
          id="token-scope"
          name="scope"
          autocomplete="off"
          spellcheck={false}
          placeholder="e.g. domain:work"
          title="universal or domain:<name>, several separated by commas; used when a request with this token names no scope"
        />
        <label for="token-lifetime">Expires after</label>
        <select id="token-lifetime" name="expires_in_days">
          {lifetimeOptions(props.maxDays).map((o) => (
            <option value={o.value} selected={o.selected}>
              {o.label}
            </option>
          ))}
        </select>
        <button type="submit">Generate</button>
      </form>
      {props.maxDays !== null ? <p class="meta">Tokens on this service expire within {props.maxDays} days.</p> : null}
      <ShownOnce name="token" onceTestId="token-once" valueTestId="token-value" label="New token" warning="Copy this token now. It will not be shown again." />
      <Status id="token-status" />
      <table id="token-table">
        <caption>Your tokens</caption>
        <ColumnHeads names={['Name', 'Token', 'Created', 'Last used', 'Status', 'Expires', 'Scope']} />
        <tbody>
          {props.tokens.map((t) => (
            <tr data-token-id={t.id}>
              <td>{t.name}</td>
              <td>
                <code>{tokenHint(t.token_prefix)}</code>
              </td>
              <td>
                <Time at={t.created_at} />
              </td>
              <td>
                <Time at={t.last_used_at} empty="never" />
              </td>
              <td>
                {t.revoked_at ? (
                  <>
                    revoked <Time at={t.revoked_at} />
                  </>
                ) : (
                  <button type="button" class="danger" data-revoke-token={t.id} data-name={t.name}>
                    Revoke
                  </button>
                )}
              </td>
              <td>
                <Expiry at={t.expires_at} revoked={t.revoked_at !== null} now={props.now} />
              </td>
              <td>{t.scope ?? 'none'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.tokens.length === 0 ? <p id="token-empty">You have no tokens yet.</p> : null}
    </section>
  );
}

function Sessions(props: { sessions: SessionRow[]; current: string | null; userName: string }) {
  const others = props.sessions.filter((s) => s.id !== props.current);
  return (
    <section data-testid="own-sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Your sessions</h2>
      <table>
        <caption>Browsers signed in as {props.userName}</caption>
        <ColumnHeads names={['Signed in', 'Last seen', 'Browser']} />
        <tbody>
          {props.sessions.map((s) => (
            <tr data-session-id={s.id}>
              <td>
                <Time at={s.created_at} />
              </td>
              <td>
                <Time at={s.last_seen_at} />
              </td>
              <td>{s.id === props.current ? 'this one' : 'another'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {others.length > 0 ? (
        <p>
          <button type="button" class="danger" data-terminate-sessions={others.map((s) => s.id).join(' ')} data-name={`${props.userName} in other browsers`}>
            Sign out other browsers
          </button>
        </p>
      ) : (
        <p>No other browser is signed in as you.</p>
      )}
    </section>
  );
}

/** Forget (API.md §4): everything the service holds about the viewer, behind their typed userName. */
function Forget(props: { userName: string }) {
  return (
    <section data-testid="forget" aria-labelledby="forget-title">
      <h2 id="forget-title">Forget everything about me</h2>
      <p>
        Deletes for good every belief held about you, active and superseded, with its history, and your injection receipts, compaction history and persona.
        Usage counts stay (they hold no text). This cannot be undone.
      </p>
      <form id="forget-form" class="row" data-user-name={props.userName}>
        <label for="forget-confirm">
          Type your userName, <code>{props.userName}</code>, to confirm
        </label>
        <input id="forget-confirm" name="confirm" required autocomplete="off" spellcheck={false} />
        <button type="submit" class="danger" disabled>
          Forget everything
        </button>
      </form>
      <Status id="forget-status" />
    </section>
  );
}

/** A new secret, filled in and shown once by the dashboard script (`#name-once`, `#name-value`), with its Copy button. */
function ShownOnce(props: { name: string; onceTestId?: string; valueTestId: string; label: string; warning: string; children?: Child }) {
  const value = `${props.name}-value`;
  return (
    <div id={`${props.name}-once`} class="once" hidden data-testid={props.onceTestId}>
      <p>
        <strong>{props.warning}</strong>
      </p>
      <div class="row">
        <label for={value} class="sr">
          {props.label}
        </label>
        <input id={value} readonly data-testid={props.valueTestId} spellcheck={false} />
        <button type="button" data-copy={value}>
          Copy
        </button>
      </div>
      {props.children}
    </div>
  );
}

function RootTokenRotation() {
  return (
    <section data-testid="root-token-rotation" aria-labelledby="root-title" class="card">
      <h2 id="root-title">Root token</h2>
      <p>
        The root token (<code>SERVICE_API_TOKEN</code>) gives full access to this service. Rotate it if it may have leaked: the old value stops working at once.
      </p>
      <button type="button" id="root-rotate" class="danger">
        Rotate root token
      </button>
      <ShownOnce name="root" valueTestId="root-token-value" label="New root token" warning="Copy the new root token now. It will not be shown again.">
        <p>
          If the token was generated into the data directory's <code>root-token</code> file, that file now holds the new value. Otherwise put this value into
          your deployment secret <code>SERVICE_API_TOKEN</code> (secret manager, environment file or <code>wrangler secret put</code>) so your secret store
          holds the token that works. Tell no end user: it is for installation and emergencies only.
        </p>
      </ShownOnce>
      <Status id="root-status" />
    </section>
  );
}
