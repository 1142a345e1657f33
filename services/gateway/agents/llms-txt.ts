import type { Config } from '../../../shared/config/config';
import { PLANS } from '../../../shared/api-keys/api-key';
import { SHELVES, TOPIC_SLUGS } from '../../../shared/papers/paper';
import { REPORT_TYPES, SBT_STATUSES } from '../../company-data/company-inputs';
import { COMPANY_LIMITS } from '../../company-data/company-params';
import { EVENT_LIMITS, EVENT_STATUSES } from '../../events-keys/event-params';
import { ABSTRACT_MAX_CHARS } from '../../public-search/public-paper';
import { SEARCH_LANGS, SEARCH_LIMITS as L } from '../../public-search/search-params';
import { SEMANTIC_LIMITS as S, SEMANTIC_MODES, SEMANTIC_WINDOWS } from '../../semantic-search/semantic-params';
import { PLAN_ALLOWANCES } from '../plan-allowance';
import type { AgentTool } from './agent-tool';
import { API_TOOLS } from './api-tools';
import { MCP_PATH } from './mcp-endpoint';
import { PUBLIC_TOOLS } from './public-tools';

/**
 * The `/llms.txt` of both doors (llmstxt.org: a title, a summary, then sections of links), written
 * from the constants the parameter parsers, the plans and the configuration use, so it states the
 * limits the doors enforce.
 */

export const LLMS_TXT_PATH = '/llms.txt';
export const LLMS_TXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
/** Changes only with a release or a configuration change. */
export const LLMS_TXT_CACHE_CONTROL = 'public, max-age=3600, s-maxage=3600';

const LICENCE =
  'AI-generated summaries and service-authored metadata are licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/) unless otherwise stated; third-party metadata, abstracts, DOIs and source links stay under their original publishers\' terms. Bulk harvesting, resale and abusive automated access are not permitted; production pipelines, bulk and semantic access are by arrangement with the operator.';

const list = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');
const toolList = (tools: readonly AgentTool[]) => tools.map((t) => `\`${t.name}\``).join(', ');
const n = (value: number) => value.toLocaleString('en-US');

const ERRORS_SHAPE =
  'Every error is `application/problem+json` (RFC 9457): `{ "type", "title", "status", "code", "detail", "request_id" }`; `code` is the machine-readable error code. A parameter given empty counts as absent; one given twice is an error with that parameter\'s code; unknown parameters are ignored.';

