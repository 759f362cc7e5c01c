import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ADMIN_API, API_MOUNTS, BACKUP_PATHS } from '../../functions/admin/contract.ts';
import { CLOSE_REVOKED } from '../../lib/ports/beliefs.ts';
import { bundleDashboard } from '../../lib/adapters/dashboard-bundle.mjs';
import { call } from '../support/http.ts';
import { singleEnv, TARGETS, type Target } from '../support/targets.ts';
import { ADMIN_PAGES, ALL_PAGES, insertBelief, XSS_STATEMENT } from './fixtures.ts';
import { useTarget } from '../support/suites.ts';
import { as } from '../support/as.ts';

const BOSS = as.user('boss@example.com');
const ALICE = as.user('alice@example.com');

async function page(t: Target, path: string, headers: Record<string, string> = {}) {
  const res = await call(t, path, { headers });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

describe.each(TARGETS)('dashboard pages in teams mode on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('sends a browser without credentials to the login page', async () => {
    for (const path of ALL_PAGES) {
      const res = await page(t, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('/admin/login');
    }
  });

  it('shows every page to a super admin, with the admin links and no inline script', async () => {
    for (const path of ALL_PAGES) {
      const res = await page(t, path, BOSS);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.html).toContain('href="/admin/users"');
      expect(res.html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    }
  });

  it('answers 403 to a user asking for an admin page and shows no admin links', async () => {
    for (const path of ADMIN_PAGES) expect((await page(t, path, ALICE)).status, path).toBe(403);
    for (const path of ['/admin', '/admin/settings', '/admin/beliefs']) {
      const res = await page(t, path, ALICE);
      expect(res.status, path).toBe(200);
      for (const admin of ADMIN_PAGES) expect(res.html, `${path} links ${admin}`).not.toContain(`href="${admin}"`);
    }
  });

  it('shows the access tokens section and never the root-token card', async () => {
    const settings = await page(t, '/admin/settings', ALICE);
    expect(settings.html).toContain('data-testid="access-tokens"');
    for (const path of ALL_PAGES) expect((await page(t, path, BOSS)).html, path).not.toContain('root-token-rotation');
  });

  it('has the backup hooks on the backup page', async () => {
    const res = await page(t, '/admin/backup', BOSS);
    for (const id of ['backup-export', 'backup-preview', 'backup-import']) expect(res.html).toContain(`data-testid="${id}"`);
  });

  it('renders a hostile belief as text on the list and the detail page', async () => {
    const id = await insertBelief(t.sql, { owner: 'alice@example.com', statement: XSS_STATEMENT });
    for (const path of ['/admin/beliefs', `/admin/beliefs/${id}`]) {
      const res = await page(t, path, ALICE);
      expect(res.status).toBe(200);
      expect(res.html).toContain('&lt;script&gt;window.__xss = 1&lt;/script&gt;&lt;img src=x onerror=&quot;window.__xss = 2&quot;&gt;');
      expect(res.html).not.toContain('<script>window');
      expect(res.html).not.toContain('<img src=x');
    }
  });

  it("keeps one user's beliefs from another", async () => {
    const id = await insertBelief(t.sql, { owner: 'alice@example.com', statement: 'Alice keeps bees' });
    const bob = as.user('bob@example.com');
    expect((await page(t, `/admin/beliefs/${id}`, bob)).status).toBe(404);
    expect((await page(t, '/admin/beliefs?owner=alice@example.com', bob)).html).not.toContain('Alice keeps bees');
    expect((await page(t, '/admin/beliefs?owner=alice@example.com', BOSS)).html).toContain('Alice keeps bees');
  });

  it('shows a deactivated user the account deactivated page', async () => {
    await page(t, '/admin', as.user('carol@example.com'));
    await t.sql.run("UPDATE users SET active = 0 WHERE user_name_lc = 'carol@example.com'");
    const res = await page(t, '/admin', as.user('carol@example.com'));
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.html).toContain('Account deactivated');
    // The page is styled: its browser, still sending the identity header, gets the stylesheet it links.
    const sheet = /<link rel="stylesheet" href="([^"]+)"/.exec(res.html)?.[1];
    expect(sheet).toBe('/admin/assets/app.css');
    const css = await call(t, sheet!, { headers: as.user('carol@example.com') });
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect((await css.text()).length).toBeGreaterThan(1000);
  });

  it('limits the provider connection test to admins and names a bad field', async () => {
    const post = (headers: Record<string, string>, body: unknown) => call(t, '/admin/config/test-connection', { method: 'POST', headers, json: body });
    expect((await post(ALICE, { provider_id: 'local' })).status).toBe(403);
    const missing = await post(BOSS, { provider_id: 'nope' });
    expect(missing.status).toBe(404);
    const bad = await post(BOSS, {});
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('provider_id');
  });

  it('serves the script and stylesheet without credentials, with validators', async () => {
    for (const name of ['app.js', 'app.css']) {
      const res = await call(t, `/admin/assets/${name}`);
      expect(res.status).toBe(200);
      const etag = res.headers.get('etag')!;
      expect((await call(t, `/admin/assets/${name}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    }
    expect((await call(t, '/admin/assets/nope.js')).status).toBe(404);
    // No credential is read there: a wrong one is neither refused nor counted as a failed attempt.
    expect((await call(t, '/admin/assets/app.css', { headers: { authorization: 'Bearer not-a-credential' } })).status).toBe(200);
  });

  it('serves client/ as one classic script, bundled with the paths and codes the routes use', async () => {
    const served = await (await fetch(`${t.url}/admin/assets/app.js`)).text();
    expect(served).toBe(await bundleDashboard());
    expect(() => new Script(served, { filename: 'app.js' })).not.toThrow();
    for (const shared of [ADMIN_API, API_MOUNTS.tokens, API_MOUNTS.rootToken, BACKUP_PATHS.import]) expect(served).toContain(JSON.stringify(shared));
    expect(served).toContain('corrupt_archive:');
    expect(served).toContain(`= ${CLOSE_REVOKED};`);
  });
});

describe.each(TARGETS)('dashboard pages in single mode on %s', (kind) => {
  let t: Target;
  const root = as.root();
  useTarget(kind, (s) => (t = s), singleEnv());

  it('shows root-token rotation and no PAT management anywhere', async () => {
    const settings = await page(t, '/admin/settings', root);
    expect(settings.status).toBe(200);
    expect(settings.html).toContain('data-testid="root-token-rotation"');
    for (const path of ALL_PAGES) {
      const res = await page(t, path, root);
      expect(res.status, path).toBe(200);
      expect(res.html, path).not.toContain('access-tokens');
      expect(res.html, path).not.toMatch(/access token/i);
    }
  });

  it('ignores the identity header', async () => {
    expect((await page(t, '/admin', BOSS)).status).toBe(302);
  });
});
