import type { Request, Response } from 'express';
import { readBodyAhead } from '../../shared/http/json-body';
import type { RequestCost } from '../../shared/runtime/module';

/**
 * How many requests of a key's allowance a request counts for: its route's `RequestCost`, declared by
 * the module that owns the route (also when that module runs in another process), else one. A route
 * weighed by its body has the body read here, ahead of routing (the route and a proxy find it read).
 */
export function requestCostOf(costs: readonly RequestCost[]): (req: Request, res: Response) => Promise<number> {
  const byRoute = new Map(costs.map((cost) => [`${cost.method} ${cost.path}`, cost]));
  return async (req, res) => {
    if (byRoute.size === 0) return 1;
    // The guard is mounted below `/api/v1`: the route's path is the whole one.
    const cost = byRoute.get(`${req.method} ${req.baseUrl}${req.path}`);
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
}
