import type { Config } from '../../../shared/config/config';
import { PLANS } from '../../../modules/api-keys';
import { LLMS_SECTIONS } from '../../../shared/agents/llms-sections';
import { TOPIC_SLUGS } from '../../../shared/papers/paper.schema';
import type { DoorContribution } from '../../../shared/runtime/module';
import { PLAN_ALLOWANCES } from '../plan-allowance';
import { MCP_PATH } from './mcp-endpoint';

/**
 * The `/llms.txt` of both doors (llmstxt.org: a title, a summary, then sections of links): each
 * module's lines (`DoorContribution.llmsTxt`, written from the constants its parameter parsers use)
 * in the door's sections, and the door's own: keys, plans, rate limits, MCP, errors, licence.
 */

export const LLMS_TXT_PATH = '/llms.txt';
export const LLMS_TXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
/** Changes only with a release or a configuration change. */
export const LLMS_TXT_CACHE_CONTROL = 'public, max-age=3600, s-maxage=3600';

const LICENCE =
  'AI-generated summaries and service-authored metadata are licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/) unless otherwise stated; third-party metadata, abstracts, DOIs and source links stay under their original publishers\' terms. Bulk harvesting, resale and abusive automated access are not permitted; production pipelines, bulk and semantic access are by arrangement with the operator.';

const list = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');
const n = (value: number) => value.toLocaleString('en-US');
const toolList = (contributions: readonly DoorContribution[]) => list(contributions.flatMap((c) => c.tools ?? []).map((t) => t.name));

/** Every module's lines for one section, in registry order. */
const section = (contributions: readonly DoorContribution[], title: string, config: Config): string[] =>
  contributions.flatMap((c) => c.llmsTxt?.(config)[title] ?? []);

const ERRORS_SHAPE =
  'Every error is `application/problem+json` (RFC 9457): `{ "type", "title", "status", "code", "detail", "request_id" }`; `code` is the machine-readable error code. A query parameter the endpoint does not take is refused, never ignored: 400 `unknown_parameter`, whose `detail` names it and the accepted parameters, also listed in `accepted_parameters` (check the spelling against that list; `_`, a cache-buster, is accepted everywhere and ignored). A parameter given empty counts as absent; one given twice is an error with that parameter\'s code.';

/** The public door's llms.txt: the unauthenticated paper search. */
export function publicLlmsTxt(config: Config, contributions: readonly DoorContribution[]): string {
  const base = config.publicBaseUrl;
  const { perMinute, burst } = config.publicRateLimit;
  const rate =
    perMinute === 0
      ? 'This deployment sets no per-IP rate limit; please keep to about 60 requests a minute.'
      : `Each client IP may send ${perMinute} requests a minute${burst > 0 ? `, plus a burst of ${burst} more a minute once those are spent` : ''}; beyond that the answer is 429 \`rate_limit_exceeded\` with \`Retry-After\` (seconds) and \`RateLimit\` / \`RateLimit-Policy\` / \`X-RateLimit-*\` headers. Requests answered from cache count too; through MCP, each tool call counts as the request it makes (a \`getPaper\` call once), while connecting and listing tools cost nothing.`;
  return [
    '# GX Research Paper Search',
    '',
    '> Unauthenticated keyword search over published GX (green transformation), ESG and climate research papers, preprints, reports and datasets in Japanese, English and Chinese, with AI-generated bilingual summaries, updated daily. For research, discovery and citation support, and for AI agents and retrieval pipelines.',
    '',
    `No API key is needed. Every response carries \`Access-Control-Allow-Origin: *\`. The authenticated data API (company disclosures, decarbonisation metrics, semantic paper search, intelligence events) is a separate host with its own \`/llms.txt\`${config.apiBaseUrl ? `: [${config.apiBaseUrl}/llms.txt](${config.apiBaseUrl}/llms.txt)` : ''}.`,
    '',
    `## ${LLMS_SECTIONS.publicApi}`,
    '',
    ...section(contributions, LLMS_SECTIONS.publicApi, config),
    `- [MCP server](${base}${MCP_PATH}): Model Context Protocol over Streamable HTTP (POST, JSON responses, stateless: no session), no key. Tools: ${toolList(contributions)}, the same operations as the HTTP endpoints above with the same validation, limits and rate limit; each tool declares an output schema (the endpoint's response schema), and search records are compact (\`title_ja\` / \`title_en\` left out when equal to \`title\`); \`getPaper\` adds both AI summaries and a ready citation (text and BibTeX). An HTTP error becomes a tool result with \`isError: true\` whose text content is the problem body as JSON (\`code\`, \`detail\`), also in \`_meta.problem\`; a request whose every tool call the rate limit refused is answered HTTP 429.`,
    '',
    '## Topic slugs',
    '',
    list(TOPIC_SLUGS),
    '',
    '## Errors',
    '',
    `${ERRORS_SHAPE} Codes: 400 \`missing_query\`, \`query_too_long\`, \`too_many_terms\`, \`term_too_short\`, \`invalid_limit\`, \`invalid_offset\`, \`invalid_topic\`, \`invalid_lang\`, \`unknown_parameter\`; 404 \`not_found\`; 429 \`rate_limit_exceeded\`; 503 \`search_unavailable\` or \`upstream_unavailable\` (retry after \`Retry-After\`).`,
    '',
    '## Rate limits and caching',
    '',
    `- ${rate}`,
    '- Successful searches are `Cache-Control: public, max-age=60, s-maxage=60`: identical requests within 60 seconds are answered from the edge cache (`X-Cache: HIT`).',
    '',
    '## Licence',
    '',
    `- ${LICENCE}`,
    '',
    `## ${LLMS_SECTIONS.optional}`,
    '',
    ...section(contributions, LLMS_SECTIONS.optional, config),
    '',
  ].join('\n');
}

