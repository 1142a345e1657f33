import type { RequestHandler } from 'express';
import type { ApiCaller, KeyVerifier } from '../../modules/api-keys';
import { ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import { databaseUnavailable, isDatabaseUnavailable } from '../../shared/errors/database-unavailable';
import type { Logger } from '../../shared/logging/logger';
import type { KeyBurstLimit } from './key-burst';
import { allowanceOf } from './plan-allowance';
import type { QuotaCounter } from './quota-counter';
import type { RequestCostOf } from './request-cost';
import { setQuotaHeaders } from './quota-headers';
import { chargeDeclaredCost } from './request-cost';
import { secondsUntil } from './quota-windows';

/** Stands in for a caller when authentication is turned off (benchmarks only; refused in production). */
const ANONYMOUS: ApiCaller = { keyId: 'auth-disabled', plan: 'researcher', internal: false };

/**
 * The data API's guard for `/api/v1/*`: verifies the Bearer key, applies the plan's per-second
 * burst limit, charges the daily/monthly allowance and reports it in headers. Requests rejected by
 * authentication are not counted; a request answered with a 5xx is given back. A request counts for
 * `costOf(req)` requests of the allowance (one, unless its route declares a `RequestCost`: weighed
 * once the key is known, so no body is read for a caller without one) and for one of the burst limit.
 */
export function authenticate(deps: {
  verifier: KeyVerifier;
  burst: KeyBurstLimit;
  quota: QuotaCounter;
  logger: Logger;
  disabled: boolean;
  costOf?: RequestCostOf;
  now?: () => Date;
}): RequestHandler {
  const now = deps.now ?? (() => new Date());
  /**
   * A fault of the key store or the counters is a clear 503, never a 500 (and never a free pass):
   * `database_unavailable` when Postgres (keys, or counters kept there) is down or not answering, as
   * every other data-API route says then; `auth_unavailable` for any other store fault (Redis).
   */
  const backend = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ProblemError) throw err;
      // One line a request in the access log says it, with the cause; no second line here.
      if (isDatabaseUnavailable(err)) throw databaseUnavailable(err);
      deps.logger.error({ err: (err as Error)?.message ?? String(err) }, `data-API ${what} failed`);
      throw serviceUnavailable('auth_unavailable', 'Keys or allowances cannot be checked right now; retry in a moment.');
    }
  };
  return async (req, res, next) => {
    if (deps.disabled) {
      req.apiCaller = ANONYMOUS;
      return next();
    }
    const { caller, record } = await backend('key store', () => deps.verifier.verify(req.headers.authorization));
    req.apiCaller = caller;
    // A body the weighing could not read (too large) is answered by the route's own 400 once charged, as any refused request is.
    let units = 1;
    let unreadable: unknown;
    if (deps.costOf) {
      try {
        units = await deps.costOf(req, res);
      } catch (err) {
        unreadable = err;
      }
    }

    // The burst check and the allowance are independent round trips: run them together, and give the
    // allowance back when the burst limit refuses the request.
    const [burstAllowed, outcome] = await backend('quota counters', () =>
      Promise.all([deps.burst.allow(caller.keyId, caller.plan), deps.quota.charge(caller.keyId, allowanceOf(record), units)]),
    );
    if (!burstAllowed) {
      if (outcome.allowed) await outcome.refund();
      throw new ProblemError(
        429,
        'rate_limit_exceeded',
        `This key sent more than ${deps.burst.limitOf(caller.plan)} requests in a second; slow down.`,
        { 'violated-policies': ['burst'] },
        { 'Retry-After': '1' },
      );
    }

    const at = now();
    setQuotaHeaders(res, outcome.windows, at);
    // What the key may still spend: a route whose answer costs more sizes it by this (see request-cost.ts).
    if (outcome.windows.length > 0) req.apiCaller = { ...caller, allowanceLeft: Math.min(...outcome.windows.map((w) => w.remaining)) };
    if (!outcome.allowed) {
      const resets = outcome.windows.filter((w) => outcome.violated.includes(w.window.kind));
      const retryAfter = Math.max(...resets.map((w) => secondsUntil(w.window.resetsAt, at)));
      const left = Math.min(...resets.map((w) => w.remaining));
      throw new ProblemError(
        429,
        'rate_limit_exceeded',
        units > 1 && left > 0
          ? `This request counts for ${units} requests of the allowance and the ${outcome.violated.join(' and ')} allowance of this key has ${left} left (a smaller request may pass); it renews in ${retryAfter} seconds.`
          : `The ${outcome.violated.join(' and ')} allowance of this key is used up; it renews in ${retryAfter} seconds.`,
        { 'violated-policies': outcome.violated, ...(units > 1 ? { request_cost: units } : {}) },
        { 'Retry-After': String(retryAfter) },
      );
    }
    if (outcome.windows.length > 0) chargeDeclaredCost(res, outcome.windows, at, (extra) => deps.quota.chargeMore(caller.keyId, allowanceOf(record), extra), deps.logger);
    res.once('finish', () => {
      if (res.statusCode >= 500) {
        outcome.refund().catch((err) => deps.logger.warn({ err: (err as Error).message }, 'could not give back a failed request'));
      }
    });
    if (unreadable !== undefined) throw unreadable;
    next();
  };
}
