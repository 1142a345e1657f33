import type { ProblemError } from '../errors/problem';
import { counter, histogram } from './metrics';

/**
 * Request durations by route, method and status, under the OpenTelemetry HTTP semantic-convention
 * names (`http.server.request.duration` in seconds, as Prometheus spells it) and its bucket bounds.
 */
const requestDuration = histogram(
  'http_server_request_duration_seconds',
  'Duration of HTTP server requests',
  ['http_request_method', 'http_route', 'http_response_status_code'],
  [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
);

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);

export function recordRequest(method: string | undefined, route: string, status: number, seconds: number): void {
  // The convention's rule: a method outside the standard set is `_OTHER`, so clients cannot mint series.
  const m = method && KNOWN_METHODS.has(method) ? method : '_OTHER';
  requestDuration.observe({ http_request_method: m, http_route: route, http_response_status_code: String(status) }, seconds);
}

const rejections = counter(
  'gx_rate_limit_rejections_total',
  'Requests refused with 429, by violated policy: minute (per-IP public limit), applications (key applications per IP), burst (per key and second), daily, monthly (plan allowances)',
  ['policy'],
);

/** Counts a 429 under each policy it names (the `violated-policies` member every limit sets). */
export function recordRejection(problem: ProblemError): void {
  if (problem.status !== 429) return;
  const policies = problem.extensions['violated-policies'];
  for (const policy of Array.isArray(policies) && policies.length ? policies : ['unknown']) rejections.inc({ policy: String(policy) });
}
