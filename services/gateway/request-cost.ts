import type { ServerResponse } from 'node:http';
import type { Logger } from '../../shared/logging/logger';
import type { WindowState } from './quota-counter';
import { setQuotaHeaders } from './quota-headers';

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
