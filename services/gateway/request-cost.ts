import { Router, type Request, type Response } from 'express';
import { readBodyAhead } from '../../shared/http/json-body';
import type { RequestCost } from '../../shared/runtime/module';

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
