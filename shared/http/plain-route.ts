import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Router } from 'express';
import type { RawQuery } from './request-schema';

/**
 * A GET route written against Node's own request and response, with the query already parsed: no
 * express API in it, so a front door may call it directly for its exact path, without the express
 * app. Routing a search through the public door's express app cost about 150 µs of CPU a request
 * (measured at 30,000 papers: about as much as the keyword search itself). It answers HEAD like GET, as
 * express does, and rejects with the error express would hand to the error handler.
 */
export type PlainHandler = (req: IncomingMessage, res: ServerResponse, query: RawQuery) => void | Promise<void>;

export interface PlainRoute {
  /** The exact path (no parameters): `/api/v1/papers/search`. */
  readonly path: string;
  readonly handle: PlainHandler;
}

const registered = new WeakMap<Router, PlainRoute[]>();

/**
 * Serves `path` on `router` through express, like `router.get` (every request that reaches the
 * router: a service in a process of its own, a path written `/API/…/` or with a trailing slash), and
 * records it as a plain route of that router so a door in this process may call it directly. The
 * path must be one no route mounted before it answers: the door's direct call skips them.
 */
export function plainGet(router: Router, path: string, handle: PlainHandler): void {
  router.get(path, (req, res) => handle(req, res, req.query as RawQuery));
  registered.set(router, [...(registered.get(router) ?? []), { path, handle }]);
}

/** The plain routes `plainGet` put on a router, in the order they were added. */
export function plainRoutesOf(router: Router): readonly PlainRoute[] {
  return registered.get(router) ?? [];
}