/** The public door's llms.txt: the unauthenticated paper search. */
export function publicLlmsTxt(config: Pick<Config, 'publicBaseUrl' | 'apiBaseUrl' | 'publicRateLimit'>): string {
  const base = config.publicBaseUrl;
  const { perMinute, burst } = config.publicRateLimit;
  const rate =
    perMinute === 0
      ? 'This deployment sets no per-IP rate limit; please keep to about 60 requests a minute.'
      : `Each client IP may send ${perMinute} requests a minute${burst > 0 ? `, plus a burst of ${burst} more a minute once those are spent` : ''}; beyond that the answer is 429 \`rate_limit_exceeded\` with \`Retry-After\` (seconds) and \`RateLimit\` / \`RateLimit-Policy\` / \`X-RateLimit-*\` headers. Requests answered from cache and MCP requests count too.`;
  return [
    '# GX Research Paper Search',
    '',
    '> Unauthenticated keyword search over published GX (green transformation), ESG and climate research papers, preprints, reports and datasets in Japanese, English and Chinese, with AI-generated bilingual summaries, updated daily. For research, discovery and citation support, and for AI agents and retrieval pipelines.',
    '',
    `No API key is needed. Every response carries \`Access-Control-Allow-Origin: *\`. The authenticated data API (company disclosures, decarbonisation metrics, semantic paper search, intelligence events) is a separate host with its own \`/llms.txt\`${config.apiBaseUrl ? `: [${config.apiBaseUrl}/llms.txt](${config.apiBaseUrl}/llms.txt)` : ''}.`,
    '',
    '## API',
    '',
    `- [Search papers](${base}/api/v1/papers/search?q=hydrogen): \`GET /api/v1/papers/search\` (operationId \`searchPapers\`). Parameters: \`q\` (required) up to ${L.maxTerms} white-space-separated terms, each at least ${L.termMinChars} characters, AND-combined, ${L.queryMinChars} to ${L.queryMaxChars} characters in all, each term matched as a substring of title, abstract, AI summaries, tags and topic after Unicode NFKC normalisation and case folding; \`topic\` one of the ${TOPIC_SLUGS.length} topic slugs below; \`lang\` one of ${list(SEARCH_LANGS)} (default \`all\`; \`ja\` and \`en\` include multilingual papers); \`limit\` ${L.limitMin} to ${L.limitMax} (default ${L.limitDefault}); \`offset\` from 0, with offset + limit at most ${n(L.maxWindow)}. Answers \`{ api_version, query, topic, lang, total, count, limit, offset, results }\`; \`total\` counts every match before paging. Japanese and Chinese have no spaces, and a term is matched as one substring: split a phrase into its words (\`炭素税 効果\`, not \`炭素税の効果\`). When nothing matches a query with such an unspaced phrase, the answer also carries \`suggestion\` \`{ q, total, reason }\`: the same text split into words and how many papers it finds; search again with its \`q\`.`,
    `- [One paper](${base}/api/v1/papers/{id}): \`GET /api/v1/papers/{id}\`, the same record as a search result: \`id\`, \`title\`, \`title_ja\`, \`title_en\`, \`authors\`, \`year\`, \`abstract\` (AI summary or original abstract, at most ${ABSTRACT_MAX_CHARS} characters), \`url\`, \`citation_url\` (DOI link, else source, else the paper's page), \`doi\`, \`source_url\`, \`venue\`, \`venue_type\`, \`topic\`, \`tags\`, \`lang\`, \`updated_at\`. Unknown id: 404 \`not_found\`.`,
    `- [OpenAPI 3.1 document](${base}/openapi.json): the machine-readable description, for agent tooling and tool-calling frameworks.`,
    `- [MCP server](${base}${MCP_PATH}): Model Context Protocol over Streamable HTTP (POST, JSON responses, stateless: no session), no key. Tools: ${toolList(PUBLIC_TOOLS)}, the same operations as the HTTP endpoints above with the same validation, limits, rate limit and results; an HTTP error becomes a tool result with \`isError: true\` whose structured content is the problem body (\`code\`, \`detail\`).`,
    '',
    '## Topic slugs',
    '',
    list(TOPIC_SLUGS),
    '',
    '## Errors',
    '',
    `${ERRORS_SHAPE} Codes: 400 \`missing_query\`, \`query_too_long\`, \`too_many_terms\`, \`term_too_short\`, \`invalid_limit\`, \`invalid_offset\`, \`invalid_topic\`, \`invalid_lang\`; 404 \`not_found\`; 429 \`rate_limit_exceeded\`; 503 \`search_unavailable\` or \`upstream_unavailable\` (retry after \`Retry-After\`).`,
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
    '## Optional',
    '',
    `- [Paper pages](${base}/papers/{id}): the human-readable page of each record (its \`url\`), with citation downloads at \`/papers/{id}.bib\`, \`.ris\` and \`.json\` (CSL-JSON).`,
    `- [Sitemap](${base}/sitemap.xml)`,
    '',
  ].join('\n');
}

