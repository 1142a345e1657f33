import type { RequestHandler } from 'express';
import { sameHash } from '../api-keys/key-token';
import { createHash } from 'node:crypto';
import { PLANS, type ApiCaller } from '../api-keys/api-key';
import { ProblemError } from '../errors/problem';

export const CALLER_HEADER = 'x-gx-caller';
export const SERVICE_TOKEN_HEADER = 'x-gx-service-token';

const digest = (v: string) => createHash('sha256').update(v).digest();

/**
 * In a service running behind a separate gateway: takes the caller the gateway verified from the
 * forwarded header, but only when the request also carries the shared service token (SERVICE_TOKEN),
 * so nothing else on the network can claim to be an Internal key. Without a token configured, no
 * forwarded caller is trusted.
 */
export function callerFromGateway(serviceToken: string | undefined): RequestHandler {
  const expected = serviceToken ? digest(serviceToken) : undefined;
  return (req, _res, next) => {
    delete req.apiCaller;
    const header = req.headers[CALLER_HEADER];
    const token = req.headers[SERVICE_TOKEN_HEADER];
    if (expected && typeof header === 'string' && typeof token === 'string' && sameHash(digest(token), expected)) {
      try {
        const caller = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as ApiCaller;
        if (typeof caller.keyId === 'string' && (PLANS as readonly string[]).includes(caller.plan)) {
          req.apiCaller = { keyId: caller.keyId, plan: caller.plan, internal: caller.plan === 'internal' };
        }
      } catch {
        // A malformed header is ignored: the request stays unauthenticated.
      }
    }
    next();
  };
}

/** In a service running alone, `/api/v1/*` is only for requests the gateway authenticated. */
export const requireGatewayCaller: RequestHandler = (req, _res, next) => {
  if (!req.apiCaller) {
    throw new ProblemError(401, 'missing_bearer', 'Send data-API requests through the gateway, with "Authorization: Bearer <key>".', {}, {
      'WWW-Authenticate': 'Bearer realm="gx-data-api"',
    });
  }
  next();
};