/** The data-API door's llms.txt. Its links are relative to the host that served it. */
export function apiLlmsTxt(config: Config, contributions: readonly DoorContribution[], paths: { keyApplications: string }): string {
  const a = PLAN_ALLOWANCES;
  const burst = PLANS.map((plan) => `${plan} ${config.apiKeys.burstPerSecond[plan] ?? '?'}`).join(', ');
  return [
    '# GX Data API',
    '',
    "> Authenticated API over Japanese listed companies' sustainability disclosures: the company master, collected reports, AI-extracted decarbonisation metrics (Scope 1/2/3, SBT, TCFD, CDP, renewable ratio) as time series and across companies, a vector / keyword / hybrid search over research papers, and an index of intelligence events.",
    '',
    `Every \`/api/v1/*\` request needs \`Authorization: Bearer <key>\` (keys start with \`${config.apiKeys.prefix}\`; never put a key in the URL: 400 \`credentials_in_query\`). Links below are relative to this host. Text extraction is AI-assisted: check figures against the source PDF before citing.`,
    '',
    '## Keys, plans and quotas',
    '',
    `- Apply for a key: \`POST ${paths.keyApplications}\` with a JSON body \`{ "email", "name", "organization", "purpose" }\` (no key needed); the answer shows the key once; it works once an operator approves it (until then 403 \`key_not_approved\`).`,
    `- Plans: trial ${n(a.trial.daily!)} requests a day; demo ${n(a.demo.daily!)} a day (adjustable per key); researcher ${n(a.researcher.monthly!)} a month; paid by contract (daily, monthly or both); internal unlimited. Windows are calendar days and months in UTC.`,
    `- Burst limit per key, requests a second: ${burst}.`,
    '- Headers: `X-RateLimit-Limit` / `X-RateLimit-Remaining` (daily allowance), `X-RateLimit-Limit-Month` / `X-RateLimit-Remaining-Month` (monthly), and IETF `RateLimit` / `RateLimit-Policy`. Beyond an allowance: 429 `rate_limit_exceeded` with `Retry-After` (seconds) and `violated-policies`. Requests refused by authentication are not counted; a 5xx answer is given back.',
    '- Authentication errors: 401 `missing_bearer`, `invalid_api_key`, `key_expired`; 403 `key_not_approved`.',
    '',
    `## ${LLMS_SECTIONS.apiEndpoints}`,
    '',
    ...section(contributions, LLMS_SECTIONS.apiEndpoints, config),
    '',
    '## For agents',
    '',
    '- [OpenAPI 3.1 document](/openapi.json)',
    `- [MCP server](${MCP_PATH}): Model Context Protocol over Streamable HTTP (POST, JSON responses, stateless), with the same \`Authorization: Bearer <key>\` header on every request; a missing or invalid key is refused with HTTP 401 (pending key: 403) before any message is read. Tools: ${toolList(contributions)}. Each tool call makes the HTTP request it stands for and is charged exactly like it (burst limit, allowance, headers); listing tools is not charged. Each tool declares an output schema (the endpoint's response schema; search records compact: \`title_ja\` / \`title_en\` left out when equal to \`title\`, scores kept). An HTTP error (a 429 included) becomes a tool result with \`isError: true\` whose text content is the problem body as JSON, also in \`_meta.problem\`; \`_meta.http\` carries the status and the rate-limit and provenance headers.`,
    '',
    '## Errors',
    '',
    `- ${ERRORS_SHAPE}`,
    '- Codes: 400 `unknown_parameter`, `credentials_in_query`, `invalid_id`, `missing_query`, `query_too_long`, `invalid_mode`, `invalid_lang`, `invalid_shelf`, `invalid_topic`, `invalid_limit`, `invalid_offset`, `invalid_min_score`, `invalid_industry`, `invalid_type`, `invalid_year`, `invalid_sbt_status`, …; 401/403 as above; 404 `not_found`; 429 `rate_limit_exceeded`; 502 `embedding_failed`; 503 `vector_unavailable`, `ranking_unavailable`, `auth_unavailable`, `database_unavailable`, `upstream_unavailable` (retry after `Retry-After`).',
    '',
    '## Provenance and licence',
    '',
    `- Every response carries \`X-Dataset-Version\` (the dataset release that answered; \`GET /api/v1/releases\` lists them), \`X-SNE-Framework-DOI\` and \`X-Disclaimer\`: quote the first two when citing, and pass the release as \`as_of\` (keyword search, references, cited-by) to get the same answer again.`,
    `- ${LICENCE}`,
    '',
  ].join('\n');
}
