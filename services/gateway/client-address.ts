import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Express's `trust proxy fn`: which addresses on the way may be believed about the client's. */
export type TrustProxy = Parameters<typeof proxyaddr>[1];

/**
 * The client's address under the door's `trust proxy` rule, as express's `req.ip` gives it
 * (proxy-addr). Without an `X-Forwarded-For` header that is the socket's peer whatever the rule:
 * read at once, rather than by proxy-addr's parse of the absent header and walk of a list of one.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  if (!req.headers['x-forwarded-for']) return req.socket.remoteAddress as string;
  return proxyaddr(req, trust);
}