/** The data-API door's llms.txt. Its links are relative to the host that served it. */
export function apiLlmsTxt(config: Pick<Config, 'apiKeys' | 'provenance'>, paths: { keyApplications: string }): string {
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
    '## Endpoints (all GET)',
    '',
    `- [Companies](/api/v1/companies): \`industry\` (TSE 33-sector code or name), \`limit\` 1 to ${COMPANY_LIMITS.companies} (default ${COMPANY_LIMITS.companies}), \`offset\`. Answers \`{ data, count, limit, offset, total }\`.`,
    '- [One company](/api/v1/companies/{code}): overview, industry, SBTi status, report coverage. A code is 4 characters: a digit, then digits or capital letters.',
    `- [A company's reports](/api/v1/companies/{code}/reports): \`type\` one of ${list(REPORT_TYPES)}, \`year\`, \`limit\` 1 to ${COMPANY_LIMITS.reports}, \`offset\`.`,
    '- [One report](/api/v1/reports/{report_id}): metadata and extracted figures; ids look like `rpt_7203_2024_integrated`.',
    "- [A company's metrics](/api/v1/companies/{code}/gx-metrics): `year_from`, `year_to`, `include_raw=1` (adds the full extraction JSON).",
    `- [Metrics across companies](/api/v1/gx-metrics): \`industry\`, \`year\`, \`sbt_status\` one of ${list(SBT_STATUSES)}, \`limit\` 1 to ${n(COMPANY_LIMITS.metrics)} (default ${n(COMPANY_LIMITS.metrics)}), \`offset\`.`,
    `- [Paper search](/api/v1/papers/search): \`q\` (required, ${S.queryMin} to ${n(S.queryMax)} characters), \`mode\` one of ${list(SEMANTIC_MODES)} (default \`vector\`), \`topic\` (a topic slug), \`limit\` ${S.limitMin} to ${S.limitMax} (default ${S.limitDefault}), \`offset\` (offset + limit at most ${n(SEMANTIC_WINDOWS.keyword)} in keyword, ${SEMANTIC_WINDOWS.vector} in vector, ${SEMANTIC_WINDOWS.hybrid} in hybrid mode), \`min_score\` 0 to 100, \`lang\` \`ja\`/\`en\`/\`all\`, \`shelf\` one of ${list([...SHELVES, 'all'])}. Hybrid mode takes a question in sentences (any number of words) and fuses a ranked any-term search (BM25) with the vector search. Keyword mode: at most ${S.maxKeywordTerms} terms of at least 2 characters, each matched as a substring, so split Japanese and Chinese phrases into words (\`炭素税 効果\`, not \`炭素税の効果\`); an answer with \`total\` 0 for an unspaced phrase carries \`suggestion\` \`{ q, total, reason }\`, the words split apart and their count.`,
    `- [Intelligence events](/api/v1/intelligence-events): \`event_type\`, \`status\` one of ${list(EVENT_STATUSES)}, \`subject_kind\`, \`subject_id\`, \`occurred_from\` / \`occurred_to\` (ISO 8601 or Unix epoch seconds), \`limit\` ${EVENT_LIMITS.limitMin} to ${EVENT_LIMITS.limitMax} (default ${EVENT_LIMITS.limitDefault}), \`cursor\`. Answers \`{ data, count, limit, next_cursor }\`. A normal key sees only published events.`,
    '',
    '## For agents',
    '',
    '- [OpenAPI 3.1 document](/openapi.json)',
    `- [MCP server](${MCP_PATH}): Model Context Protocol over Streamable HTTP (POST, JSON responses, stateless), with the same \`Authorization: Bearer <key>\` header on every request; a missing or invalid key is refused with HTTP 401 (pending key: 403) before any message is read. Tools: ${toolList(API_TOOLS)}. Each tool call makes the HTTP request it stands for and is charged exactly like it (burst limit, allowance, headers); listing tools is not charged. An HTTP error (a 429 included) becomes a tool result with \`isError: true\` whose structured content is the problem body; \`_meta.http\` carries the status and the rate-limit and provenance headers.`,
    '',
    '## Errors',
    '',
    `- ${ERRORS_SHAPE}`,
    '- Codes: 400 `invalid_id`, `missing_query`, `query_too_long`, `invalid_mode`, `invalid_lang`, `invalid_shelf`, `invalid_topic`, `invalid_limit`, `invalid_offset`, `invalid_min_score`, `invalid_industry`, `invalid_type`, `invalid_year`, `invalid_sbt_status`, …; 401/403 as above; 404 `not_found`; 429 `rate_limit_exceeded`; 502 `embedding_failed`; 503 `vector_unavailable`, `ranking_unavailable`, `auth_unavailable`, `upstream_unavailable`.',
    '',
    '## Provenance and licence',
    '',
    `- Every response carries \`X-Dataset-Version\` (now \`${config.provenance.datasetVersion}\`), \`X-SNE-Framework-DOI\` and \`X-Disclaimer\`: quote the first two when citing.`,
    `- ${LICENCE}`,
    '',
  ].join('\n');
}
