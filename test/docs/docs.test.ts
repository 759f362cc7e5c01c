import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/index.ts';
import type { Target } from '../support/targets.ts';
import { useTarget } from '../support/suites.ts';

const ROOT = process.cwd();
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const m of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** `METHOD /path` spans of a document, with `{param}` placeholders. */
function documentedRoutes(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s?]*)`/g)].map((m) => `${m[1]} ${m[2]}`));
}

describe('the docs stand on their own', () => {
  it('README starts with npm install, npm start and npm test', () => {
    const head = read('README.md').split('\n').slice(0, 8).join('\n');
    for (const command of ['npm install', 'npm start', 'npm test']) expect(head).toContain(command);
  });

  it.each(DOCS)('%s links only files and anchors that exist', (file) => {
    const text = read(file).replace(/^```[\s\S]*?^```/gm, '');
    const broken: string[] = [];
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const linked = path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), path);
      if (!linked.startsWith(ROOT + '/') || !existsSync(linked)) {
        broken.push(target);
        continue;
      }
      if (anchor !== undefined && linked.endsWith('.md') && !anchors(readFileSync(linked, 'utf8')).has(anchor)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  it.each(DOCS)('%s names no file outside the repository', (file) => {
    expect(read(file)).not.toMatch(/\.\.\/shared|\/work\/|\b(DESIGN|SPEC|API)\.md\b/);
  });
});

describe('docs/api.md and the routes the app serves', () => {
  let t: Target;
  useTarget('node', (s) => (t = s));

  function servedRoutes(): Set<string> {
    const routes = new Set<string>();
    for (const r of createApp(t.node!.deps, '').routes) {
      if (r.method === 'ALL' || r.path.includes('*')) continue;
      routes.add(`${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`);
    }
    return routes;
  }

  it('documents every route the app serves', () => {
    const documented = documentedRoutes(read('docs/api.md'));
    expect([...servedRoutes()].filter((r) => !documented.has(r))).toEqual([]);
  });

  it('documents no route the app does not serve', () => {
    const served = servedRoutes();
    expect([...documentedRoutes(read('docs/api.md'))].filter((r) => !served.has(r))).toEqual([]);
  });
});
