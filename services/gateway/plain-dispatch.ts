import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { whileClientWaits } from '../../shared/db/client-waits';
import { plainRoutesOf, type PlainHandler } from '../../shared/http/plain-route';
import { errorAnswer } from '../../shared/http/problem-response';
import type { Logger } from '../../shared/logging/logger';
import type { RouteMount } from '../../shared/runtime/module';

/**
 * Where express's URL parser (parseurl) leaves its fast path and reads a URL differently from a plain
 * split at `?` (a fragment, white space, NBSP, BOM): such requests go to express.
 */
const READ_APART = /[\t\n\f\r #\u00a0\ufeff]/;

/**
 * Answers a request for the exact path of a plain route (`shared/http/plain-route.ts`) of a service
 * in this process, GET or HEAD, without express; returns false for every other request, which the
 * door gives to its express app (where the same routes answer any other spelling of their paths).
 * What the app would have done around such a route is done here alike: the query parsed as its
 * `query parser: simple` does, the work run as work a client waits for, the route label the request
 * is measured and logged under, and errors answered by the app's error handler.
 */
export function plainDispatch(mounts: readonly RouteMount[], logger: Logger): (req: IncomingMessage, res: ServerResponse) => boolean {
  const routes = new Map<string, PlainHandler>();
  // A path's first route, as express would match it first.
  for (const mount of mounts) for (const route of plainRoutesOf(mount.router)) if (!routes.has(route.path)) routes.set(route.path, route.handle);
  const answerError = errorAnswer(logger);

  return (req, res) => {
    if (routes.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const url = req.url ?? '';
    if (READ_APART.test(url)) return false;
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const handle = routes.get(path);
    if (handle === undefined) return false;
    req.routeLabel = path;
    const query = querystring.parse(mark < 0 ? '' : url.slice(mark + 1));
    whileClientWaits(async () => handle(req, res, query)).catch((err: unknown) => answerError(err, req, res, path));
    return true;
  };
}
