/**
 * Operator entry for backups against a running server:
 *   npm run backup -- export --out FILE
 *   npm run backup -- import [--replace-config] FILE
 * Passphrase: BELIEF_STORE_PASSPHRASE, or asked on the terminal (never an argument).
 * Server: BELIEF_STORE_URL (default http://127.0.0.1:8787). Root token: BELIEF_STORE_TOKEN, or the
 * root-token file in SERVICE_DATA_DIR (default ./data).
 */
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join, basename } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

const USAGE = 'usage: npm run backup -- export --out FILE | npm run backup -- import [--replace-config] FILE';

function fail(message: string): never {
  process.stderr.write(`backup: ${message}\n`);
  process.exit(1);
}

function tokenFile(): string {
  return join(process.env.SERVICE_DATA_DIR || './data', 'root-token');
}

function token(): string {
  if (process.env.BELIEF_STORE_TOKEN) return process.env.BELIEF_STORE_TOKEN;
  const file = tokenFile();
  if (!existsSync(file)) fail(`no root token: set BELIEF_STORE_TOKEN or run where ${file} exists`);
  return readFileSync(file, 'utf8').trim();
}

/** fetch, with an unreachable server reported in one line instead of "fetch failed". */
async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`${base()}${path}`, init);
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (err as Error).message;
    if (/^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)$/.test(why)) {
      fail(`cannot reach the server at ${base()} (${why}): is it running? Set BELIEF_STORE_URL to its address`);
    }
    fail(
      `the connection to ${base()} was lost during the request (${why}); check the server log and run it again (a repeated import skips what is already there)`,
    );
  }
}

/** Checks the server and the token before anything large is sent, so a refusal is reported as one. */
async function preflight(what: string): Promise<void> {
  const res = await send('/admin/api/backup/preview', { headers: { authorization: `Bearer ${token()}` } });
  if (res.status !== 200) await refusal(what, res);
  await res.body?.cancel();
}

/** One line for a refused request: the token, the passphrase and the rest each say what to do. */
async function refusal(what: string, res: Response): Promise<never> {
  const text = await errorText(res);
  if (res.status === 401) {
    const from = process.env.BELIEF_STORE_TOKEN ? 'BELIEF_STORE_TOKEN' : tokenFile();
    fail(`${what} refused: the server did not accept the root token from ${from} (401); set BELIEF_STORE_TOKEN to the current root token`);
  }
  if (/^400 bad_passphrase/.test(text)) fail(`${what} failed: wrong passphrase, the archive cannot be decrypted with it; nothing was imported`);
  fail(`${what} refused: ${text}`);
}

async function passphrase(confirm: boolean): Promise<string> {
  const fromEnv = process.env.BELIEF_STORE_PASSPHRASE;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) fail('set BELIEF_STORE_PASSPHRASE or run on a terminal to be asked for the passphrase');
  const first = await ask('Passphrase: ');
  if (confirm && (await ask('Repeat passphrase: ')) !== first) fail('the passphrases differ');
  return first;
}

/** Reads one line from the terminal without echoing it. */
function ask(prompt: string): Promise<string> {
  process.stderr.write(prompt);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  let typed = '';
  return new Promise((resolve) => {
    const onData = (data: Buffer) => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\u0003') process.exit(130);
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          return resolve(typed);
        }
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** A size as people read it: bytes below a kilobyte, then KB, then MB (a small archive is not "0.0 MB"). */
function sizeText(bytes: number): string {
  if (bytes < 1e3) return `${Math.round(bytes)} bytes`;
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} KB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/** A one-line progress display on stderr, redrawn at most every 200 ms. */
function progress(label: string, total: number | null) {
  const started = Date.now();
  let last = 0;
  let done = 0;
  const draw = (force: boolean) => {
    const now = Date.now();
    if (!force && now - last < 200) return;
    last = now;
    const rate = done / Math.max((now - started) / 1000, 0.001);
    const of = total ? ` of ${sizeText(total)} (${Math.floor((100 * done) / total)}%)` : '';
    process.stderr.write(`\r${label} ${sizeText(done)}${of} at ${sizeText(rate)}/s   `);
  };
  return {
    add(n: number) {
      done += n;
      draw(false);
    },
    end() {
      draw(true);
      process.stderr.write('\n');
    },
  };
}

async function errorText(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim();
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (body.error) return `${res.status} ${body.error.code ?? ''}: ${body.error.message ?? ''}`;
  } catch {
    // not JSON
  }
  return `${res.status} ${text.slice(0, 200)}`;
}

const base = () => (process.env.BELIEF_STORE_URL || 'http://127.0.0.1:8787').replace(/\/$/, '');

async function exportTo(out: string): Promise<void> {
  await preflight('export');
  const pass = await passphrase(true);
  const res = await send('/v1/backup/export', {
    method: 'POST',
    headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ passphrase: pass }),
  });
  if (res.status !== 200 || !res.body) await refusal('export', res);
  const partial = `${out}.partial`;
  const file = createWriteStream(partial, { mode: 0o600 });
  const shown = progress('exported', null);
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!file.write(chunk)) await new Promise<void>((r) => file.once('drain', () => r()));
      shown.add(chunk.length);
    }
    file.end();
    await finished(file);
  } catch (err) {
    file.destroy();
    if (existsSync(partial)) unlinkSync(partial);
    fail(`export interrupted: ${(err as Error).message}`);
  }
  shown.end();
  renameSync(partial, out);
  process.stderr.write(`backup: wrote ${out}\n`);
}

async function importFrom(path: string, replaceConfig: boolean): Promise<void> {
  if (!existsSync(path)) fail(`no such file: ${path}`);
  await preflight('import');
  const pass = await passphrase(false);
  const size = statSync(path).size;
  const boundary = `----belief-store-${crypto.randomUUID()}`;
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="passphrase"\r\n\r\n${pass}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="replace_config"\r\n\r\n${replaceConfig}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="${basename(path).replace(/"/g, '')}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const shown = progress('uploaded', size);
  const file = Readable.toWeb(createReadStream(path, { highWaterMark: 1024 * 1024 })) as unknown as ReadableStream<Uint8Array>;
  const reader = file.getReader();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(head);
    },
    async pull(c) {
      const next = await reader.read();
      if (next.done) {
        c.enqueue(tail);
        c.close();
        shown.end();
        process.stderr.write('backup: upload complete, waiting for the server to commit\n');
        return;
      }
      shown.add(next.value.length);
      c.enqueue(next.value);
    },
  });
  const res = await send('/admin/api/backup/import', {
    method: 'POST',
    headers: { authorization: `Bearer ${token()}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  if (res.status !== 200) await refusal('import', res);
  process.stdout.write(JSON.stringify(await res.json()) + '\n');
}

async function main(argv: string[]): Promise<void> {
  if (argv.some((a) => a.startsWith('--passphrase'))) fail('the passphrase is never an argument: use BELIEF_STORE_PASSPHRASE or the prompt');
  const [command, ...rest] = argv;
  if (command === 'export') {
    const i = rest.indexOf('--out');
    const out = i >= 0 ? rest[i + 1] : undefined;
    if (!out) fail(USAGE);
    return exportTo(out);
  }
  if (command === 'import') {
    const replaceConfig = rest.includes('--replace-config');
    const files = rest.filter((a) => a !== '--replace-config');
    if (files.length === 1 && !files[0]!.startsWith('--')) return importFrom(files[0]!, replaceConfig);
  }
  fail(USAGE);
}

main(process.argv.slice(2)).catch((err: Error) => fail(err.message));
