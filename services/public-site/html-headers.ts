import type { ServerResponse } from 'node:http';

/**
 * The Content-Security-Policy of every HTML page of the public site. Pages carry no inline script or
 * style (the JSON-LD block is data, not script), so `'self'` is all they need: an injected
 * `<script>` that escaping somehow missed would still not run.
 */
export const HTML_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every HTML response of the public site (paper pages, their 404 page, the search page). */
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': HTML_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** Sets the HTML security headers and the HTML content type on a response. */
export function applyHtmlHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(HTML_SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Type', HTML_CONTENT_TYPE);
}
