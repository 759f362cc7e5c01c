/**
 * The Workers runtime names that worker-configuration.d.ts (`npm run types:worker`) refers to,
 * and the `cloudflare:workers` module, taken from the importable entry of
 * @cloudflare/workers-types: the rest of the project compiles against the DOM and Node types,
 * which clash with the runtime's global types that `wrangler types` would otherwise generate.
 */

type D1Database = import('@cloudflare/workers-types/index').D1Database;
type DurableObjectNamespace<T extends import('@cloudflare/workers-types/index').Rpc.DurableObjectBranded | undefined = undefined> =
  import('@cloudflare/workers-types/index').DurableObjectNamespace<T>;

declare module 'cloudflare:workers' {
  import { CloudflareWorkersModule } from '@cloudflare/workers-types/index';
  export = CloudflareWorkersModule;
}
