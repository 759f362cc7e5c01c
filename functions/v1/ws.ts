import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../../lib/deps.ts';
import { ApiError, unauthorized } from '../../lib/errors.ts';
import { ownerOf } from '../../lib/auth/principal.ts';
import type { Principal } from '../../lib/ports/principal.ts';
import { credentialOf } from '../../lib/auth/socket-credential.ts';
import { sameOrigin } from '../../lib/auth/origin.ts';
import { parseScopes, SCOPE_GRAMMAR } from '../../lib/world/beliefs/scope.ts';
import type { SocketKind, SocketSpec } from '../../lib/ports/beliefs.ts';

/** Authenticated by something the browser attaches on its own (session cookie or the proxy's identity header). */
function ambient(p: Principal): boolean {
  return p.kind === 'user' || (p.kind === 'root' && p.sessionId !== null);
}

/** The WebSocket routes of docs/api.md §8: `/extract` (turns in, beliefs out) and `/beliefs` (live feed). */
export function wsRoutes(deps: Deps) {
  const ws = new Hono<AppEnv>();
  const open = (kind: SocketKind) =>
    async function openSocket(c: Context<AppEnv>) {
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
        throw new ApiError(426, 'upgrade_required', 'this route is a WebSocket; send an Upgrade: websocket request', {
          headers: { Upgrade: 'websocket' },
        });
      }
      const principal = c.get('principal');
      const owner = ownerOf(principal);
      const credential = credentialOf(c, principal);
      if (owner === null || credential === null) throw unauthorized();
      if (ambient(principal) && !sameOrigin(c, deps)) throw new ApiError(403, 'cross_site', 'cross-site WebSocket refused');
      const spec: SocketSpec = { owner, kind, credential };
      const header = kind === 'extract' ? c.req.header('x-belief-store-scope') : undefined;
      if (header !== undefined) {
        const scope = parseScopes(header);
        if (!scope) throw new ApiError(400, 'invalid_request', `x-belief-store-scope: ${SCOPE_GRAMMAR}`);
        spec.scope = scope;
      }
      return deps.world.connect(c, spec);
    };
  ws.get('/extract', open('extract'));
  ws.get('/beliefs', open('beliefs'));
  return ws;
}
