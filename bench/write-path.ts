/**
 * The write path under load: `connections` connections read GET /v1/models with one PAT per user
 * (each read may coalesce into a last_used_at update) while writer loops send chat requests
 * (injection record + extraction into the world model) and manual belief creations. Target:
 * every request answered 2xx and no SQLITE_BUSY anywhere in the server log.
 * Run: `npx tsx bench/write-path.ts [seconds] [users]`.
 */
import { pathToFileURL } from 'node:url';
import { startFakeProvider } from '../test/support/fake-provider.ts';
import { load } from './lib/load.ts';
import { configureProvider, createPat, HEADER, startBenchServer } from './lib/server.ts';

export interface WritePathResult {
  seconds: number;
  users: number;
  reads: { rps: number; errors: number; non2xx: number };
  writes: { chat: number; manual: number; failed: number; perSecond: number };
  beliefsStored: number;
  tokensWithLastUsed: number;
  sqliteBusy: number;
  serverErrors: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function benchWritePath(seconds = 5, users = 8, connections = 64): Promise<WritePathResult> {
  const fake = await startFakeProvider();
  const server = await startBenchServer({ keepLog: true });
  try {
    await configureProvider(server.url, fake.url);
    const names = Array.from({ length: users }, (_, i) => `writer${i}@example.com`);
    const pats = await Promise.all(names.map((name) => createPat(server.url, name)));

    let chat = 0;
    let manual = 0;
    let failed = 0;
    let running = true;
    const writer = async (i: number) => {
      const name = names[i]!;
      const pat = pats[i]!.token;
      for (let n = 0; running && n < 100_000; n++) {
        const res =
          n % 2 === 0
            ? await fetch(`${server.url}/v1/chat/completions`, {
                method: 'POST',
                headers: { authorization: `Bearer ${pat}`, 'content-type': 'application/json' },
                body: JSON.stringify({ model: 'm1', messages: [{ role: 'user', content: `I like jazz record number ${n}` }] }),
              })
            : await fetch(`${server.url}/admin/api/beliefs`, {
                method: 'POST',
                headers: { [HEADER]: name, 'content-type': 'application/json' },
                body: JSON.stringify({ statement: `The user owns book ${n}`, type: 'entity' }),
              });
        await res.arrayBuffer();
        if (!res.ok) failed++;
        else if (n % 2 === 0) chat++;
        else manual++;
      }
    };
    const writers = names.map((_, i) => writer(i));
    const reads = await load({
      url: `${server.url}/v1/models`,
      connections,
      seconds,
      warmupSeconds: 0,
      rotateHeaders: pats.map((p) => ({ authorization: `Bearer ${p.token}` })),
    });
    running = false;
    await Promise.all(writers);
    // Extraction runs after each chat answer; give the actors a bounded moment to drain.
    let stored = -1;
    for (let i = 0; i < 50; i++) {
      const now = (server.sqlite!.raw.prepare('SELECT count(*) AS n FROM beliefs').get() as { n: number }).n;
      if (now === stored) break;
      stored = now;
      await sleep(100);
    }
    const used = server.sqlite!.raw.prepare('SELECT count(*) AS n FROM api_tokens WHERE last_used_at IS NOT NULL').get() as { n: number };
    const errors = server.logLines.filter((l) => l.level === 'error');
    return {
      seconds,
      users,
      reads: { rps: reads.rps, errors: reads.errors, non2xx: reads.non2xx },
      writes: { chat, manual, failed, perSecond: Math.round((chat + manual) / seconds) },
      beliefsStored: stored,
      tokensWithLastUsed: used.n,
      sqliteBusy: server.logLines.filter((l) => /SQLITE_BUSY|database is locked/i.test(JSON.stringify(l))).length,
      serverErrors: errors.length,
    };
  } finally {
    await server.stop();
    await fake.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchWritePath(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 8));
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}
