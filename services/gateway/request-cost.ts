import { Router, type Request, type Response } from 'express';
import { readBodyAhead } from '../../shared/http/json-body';
import type { RequestCost } from '../../shared/runtime/module';
import type { ServerResponse } from 'node:http';
import type { Logger } from '../../shared/logging/logger';
import type { WindowState } from './quota-counter';
import { setQuotaHeaders } from './quota-headers';

/** What a request costs, once it is weighed. */
export type RequestCostOf = (req: Request, res: Response) => Promise<number>;

/**
 * How many requests of a key's allowance a request counts for: its route's `RequestCost`, declared by
 * the module that owns the route (also when that module runs in another process), else one.
 *
 * - `match`, mounted on the door before everything else, finds a request's rule by express's own
 *   routing (case-insensitive, a trailing slash allowed), so no spelling of the path that reaches the
 *   route escapes its cost. It reads nothing.
 * - `costOf`, called by the guard once the key is known, weighs it: a route weighed by its body has
 *   the body read here, ahead of routing (the route and a proxy find it read).
 */
export function requestCosts(costs: readonly RequestCost[]): { match: Router; costOf: RequestCostOf } {
  const ruleOf = new WeakMap<Request, RequestCost>();
  const match = Router();
  for (const cost of costs) {
    match.post(cost.path, (req, _res, next) => {
      ruleOf.set(req, cost);
      next();
    });
  }
  const costOf: RequestCostOf = async (req, res) => {
    const cost = ruleOf.get(req);
    if (!cost) return 1;
    const text = await readBodyAhead(req, res, cost.bodyLimit);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const units = cost.units(body);
    return Number.isSafeInteger(units) && units > 1 ? units : 1;
  };
  return { match, costOf };
}


/**
 * A response's cost in requests of the key's allowance, when it is more than the one every request
 * costs: a route that answers with more work than one request's (an export of 10,000 records costs
 * 10) says so in this header before its body, and the gateway charges the difference as the header
 * passes, whether the route runs in this process or behind it.
 */
export const REQUEST_COST_HEADER = 'X-Request-Cost';

/**
 * Watches `res` for its head: a successful answer declaring a cost above one is charged the rest
 * (`charge`, never refused: the answer is already decided), and the allowance headers it carries
 * count it, so the caller sees at once what is left. A route sizes its answer by the caller's
 * `allowanceLeft` so the cost stays within the allowance; concurrent requests of one key may still
 * together pass it, and the key is then refused until the window renews.
 */
export function chargeDeclaredCost(res: ServerResponse, windows: readonly WindowState[], now: Date, charge: (extra: number) => Promise<void>, logger: Logger): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const declared = Number(res.getHeader(REQUEST_COST_HEADER) ?? costIn(args));
    const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
    if (status < 300 && Number.isSafeInteger(declared) && declared > 1) {
      const extra = declared - 1;
      setQuotaHeaders(res, windows.map((w) => ({ ...w, remaining: Math.max(0, w.remaining - extra) })), now);
      charge(extra).catch((err: unknown) => logger.warn({ err: (err as Error)?.message ?? String(err) }, 'could not charge the declared cost of a request'));
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/** The cost header given to writeHead itself rather than set before (an object or a flat list of headers). */
function costIn(args: unknown[]): unknown {
  const headers = args.find((a, i) => i > 0 && a !== null && typeof a === 'object');
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === 'x-request-cost') return headers[i + 1];
    return undefined;
  }
  if (!headers) return undefined;
  const entry = Object.entries(headers as Record<string, unknown>).find(([name]) => name.toLowerCase() === 'x-request-cost');
  return entry?.[1];
}
