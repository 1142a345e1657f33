import { SHELVES, TOPIC_SLUGS } from '../../../shared/papers/paper';
import { REPORT_TYPES, SBT_STATUSES } from '../../company-data/company-inputs';
import { COMPANY_LIMITS } from '../../company-data/company-params';
import { EVENT_LIMITS, EVENT_STATUSES } from '../../events-keys/event-params';
import { SEMANTIC_LIMITS as S, SEMANTIC_MODES, SEMANTIC_WINDOWS } from '../../semantic-search/semantic-params';
import { defineTool, param, type AgentTool } from './agent-tool';

const seg = encodeURIComponent;

const code = param.text({ description: 'Securities code: 4 characters, a digit then digits or capital letters (e.g. 7203, 130A).', minLength: 4, maxLength: 4 });
const offset = (max: number) => param.optionalInteger({ description: 'Records to skip.', minimum: 0, maximum: max, default: 0 });
const industry = param.optionalText({ description: 'TSE 33-sector industry code (e.g. 3700, or 50 for 0050) or its Japanese or English name, case-insensitive.' });
const year = (description: string) => param.optionalInteger({ description, minimum: 1990, maximum: 2100 });

const charged = 'Each call is charged to the API key exactly like the HTTP request it makes (burst limit, daily/monthly allowance); errors come back as tool errors with the HTTP error code.';

/**
 * The data-API door's tools: every read of spec 001 §4 (companies, reports, metrics, the
 * cross-company metric search, paper search, intelligence events). Key applications and the
 * Internal-only writes (admin, event changes) stay HTTP-only.
 */
