/** The fake embeddings provider of bench/embeddings.ts: deterministic unit vectors, answered after 1 ms. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rng } from '../retrieval.ts';

const DIMS = 100;

/** A deterministic unit vector. */
export function randomVector(random: () => number): number[] {
  const v = Array.from({ length: DIMS }, () => random() * 2 - 1);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

export function embeddingsAnswer(body: string, random: () => number): string {
  const inputs = (JSON.parse(body) as { input: string[] }).input;
  return JSON.stringify({ data: inputs.map((_, index) => ({ index, embedding: randomVector(random) })) });
}

/**
 * A fake embeddings provider on 127.0.0.1 answering after 1 ms; its URL. Run in a process of its
 * own (child.ts `embeddings`), as a provider is: one sharing the bench's event loop could
 * not answer while context assembly holds the thread.
 */
export async function serveEmbeddings(): Promise<string> {
  const random = rng(13);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(embeddingsAnswer(Buffer.concat(chunks).toString('utf8'), random));
      }, 1),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}
