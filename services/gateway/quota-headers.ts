import type { ServerResponse } from 'node:http';
import type { WindowState } from './quota-counter';
import { secondsUntil } from './quota-windows';

/**
 * The allowance state on every authenticated response (spec 001 §8): `X-RateLimit-Limit/Remaining`
 * for the daily allowance, `X-RateLimit-Limit-Month/Remaining-Month` for the monthly one (and, for a
 * plan with only a monthly allowance, `X-RateLimit-Limit/Remaining` report that one), plus the IETF
 * `RateLimit-Policy` and `RateLimit` fields with the policies `daily` and `monthly`.
 */
export function setQuotaHeaders(res: ServerResponse, windows: WindowState[], now: Date): void {
  if (windows.length === 0) return;
  const daily = windows.find((w) => w.window.kind === 'daily');
  const monthly = windows.find((w) => w.window.kind === 'monthly');
  const primary = daily ?? monthly!;
  res.setHeader('X-RateLimit-Limit', String(primary.limit));
  res.setHeader('X-RateLimit-Remaining', String(primary.remaining));
  if (monthly) {
    res.setHeader('X-RateLimit-Limit-Month', String(monthly.limit));
    res.setHeader('X-RateLimit-Remaining-Month', String(monthly.remaining));
  }
  res.setHeader('RateLimit-Policy', windows.map((w) => `"${w.window.kind}";q=${w.limit};w=${w.window.seconds}`).join(', '));
  res.setHeader('RateLimit', windows.map((w) => `"${w.window.kind}";r=${w.remaining};t=${secondsUntil(w.window.resetsAt, now)}`).join(', '));
}
