import type { RequestHandler } from 'express';
import { sameHash } from './key-token';
import { createHash } from 'node:crypto';
import { PLANS, type ApiCaller } from './api-key';
import { ProblemError } from '../../shared/errors/problem';

export const CALLER_HEADER = 'x-gx-caller';
export const SERVICE_TOKEN_HEADER = 'x-gx-service-token';

const digest = (v: string) => createHash('sha256').update(v).digest();

/**
 * In a service running behind a separate gateway: takes the caller the gateway verified from the
 * forwarded header, but only when the request also carries the shared service token (SERVICE_TOKEN),
 * so nothing else on the network can claim to be an Internal key. Without a token configured, no
 * forwarded caller is trusted. During a rotation the previous token (SERVICE_TOKEN_PREVIOUS) is
 * accepted too, so gateways still sending it keep working until they restart with the new one.
 */
export function callerFromGateway(serviceToken: string | undefined, previousToken?: string): RequestHandler {
  const accepted = serviceToken ? [serviceToken, ...(previousToken ? [previousToken] : [])].map(digest) : [];
  return (req, _res, next) => {
    delete req.apiCaller;
    const header = req.headers[CALLER_HEADER];
    const token = req.headers[SERVICE_TOKEN_HEADER];
    const given = typeof token === 'string' ? digest(token) : undefined;
    // Every accepted token is compared, so the time taken does not tell which one matched.
    const trusted = given !== undefined && accepted.map((expected) => sameHash(given, expected)).includes(true);
    if (trusted && typeof header === 'string') {
      try {
        const caller = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as ApiCaller;
        if (typeof caller.keyId === 'string' && (PLANS as readonly string[]).includes(caller.plan)) {
          const left = caller.allowanceLeft;
          req.apiCaller = { keyId: caller.keyId, plan: caller.plan, internal: caller.plan === 'internal', ...(Number.isSafeInteger(left) && left! >= 0 && { allowanceLeft: left }) };
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
