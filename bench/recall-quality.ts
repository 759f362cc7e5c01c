/**
 * Recall quality against plain full-text search: for each question, what context assembly injects
 * (every tier) beside BM25 (the FTS5 index's own ranking over the same beliefs) at the same budget
 * (as many beliefs as the service injected) and at top-5 and top-10: hit (a gold belief among
 * them; over every question, and over those with a gold belief), precision (gold among those injected;
 * over every question, and over those with a gold belief) and beliefs per question.
 * Run: `npx tsx bench/recall-quality.ts FILE.json` (`QUALITY_DETAIL=out.json` writes each question's injection) where FILE holds
 * `{"owners": {"<owner>": {"beliefs": [{"id","statement","key?","type?","aliases?"}], "questions": [{"text","gold":["id"]}]}}}`
 * (built from a long-conversation dataset the operator supplies: no dataset is committed).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openSqlite } from '../lib/db/sqlite/database.ts';
import { inProcessDeps } from './lib/in-process.ts';
import { buildContext } from '../lib/world/recall/context.ts';
import { refreshPersona } from '../lib/world/recall/persona.ts';
import { ownerMatch, searchTerms } from '../lib/world/recall/terms.ts';
import { contentWords } from '../lib/world/text.ts';
import { round } from './lib/stats.ts';

export interface QualityBelief {
  id: string;
  statement: string;
  key?: string | null;
  type?: string;
  aliases?: string[];
}
export interface QualityQuestion {
  text: string;
  gold: string[];
}
export interface QualitySet {
  owners: Record<string, { beliefs: QualityBelief[]; questions: QualityQuestion[] }>;
}

interface Tally {
  questions: number;
  /** Questions with a gold belief: the ones any injection can answer. */
  answerable: number;
  hits: number;
  injected: number;
  /** Beliefs injected for questions with a gold belief. */
  injectedAnswerable: number;
  gold: number;
}
const tally = (): Tally => ({ questions: 0, answerable: 0, hits: 0, injected: 0, injectedAnswerable: 0, gold: 0 });
const add = (t: Tally, ids: string[], gold: Set<string>) => {
  const right = ids.filter((id) => gold.has(id)).length;
  t.questions++;
  if (gold.size > 0) {
    t.answerable++;
    t.injectedAnswerable += ids.length;
  }
  t.injected += ids.length;
  t.gold += right;
  if (right > 0) t.hits++;
};
const report = (t: Tally) => ({
  hit: round(t.hits / Math.max(1, t.questions), 3),
  hitAnswerable: round(t.hits / Math.max(1, t.answerable), 3),
  precision: round(t.gold / Math.max(1, t.injected), 3),
  precisionAnswerable: round(t.gold / Math.max(1, t.injectedAnswerable), 3),
  perQuestion: round(t.injected / Math.max(1, t.questions), 2),
});

export async function measureQuality(set: QualitySet, maxBeliefs = 20, misses?: unknown[]) {
  const dir = mkdtempSync(join(tmpdir(), 'bs-recall-quality-'));
  const sqlite = openSqlite(dir);
  const deps = inProcessDeps(sqlite);
  const service = tally();
  const equal = tally();
  const top5 = tally();
  const top10 = tally();
  try {
    const insert = sqlite.raw.prepare(
      `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind, created_at, updated_at, aliases, search_terms)
       VALUES (?, ?, ?, ?, ?, ?, 'universal', 0, 0.8, 'active', 'import', ?, ?, ?, ?)`,
    );
    const byRowid = new Map<number, string>();
    for (const [owner, { beliefs }] of Object.entries(set.owners)) {
      sqlite.raw.transaction(() => {
        beliefs.forEach((b, i) => {
          const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
          const aliases = b.aliases ?? [];
          const r = insert.run(
            `${owner}/${b.id}`,
            owner,
            b.type ?? 'fact',
            b.key ?? null,
            b.statement,
            b.statement.toLowerCase(),
            at,
            at,
            JSON.stringify(aliases),
            searchTerms(owner, b.statement, b.key ?? null, aliases),
          );
          byRowid.set(Number(r.lastInsertRowid), b.id);
        });
      })();
      await refreshPersona(deps, owner);
    }
    const bm25 = sqlite.raw.prepare('SELECT rowid AS r FROM beliefs_fts WHERE beliefs_fts MATCH ? ORDER BY rank LIMIT ?');
    const search = (owner: string, text: string, k: number): string[] => {
      const words = contentWords(text);
      if (k === 0 || words.length === 0) return [];
      return (bm25.all(ownerMatch(owner, words), k) as { r: number }[]).map((row) => byRowid.get(row.r)!);
    };
    for (const [owner, { questions }] of Object.entries(set.owners)) {
      for (const q of questions) {
        const gold = new Set(q.gold);
        const ctx = await buildContext(deps, owner, { userTurns: [q.text], scope: [], personaMax: Number(process.env.QUALITY_PERSONA_MAX ?? 5) }, maxBeliefs);
        const injected = ctx.beliefIds.map((id) => id.slice(owner.length + 1));
        add(service, injected, gold);
        misses?.push({
          q: q.text,
          hit: injected.some((id) => gold.has(id)),
          gold: q.gold,
          injected,
          persona: ctx.personaIds?.map((id) => id.slice(owner.length + 1)),
          bm25: search(owner, q.text, 10),
        });
        add(equal, search(owner, q.text, ctx.count), gold);
        add(top5, search(owner, q.text, 5), gold);
        add(top10, search(owner, q.text, 10), gold);
      }
    }
  } finally {
    await deps.services.close();
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { service: report(service), bm25SameBudget: report(equal), bm25Top5: report(top5), bm25Top10: report(top10) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx bench/recall-quality.ts FILE.json');
  const set = JSON.parse(readFileSync(file, 'utf8')) as QualitySet;
  const misses: unknown[] | undefined = process.env.QUALITY_DETAIL ? [] : undefined;
  process.stdout.write(`${JSON.stringify(await measureQuality(set, 20, misses), null, 2)}\n`);
  if (misses) writeFileSync(process.env.QUALITY_DETAIL!, JSON.stringify(misses));
}
