import type { IncomingMessage } from 'node:http';

declare module 'node:http' {
  interface IncomingMessage {
    /** The route a request is measured and logged under, when express did not match it here. */
    routeLabel?: string;
  }
}

/**
 * The route template of a request (`/api/v1/companies/:code`), never its concrete path, so metrics
 * keep one series a route: the express route that answered it in this process, else the label its
 * handler set (a route proxied to another service, an edge-cache hit), else `unmatched`.
 */
export function routeOf(req: IncomingMessage): string {
  const matched = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
  if (typeof matched.route?.path === 'string') return (matched.baseUrl ?? '') + matched.route.path;
  return req.routeLabel ?? 'unmatched';
}
