import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../errors.ts';
import { routeOf } from '../routes.ts';
import type { RequestHook } from './hooks.ts';

const MiB = 1024 * 1024;
const DEFAULT_LIMIT = { max: MiB, hint: '' };
const nothingNext = async () => undefined;

/**
 * The request body limit of the route's row (lib/routes.ts), 1 MiB where it names none. A hook, not
 * a middleware layer of its own: it only looks before the route (a body without a declared length
 * is read and counted first, as hono's bodyLimit does before it calls the route).
 */
export const limitBodies: RequestHook = {
  before(c) {
    // GET and HEAD carry no body; asking for one would make the Node adapter build a full Request.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
    const { max: maxSize, hint = '' } = routeOf(c)?.body ?? DEFAULT_LIMIT;
    if (maxSize === Number.POSITIVE_INFINITY) return;
    const tooLarge = () => {
      // The unread rest of the body would be parsed as the next request: close the connection.
      throw new ApiError(413, 'payload_too_large', `request body exceeds ${Math.round(maxSize / MiB)} MiB${hint}`, {
        headers: { Connection: 'close' },
      });
    };
    // A declared length decides without touching c.req.raw.body, which on Node would turn the
    // adapter's lightweight request into a full Request whose body is then read through a web stream.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(length, 10) > maxSize) tooLarge();
      return;
    }
    return bodyLimit({ maxSize, onError: tooLarge })(c, nothingNext).then(() => undefined);
  },
};
