import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { isAdmin, ownerOf } from '../../../lib/auth/principal.ts';
import { shownTime } from '../contract.ts';

/** Who is looking at a page, as the layout and the pages need it. */
export interface Viewer {
  userName: string;
  admin: boolean;
  mode: 'single' | 'teams';
  /** A root session from the login form, which the Sign out button ends. */
  loggedIn: boolean;
}

export function viewerOf(c: Context<AppEnv>, deps: Pick<Deps, 'settings'>): Viewer {
  const p = c.get('principal');
  return {
    userName: ownerOf(p) ?? 'anonymous',
    admin: isAdmin(p),
    mode: deps.settings.mode,
    loggedIn: p.kind === 'root' && p.sessionId !== null,
  };
}

const NAV: ReadonlyArray<{ href: string; label: string; admin: boolean }> = [
  { href: '/admin', label: 'Overview', admin: false },
  { href: '/admin/settings', label: 'Settings', admin: false },
  { href: '/admin/beliefs', label: 'Beliefs', admin: false },
  { href: '/admin/injections', label: 'Receipts', admin: false },
  { href: '/admin/users', label: 'Users', admin: true },
  { href: '/admin/backup', label: 'Backup', admin: true },
  { href: '/admin/config', label: 'Config', admin: true },
  { href: '/admin/audit', label: 'Audit', admin: true },
];

export { PAGE_HEADERS } from '../../../lib/html.ts';

export function Layout(props: { viewer: Viewer; title: string; current: string; children?: Child }) {
  const { viewer } = props;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{`${props.title} · Belief Store`}</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="/admin/assets/app.css" />
        <script src="/admin/assets/app.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <span class="brand">Belief Store</span>
          <nav aria-label="Dashboard">
            <ul>
              {NAV.filter((n) => viewer.admin || !n.admin).map((n) => (
                <li>
                  <a href={n.href} aria-current={n.href === props.current ? 'page' : undefined}>
                    {n.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <span class="who" data-testid="viewer">
            {viewer.userName}
            {viewer.admin ? ' (admin)' : ''}
          </span>
          {viewer.loggedIn ? (
            <form method="post" action="/admin/logout" class="inline">
              <button type="submit">Sign out</button>
            </form>
          ) : null}
        </header>
        <main id="main" tabindex={-1}>
          <h1>{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  );
}

/** A table's header row: one column header a name. */
export function ColumnHeads(props: { names: readonly string[] }) {
  return (
    <thead>
      <tr>
        {props.names.map((name) => (
          <th scope="col">{name}</th>
        ))}
      </tr>
    </thead>
  );
}

export function Time(props: { at: string | null; empty?: string }) {
  return props.at ? <time datetime={props.at}>{shownTime(props.at)}</time> : (props.empty ?? '—');
}

/** A live region where scripts report the outcome of an action. */
export function Status(props: { id: string }) {
  return <p id={props.id} class="status" role="status" aria-live="polite"></p>;
}

/** A labelled select of plain values; `any` names an empty first option meaning "no filter". */
export function Choice(props: { label: string; name: string; values: readonly string[]; selected: string | undefined; any?: string }) {
  return (
    <label>
      {props.label}{' '}
      <select name={props.name}>
        {props.any !== undefined ? <option value="">{props.any}</option> : null}
        {props.values.map((v) => (
          <option value={v} selected={v === props.selected}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
}