export const API_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'listCompanies',
    title: 'List companies',
    description: `Companies of the TSE Prime market, ascending by securities code (GET /api/v1/companies). Answers { data, count, limit, offset, total }. ${charged}`,
    input: {
      industry,
      limit: param.optionalInteger({ description: 'Companies per page.', minimum: 1, maximum: COMPANY_LIMITS.companies, default: COMPANY_LIMITS.companies }),
      offset: offset(COMPANY_LIMITS.maxOffset),
    },
    request: ({ industry, limit, offset }) => ({ path: '/api/v1/companies', query: { industry, limit, offset } }),
  }),
  defineTool({
    name: 'getCompany',
    title: 'Get one company',
    description: `One company's overview, industry, SBTi status and report coverage (GET /api/v1/companies/{code}). Unknown code: not_found; malformed: invalid_id. ${charged}`,
    input: { code },
    request: ({ code }) => ({ path: `/api/v1/companies/${seg(code)}` }),
  }),
  defineTool({
    name: 'listCompanyReports',
    title: "List a company's sustainability reports",
    description: `A company's collected reports (integrated, sustainability, environmental, CSR), newest first (GET /api/v1/companies/{code}/reports). ${charged}`,
    input: {
      code,
      type: param.optionalText({ description: 'Report type.', enum: REPORT_TYPES }),
      year: year('Publication year.'),
      limit: param.optionalInteger({ description: 'Reports per page.', minimum: 1, maximum: COMPANY_LIMITS.reports, default: COMPANY_LIMITS.reports }),
      offset: offset(COMPANY_LIMITS.maxOffset),
    },
    request: ({ code, type, year, limit, offset }) => ({ path: `/api/v1/companies/${seg(code)}/reports`, query: { type, year, limit, offset } }),
  }),
  defineTool({
    name: 'getReport',
    title: 'Get one report',
    description: `One report's metadata and AI-extracted figures (GET /api/v1/reports/{report_id}); verify figures against the source PDF before citing. ${charged}`,
    input: {
      report_id: param.text({ description: 'Report id: rpt_{code}_{publication year}_{type}, e.g. rpt_7203_2024_integrated.', pattern: '^rpt_[0-9][0-9A-Z]{3}_[0-9]{4}_(integrated|sustainability|environmental|csr)$' }),
    },
    request: ({ report_id }) => ({ path: `/api/v1/reports/${seg(report_id)}` }),
  }),
  defineTool({
    name: 'getCompanyGxMetrics',
    title: "Get a company's decarbonisation metrics",
    description: `A company's metric series by publication year: Scope 1/2/3 (t-CO2e), SBT status, TCFD, CDP, renewable ratio (GET /api/v1/companies/{code}/gx-metrics). ${charged}`,
    input: {
      code,
      year_from: year('First publication year (inclusive).'),
      year_to: year('Last publication year (inclusive).'),
      include_raw: param.optionalBoolean({ description: 'true adds raw_extraction, the full AI extraction JSON (heavy).', default: false }),
    },
    request: ({ code, year_from, year_to, include_raw }) => ({
      path: `/api/v1/companies/${seg(code)}/gx-metrics`,
      query: { year_from, year_to, include_raw: include_raw === undefined ? undefined : include_raw ? '1' : '0' },
    }),
  }),
  defineTool({
    name: 'searchGxMetrics',
    title: 'Search metrics across companies',
    description: `Metric records across companies, by company then year (GET /api/v1/gx-metrics). Answers { data, count, limit, offset, total }. ${charged}`,
    input: {
      industry,
      year: year('Publication year.'),
      sbt_status: param.optionalText({ description: 'SBT status of that year’s report.', enum: SBT_STATUSES }),
      limit: param.optionalInteger({ description: 'Records per page.', minimum: 1, maximum: COMPANY_LIMITS.metrics, default: COMPANY_LIMITS.metrics }),
      offset: offset(COMPANY_LIMITS.maxOffset),
    },
    request: ({ industry, year, sbt_status, limit, offset }) => ({ path: '/api/v1/gx-metrics', query: { industry, year, sbt_status, limit, offset } }),
  }),
  defineTool({
    name: 'searchPapers',
    title: 'Search papers (vector, keyword or hybrid)',
    description: [
      'Semantic or keyword search over peer-reviewed papers, preprints and policy material (GET /api/v1/papers/search on the data API).',
      `mode vector (default) matches a multilingual embedding of q; keyword needs every term (at most ${S.maxKeywordTerms}, each at least 2 characters) as a substring; hybrid, for a question in sentences (any number of words, any language), fuses a ranked any-term search (BM25) with the vector search.`,
      'In keyword mode Japanese and Chinese terms are substrings too: split an unspaced phrase into words (炭素税 効果, not 炭素税の効果); an answer with total 0 for such a phrase carries suggestion { q, total, reason }: call again with suggestion.q.',
      `offset + limit may not exceed ${SEMANTIC_WINDOWS.keyword} in keyword mode, ${SEMANTIC_WINDOWS.vector} in vector mode, ${SEMANTIC_WINDOWS.hybrid} in hybrid mode.`,
      charged,
    ].join(' '),
    input: {
      q: param.text({ description: 'Query text: Japanese, English or mixed. In keyword mode, words separated by white space (Japanese and Chinese words too).', minLength: S.queryMin, maxLength: S.queryMax }),
      mode: param.optionalText({ description: 'Search mode.', enum: SEMANTIC_MODES, default: 'vector' }),
      topic: param.optionalText({ description: 'Only papers with this primary topic.', enum: TOPIC_SLUGS }),
      limit: param.optionalInteger({ description: 'Papers per page.', minimum: S.limitMin, maximum: S.limitMax, default: S.limitDefault }),
      offset: offset(SEMANTIC_WINDOWS.keyword - S.limitMin),
      min_score: param.optionalNumber({ description: 'Lower bound on draft_score (0–100); papers without a score pass only 0.', minimum: 0, maximum: 100, default: 0 }),
      lang: param.optionalText({ description: '`ja` and `en` include multilingual papers.', enum: ['ja', 'en', 'all'], default: 'all' }),
      shelf: param.optionalText({ description: 'Editorial shelf.', enum: [...SHELVES, 'all'], default: 'all' }),
    },
    request: ({ q, mode, topic, limit, offset, min_score, lang, shelf }) => ({ path: '/api/v1/papers/search', query: { q, mode, topic, limit, offset, min_score, lang, shelf } }),
  }),
  defineTool({
    name: 'listIntelligenceEvents',
    title: 'List intelligence events',
    description: `The intelligence-event index, newest first (GET /api/v1/intelligence-events): references to papers, articles and company evidence, never copies. Answers { data, count, limit, next_cursor }; pass next_cursor as cursor for the next page. A normal key sees only published events. ${charged}`,
    input: {
      event_type: param.optionalText({ description: 'Dotted lowercase event type, e.g. paper.published, gap.emission_computed.', maxLength: EVENT_LIMITS.eventTypeMaxChars }),
      status: param.optionalText({ description: 'Event status (non-published ones need an Internal key).', enum: EVENT_STATUSES }),
      subject_kind: param.optionalText({ description: 'Subject kind, e.g. company or paper.' }),
      subject_id: param.optionalText({ description: 'Subject identifier.', maxLength: EVENT_LIMITS.subjectIdMaxChars }),
      occurred_from: param.optionalInstant({ description: 'Earliest occurrence (inclusive): ISO 8601 or Unix epoch seconds.' }),
      occurred_to: param.optionalInstant({ description: 'Latest occurrence (inclusive): ISO 8601 or Unix epoch seconds.' }),
      limit: param.optionalInteger({ description: 'Events per page.', minimum: EVENT_LIMITS.limitMin, maximum: EVENT_LIMITS.limitMax, default: EVENT_LIMITS.limitDefault }),
      cursor: param.optionalText({ description: 'next_cursor of the previous page, unchanged.' }),
    },
    request: (a) => ({
      path: '/api/v1/intelligence-events',
      query: { event_type: a.event_type, status: a.status, subject_kind: a.subject_kind, subject_id: a.subject_id, occurred_from: a.occurred_from, occurred_to: a.occurred_to, limit: a.limit, cursor: a.cursor },
    }),
  }),
  defineTool({
    name: 'getIntelligenceEvent',
    title: 'Get one intelligence event',
    description: `One intelligence event by id (GET /api/v1/intelligence-events/{id}). ${charged}`,
    input: { id: param.text({ description: 'Event id: evt_ followed by 20 characters.' }) },
    request: ({ id }) => ({ path: `/api/v1/intelligence-events/${seg(id)}` }),
  }),
];
