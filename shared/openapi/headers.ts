import { z } from 'zod';

/**
 * The response headers of both doors, as the OpenAPI documents describe them (each a reusable
 * component). Each door's operations take the sets they send (see `services/gateway/`: cors.ts,
 * ip-rate-limit.ts, quota-headers.ts, provenance.ts, edge-cache.ts; shared/http/request-id.ts).
 */

type Options = { optional?: boolean; example?: string };

/** A header registered as the component `id`. */
function header(id: string, schema: z.ZodType, description: string, options: Options = {}): z.ZodType {
  const described = schema.meta({ description, ...(options.example ? { example: options.example } : {}) });
  return (options.optional ? described.optional() : described).meta({ header: { id } });
}
const text = z.string();
const count = () => z.int().min(0).max(1_000_000_000);

export const requestIdHeaders = {
  'X-Request-Id': header('X-Request-Id', text, "Correlates this answer with the logs and its error body (`request_id`): the caller's well-formed `X-Request-Id`, or a new one."),
};

/** Every response of the public door, errors and preflights included (spec 000 §4.1 rule 3). */
export const corsHeaders = {
  'Access-Control-Allow-Origin': header('Access-Control-Allow-Origin', z.literal('*'), 'Always `*`: browsers may call the endpoint directly.'),
  'Access-Control-Expose-Headers': header('Access-Control-Expose-Headers', text, 'The headers a browser script may read: X-Request-Id, X-Cache, Retry-After and the rate-limit headers.'),
};

/** A per-client-IP limit (`minute` on the public door, `applications` for key applications), when it is on. */
export const ipRateLimitHeaders = (policy: string, window: string) => {
  const id = (name: string) => `${name}.${policy}`;
  return {
    'RateLimit-Policy': header(id('RateLimit-Policy'), text, `IETF rate-limit policy of this client IP, e.g. \`"${policy}";q=60;w=60\`.`, { optional: true }),
    RateLimit: header(id('RateLimit'), text, `IETF remaining allowance of this client IP, e.g. \`"${policy}";r=59;t=42\`.`, { optional: true }),
    'X-RateLimit-Limit': header(id('X-RateLimit-Limit'), count(), `Requests allowed ${window} per client IP.`, { optional: true }),
    'X-RateLimit-Remaining': header(id('X-RateLimit-Remaining'), count(), 'Requests left in the current window.', { optional: true }),
  };
};

/** The edge cache's mark on a GET it looked up (absent when the cache is off). */
export const edgeCacheHeaders = {
  'X-Cache': header('X-Cache', z.enum(['HIT', 'MISS']), "`HIT` when answered from the gateway's shared cache, `MISS` otherwise.", { optional: true }),
};

/** On every data-API response, errors and 429s included (spec 001 §9). */
export const provenanceHeaders = {
  'X-Dataset-Version': header(
    'X-Dataset-Version',
    text,
    'The dataset release the answer was given as of (`as_of`), or, without it, the latest release, followed by `+unreleased` when papers changed since it was cut. Quote it in academic citation, and pass it as `as_of` to have the same answer again (GET /api/v1/releases lists the releases).',
    { example: '2026-11-28' },
  ),
  'X-SNE-Framework-DOI': header('X-SNE-Framework-DOI', text, 'DOI link of the evaluation framework; quote it in academic citation.'),
  'X-Disclaimer': header('X-Disclaimer', text, 'Extraction is AI-assisted and must be verified against the source PDF (percent-encoded when not ASCII).'),
};

/**
 * A key's allowance after this request (spec 001 §8): daily in `X-RateLimit-*` (a plan with only a
 * monthly allowance reports that one there too), monthly in `X-RateLimit-*-Month`, and the IETF
 * fields with the policies `daily` and `monthly`. Internal keys have no allowance, hence none.
 */
export const quotaHeaders = {
  'X-RateLimit-Limit': header('X-RateLimit-Limit', count(), 'Requests allowed in the daily window (the monthly one for a plan with only a monthly allowance).', { optional: true }),
  'X-RateLimit-Remaining': header('X-RateLimit-Remaining', count(), 'Requests left in that window.', { optional: true }),
  'X-RateLimit-Limit-Month': header('X-RateLimit-Limit-Month', count(), 'Requests allowed in the UTC calendar month.', { optional: true }),
  'X-RateLimit-Remaining-Month': header('X-RateLimit-Remaining-Month', count(), 'Requests left this month.', { optional: true }),
  'RateLimit-Policy': header('RateLimit-Policy', text, 'IETF policies of the key, e.g. `"daily";q=100;w=86400`.', { optional: true, example: '"daily";q=100;w=86400' }),
  RateLimit: header('RateLimit', text, 'IETF remaining allowance per policy, e.g. `"daily";r=99;t=41235`.', { optional: true, example: '"daily";r=99;t=41235' }),
};

/** Seconds to wait: always on 429, with some 503s. */
export const retryAfterHeaders = (optional: boolean) => ({
  'Retry-After': header(optional ? 'Retry-After.optional' : 'Retry-After', count(), 'Seconds to wait before retrying.', { optional }),
});

/** On a keyword search of either door: its representation follows Accept (a citation file, CSV), so caches key by it. */
export const varyAcceptHeaders = {
  Vary: header('Vary.Accept', z.literal('Accept'), 'The answer depends on `Accept` (which may ask for a citation file or CSV instead of JSON).'),
};

/** A search page sent as a file (`format`, or Accept): how it is saved, its validator, and no sniffing of its type. */
export const downloadHeaders = {
  'Content-Disposition': header('Content-Disposition.download', text, 'A file download: `attachment; filename="search-….bib"` (and `filename*` with the name in UTF-8 when it is not ASCII).', { optional: true }),
  ETag: header('ETag.download', text, 'A strong validator of the file (a hash of its bytes); `If-None-Match` with it answers 304.', { optional: true }),
  'X-Content-Type-Options': header('X-Content-Type-Options', z.literal('nosniff'), 'Browsers take the file as its Content-Type says.', { optional: true }),
};

export const cacheControl = (value: string) => z.literal(value).meta({ description: `\`${value}\`` });

export const wwwAuthenticateHeaders = {
  'WWW-Authenticate': header('WWW-Authenticate', text, 'The Bearer challenge: `Bearer realm="gx-data-api", error="invalid_token"`.'),
};

/** The headers of one response: the sets given, merged (later sets win). */
export const headerSet = (...sets: Record<string, z.ZodType>[]) => z.object(Object.assign({}, ...sets) as Record<string, z.ZodType>);
