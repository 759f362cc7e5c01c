import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps.ts';

/**
 * One rule of the request pipeline: what it does before the route answers, and after. Several run
 * as one middleware (`hooked`), since every middleware layer costs each request promises of its own.
 */
export interface RequestHook {
  /** Before the route: a Response answers the request instead; a throw is answered by the app's error handler. */
  before?(c: Context<AppEnv>): Response | undefined | Promise<Response | undefined>;
  /** Once the answer exists, an error's answer included; never throws. */
  after?(c: Context<AppEnv>): void;
}

/**
 * The hooks as one middleware: the befores in order until one answers, the route, then the afters
 * in reverse order. A before that answers or throws skips the afters of its own group: hooks with afters go
 * in a group whose befores cannot throw, outside the groups whose befores refuse requests (an
 * inner group's error has become an answer by the time the outer group's afters run).
 */
export function hooked(...hooks: RequestHook[]): MiddlewareHandler<AppEnv> {
  const befores = hooks.flatMap((h) => (h.before ? [h.before.bind(h)] : []));
  const afters = hooks.flatMap((h) => (h.after ? [h.after.bind(h)] : [])).reverse();
  return async function hookedRules(c, next) {
    for (const before of befores) {
      const done = before(c);
      const answer = done instanceof Promise ? await done : done;
      if (answer) return answer;
    }
    await next();
    for (const after of afters) after(c);
  };
}
