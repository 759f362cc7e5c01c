import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCIM_TOKEN, type Target } from '../support/targets.ts';
import { useTarget } from '../support/suites.ts';

interface DocRequest {
  method: string;
  path: string;
  body: string | null;
  /** `ID=$(scim …)`: the first listed resource's id is kept as $ID. */
  capturesId: boolean;
}

/** The `scim …` commands of one section of docs/scim.md, in order. */
function requestsOf(section: string): DocRequest[] {
  const out: DocRequest[] = [];
  const re = /(ID=\$\()?scim (?:-X (\w+) )?"\$SCIM([^"]+)"(?: -d '((?:[^']|'"\$ID"')*)')?/g;
  for (const m of section.matchAll(re)) {
    out.push({ method: m[2] ?? 'GET', path: m[3]!, body: m[4] ?? null, capturesId: m[1] !== undefined });
  }
  return out;
}

function section(doc: string, heading: string): string {
  const start = doc.indexOf(`### ${heading}\n`);
  const end = doc.indexOf('\n## ', start);
  return doc.slice(start, end);
}

describe('docs/scim.md copy-paste requests work as written', () => {
  let t: Target;
  const doc = readFileSync('docs/scim.md', 'utf8');
  useTarget('node', (s) => (t = s));

  it.each(['Okta', 'Microsoft Entra ID'])('%s: every request succeeds and deactivation sticks', async (idp) => {
    const requests = requestsOf(section(doc, idp));
    expect(requests.length).toBeGreaterThanOrEqual(5);
    let id = '';
    let lastActive: unknown;
    for (const r of requests) {
      const body = r.body?.replace(`'"$ID"'`, id) ?? undefined;
      const res = await fetch(`${t.url}/scim/v2${r.path.replace('$ID', id)}`, {
        method: r.method,
        headers: { authorization: `Bearer ${SCIM_TOKEN}`, 'content-type': 'application/scim+json' },
        body,
      });
      expect(res.status, `${r.method} ${r.path}: ${res.status}`).toBeLessThan(300);
      const json = res.status === 204 ? null : ((await res.json()) as Record<string, any>);
      if (r.capturesId) id = json!.Resources[0].id;
      if (json && 'active' in json) lastActive = json.active;
    }
    expect(id).not.toBe('');
    expect(lastActive).toBe(false);
  });
});
