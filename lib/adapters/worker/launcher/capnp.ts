/**
 * The workerd configuration `SERVICE_RUNTIME=workerd npm start` writes to
 * `$SERVICE_DATA_DIR/workerd.capnp` (see workerd's own workerd.capnp for the schema): one worker
 * (the bundle `worker.mjs` beside it, embedded), two SQLite-backed Durable Object classes whose
 * files live under `durable-objects/` in the data dir, one HTTP socket. The settings are bindings
 * read from workerd's environment (`fromEnvironment`), so no secret is written into the file.
 */

export const WORKER_FILE = 'worker.mjs';
export const CAPNP_FILE = 'workerd.capnp';
export const STORAGE_DIR = 'durable-objects';
/** The generated root token's own directory, the one place besides storage the worker may write; `root-token` links into it. */
export const ROOT_TOKEN_DIR = 'root-token.d';
export const SOCKET_NAME = 'http';
/** The same as wrangler.toml, so both runtimes behave alike. */
export const COMPATIBILITY_DATE = '2026-04-01';
export const COMPATIBILITY_FLAGS = ['enable_request_signal'];

/** A Cap'n Proto text literal: quotes, backslashes and control characters escaped. */
function capnpText(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else out += ch;
  }
  return out + '"';
}

export interface CapnpOptions {
  /** Absolute path of the storage directory (created beforehand). */
  storageDir: string;
  /** host:port, IPv6 hosts in brackets. */
  address: string;
  /** The worker's settings: each a binding of the environment variable of the same name, which workerd must be given. */
  varNames: string[];
  /**
   * The root token's directory, when the root token was generated into its `root-token` file:
   * bound writable as ROOT_TOKEN_FILE so a rotation rewrites that file.
   */
  rootTokenDir: string | null;
  /** Outbound networks besides public addresses (workerd's "private", "local" or CIDR blocks). */
  allowNetworks: string[];
}

export function listenAddress(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export function workerdConfig(o: CapnpOptions): string {
  const vars = [...o.varNames]
    .sort()
    .map((name) => `    (name = ${capnpText(name)}, fromEnvironment = ${capnpText(name)}),`)
    .join('\n');
  const allow = ['public', ...o.allowNetworks].map(capnpText).join(', ');
  return `# Written by \`SERVICE_RUNTIME=workerd npm start\` on every start; edits are overwritten.
# The settings are read from workerd's environment (the same variables as npm start's, with
# SERVICE_API_TOKEN and SERVICE_ENCRYPTION_KEY set to the contents of root-token and master.key
# when those were generated). Run by hand, from the data dir, with that environment:
#   workerd serve ${CAPNP_FILE}
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .beliefStore),
    (name = "storage", disk = (path = ${capnpText(o.storageDir)}, writable = true)),${
      o.rootTokenDir
        ? `\n    # Only for rewriting the generated root-token file after a rotation.\n    (name = "root-token-dir", disk = (path = ${capnpText(o.rootTokenDir)}, writable = true)),`
        : ''
    }
    # Model providers: public addresses; private and loopback ones only as SERVICE_WORKERD_ALLOW_NETWORKS says.
    (name = "internet", network = (allow = [${allow}], tlsOptions = (trustBrowserCas = true))),
  ],
  sockets = [
    (name = ${capnpText(SOCKET_NAME)}, address = ${capnpText(o.address)}, http = (), service = "main"),
  ],
);

const beliefStore :Workerd.Worker = (
  modules = [
    (name = ${capnpText(WORKER_FILE)}, esModule = embed ${capnpText(WORKER_FILE)}),
  ],
  compatibilityDate = ${capnpText(COMPATIBILITY_DATE)},
  compatibilityFlags = [${COMPATIBILITY_FLAGS.map(capnpText).join(', ')}],
  bindings = [
    (name = "DATABASE", durableObjectNamespace = "BeliefDatabase"),
    (name = "WORLD", durableObjectNamespace = "WorldModelActor"),${o.rootTokenDir ? '\n    (name = "ROOT_TOKEN_FILE", service = "root-token-dir"),' : ''}
${vars}
  ],
  durableObjectNamespaces = [
    # The whole database: one object, its SQLite file under ${STORAGE_DIR}/belief-store-database/.
    (className = "BeliefDatabase", uniqueKey = "belief-store-database", enableSql = true),
    # One world-model actor per owner, under ${STORAGE_DIR}/belief-store-world/.
    (className = "WorldModelActor", uniqueKey = "belief-store-world", enableSql = true),
  ],
  durableObjectStorage = (localDisk = "storage"),
  globalOutbound = "internet",
);
`;
}
