import { AS_OF_TOOL_PARAM } from '../../modules/papers';
import { type AgentTool, defineTool, fieldList, HIGHLIGHT_FOR_AGENTS, param } from '../../shared/agents/agent-tool';
import { compactAnswer, compactAnswerSchema, COMPACT_RECORDS_FOR_AGENTS } from '../../shared/agents/compact';
import { agentPaperSchema, paperForAgents } from './paper-for-agents';
import { searchResponseSchema } from './search-response.schema';
import type { Config } from '../../shared/config/config';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { ABSTRACT_MAX_CHARS, publicPaperSchema } from '../../shared/papers/public-paper';
import { KEYWORD_TOOL_PARAMS } from '../../modules/keyword-index';
import { SEARCH_LANGS, SEARCH_LIMITS as L } from './search-params';
import { RELATED_LIMITS as R } from './related-params';
import { relatedResponseSchema } from './related-response.schema';
import { SINCE_DESCRIPTION } from '../../shared/http/since-param';
import { MORE_LIKE_THIS_TERMS } from '../../shared/papers/related-papers';

export const SEARCH_PATH = '/api/v1/papers/search';
export const PAPER_PATH = (id: string) => `/api/v1/papers/${encodeURIComponent(id)}`;
export const RELATED_PATH = (id: string) => `/api/v1/papers/${encodeURIComponent(id)}/related`;

const PAPER_ID_PARAM = { description: 'Paper id, e.g. "p_" followed by 16 characters.', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' };

/** The record's own fields (highlights come with a search that asks for them). */
const { highlights: _highlights, ...RECORD_FIELDS } = publicPaperSchema.shape;

const list = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');
const n = (value: number) => value.toLocaleString('en-US');

/** The public door's tools: its search (spec 000 §4.1), one paper's record and its related papers. */
export const SEARCH_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'searchPapers',
    title: 'Search GX / ESG / climate research papers',
    description: [
      `Keyword search over published GX, ESG and climate papers (Japanese, English, Chinese); the same operation as GET ${SEARCH_PATH}, with the same parameters, limits, per-IP rate limit and results.`,
      `q holds up to ${L.maxTerms} white-space-separated terms of at least ${L.termMinChars} characters each, AND-combined (${L.queryMinChars} to ${L.queryMaxChars} characters in all); every term must be a substring of the title, abstract, AI summaries, tags or topic.`,
      'Japanese and Chinese have no spaces, and each term is one substring: split a phrase into its words (炭素税 効果, not 炭素税の効果).',
      `Answers { api_version, query, topic, lang, total, count, limit, offset, results[], suggestion? }; each result is a paper record (${fieldList(RECORD_FIELDS)}; the abstract at most ${ABSTRACT_MAX_CHARS} characters).`,
      'Each record carries highlights (on unless highlight is false): where each term occurs in it (field, UTF-16 start/end into that field as returned, term) and a quotable snippet.',
      `Records are compact: ${COMPACT_RECORDS_FOR_AGENTS} They carry no relevance score (the HTTP answer has none): with sort relevance, results come best first.`,
      'When total is 0 and q held unspaced Japanese or Chinese, suggestion { q, total, reason } gives the same text split into words and how many papers it finds: call again with suggestion.q.',
      'author narrows to papers with an author of that name (family or whole name; q never searches authors), and may be given without q to list all of that author\'s papers (newest first, query echoed as ""); since to papers added to the corpus at or after a date; sort cited_by puts the most cited first; collapse versions gives one record per work (its preferred version), total then counting works.',
      'Invalid parameters give a tool error with the HTTP error code (missing_query, too_many_terms, term_too_short, invalid_limit, invalid_offset, invalid_topic, invalid_lang, invalid_author, invalid_since, invalid_sort, invalid_collapse, …).',
    ].join(' '),
    input: {
      q: param.optionalText({ description: 'Search terms, separated by white space; Japanese and Chinese words too. Required unless author is given (author alone lists that author\'s papers, newest first).', minLength: L.queryMinChars, maxLength: L.queryMaxChars }),
      topic: param.optionalText({ description: 'Only papers whose primary topic is this slug.', enum: TOPIC_SLUGS }),
      lang: param.optionalText({ description: 'Paper language: `ja` and `en` include multilingual papers; `all` applies no filter.', enum: SEARCH_LANGS, default: 'all' }),
      limit: param.optionalInteger({ description: 'Records per page.', minimum: L.limitMin, maximum: L.limitMax, default: L.limitDefault }),
      offset: param.optionalInteger({ description: `Records to skip; offset + limit may not exceed ${L.maxWindow}.`, minimum: 0, maximum: L.maxWindow - L.limitMin, default: 0 }),
      highlight: param.optionalBoolean({ description: HIGHLIGHT_FOR_AGENTS, default: true }),
      ...KEYWORD_TOOL_PARAMS,
      as_of: AS_OF_TOOL_PARAM,
    },
    output: compactAnswerSchema(searchResponseSchema, 'results'),
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ q, topic, lang, limit, offset, highlight, author, since, facets, sort, collapse, cursor, year_from, year_to, venue_type, as_of }) => ({
      path: SEARCH_PATH,
      query: { q, topic, lang, limit, offset, highlight: highlight !== false, author, since, facets, sort, collapse, cursor, year_from, year_to, venue_type, as_of },
    }),
  }),
  defineTool({
    name: 'getPaper',
    title: 'Get one paper',
    description: `One paper by its id (the \`id\` of a search result): its public record (GET /api/v1/papers/{id}, the same fields as a search result, compact: ${COMPACT_RECORDS_FOR_AGENTS}), both AI summaries in full (ai_summary_en, ai_summary_ja; null when the paper has none) and a ready citation { text, bibtex }, read in the same call from the paper's page and its /papers/{id}.bib (one request of the per-IP limit in all). Unknown id: tool error not_found; malformed id: invalid_id.`,
    input: {
      id: param.text(PAPER_ID_PARAM),
    },
    output: agentPaperSchema,
    present: (answer, { read }) => paperForAgents(answer, read),
    request: ({ id }) => ({ path: PAPER_PATH(id) }),
  }),
  defineTool({
    name: 'getRelatedPapers',
    title: 'Get papers related to one paper',
    description: [
      `Papers like one paper (its id, as a search result gives it) by their words: GET /api/v1/papers/{id}/related, a "more like this" query from the paper's titles, tags and topic (its ${MORE_LIKE_THIS_TERMS} most distinctive terms) ranked by BM25.`,
      'Never the paper itself nor another version of it; each work once. Filters as in the search (topic, lang, year_from, year_to) and since (papers added to the corpus at or after a date).',
      `Answers { api_version, paper_id, topic, lang, count, limit, results[] }; each result is a paper record with related_score (higher is closer; comparable within one answer). Records are compact: ${COMPACT_RECORDS_FOR_AGENTS}`,
      'Unknown id: tool error not_found; malformed id: invalid_id; right after a restart ranking_unavailable (retry shortly).',
    ].join(' '),
    input: {
      id: param.text(PAPER_ID_PARAM),
      topic: param.optionalText({ description: 'Only papers whose primary topic is this slug.', enum: TOPIC_SLUGS }),
      lang: param.optionalText({ description: 'Paper language: `ja` and `en` include multilingual papers; `all` applies no filter.', enum: SEARCH_LANGS, default: 'all' }),
      limit: param.optionalInteger({ description: 'Related papers to return.', minimum: R.limitMin, maximum: R.limitMax, default: R.limitDefault }),
      year_from: KEYWORD_TOOL_PARAMS.year_from,
      year_to: KEYWORD_TOOL_PARAMS.year_to,
      since: param.optionalText({ description: SINCE_DESCRIPTION }),
      as_of: AS_OF_TOOL_PARAM,
    },
    output: compactAnswerSchema(relatedResponseSchema, 'results'),
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ id, topic, lang, limit, year_from, year_to, since, as_of }) => ({ path: RELATED_PATH(id), query: { topic, lang, limit, year_from, year_to, since, as_of } }),
  }),
];

/** The public llms.txt's lines for the search API (section "API"). */
export const searchLlmsTxt = (config: Pick<Config, 'publicBaseUrl'>): string[] => {
  const base = config.publicBaseUrl;
  return [
  `- [Search papers](${base}/api/v1/papers/search?q=hydrogen): \`GET /api/v1/papers/search\` (operationId \`searchPapers\`). Parameters: \`q\` (required unless \`author\` is given: \`author\` alone lists that author's papers, newest first, \`query\` echoed as \`""\`) up to ${L.maxTerms} white-space-separated terms, each at least ${L.termMinChars} characters, AND-combined, ${L.queryMinChars} to ${L.queryMaxChars} characters in all, each term matched as a substring of title, abstract, AI summaries, tags and topic after Unicode NFKC normalisation and case folding; \`topic\` one of the ${TOPIC_SLUGS.length} topic slugs below; \`lang\` one of ${list(SEARCH_LANGS)} (default \`all\`; \`ja\` and \`en\` include multilingual papers); \`limit\` ${L.limitMin} to ${L.limitMax} (default ${L.limitDefault}); \`offset\` from 0, with offset + limit at most ${n(L.maxWindow)}; \`facets\` (comma-separated: topic, lang, year, venue_type) adds counts over the whole match set, each field adding up to \`total\`; \`sort\` \`relevance\` (default), \`newest\` or \`cited_by\` (most cited first: the greater of \`cited_by_count\` and \`cited_by_corpus_count\`, papers with neither last); \`collapse=versions\` one record per work (its versions folded into the preferred record among the matches: journal, conference, report, preprint), \`total\` then counting works; \`author\` (1 to 200 characters) only papers with an author of that name (whole or family name, case-, accent- and width-insensitive, \`長谷川\` finds 長谷川美咲; \`q\` never searches authors); \`since\` (an ISO 8601 date or date-time with offset) only papers added to the corpus at or after it; \`cursor\` \`*\` then each answer's \`next_cursor\` pages newest first through the whole match set, with no depth limit; \`year_from\`, \`year_to\` and \`venue_type\` filter; \`highlight\` \`true\` adds each record's \`highlights\` (where each term occurs in the text the record carries: field, UTF-16 \`start\`/\`end\` into that value as returned, term, snippet). Answers \`{ api_version, query, topic, lang, total, count, limit, offset, results }\`; \`total\` counts every match before paging. Japanese and Chinese have no spaces, and a term is matched as one substring: split a phrase into its words (\`炭素税 効果\`, not \`炭素税の効果\`). When nothing matches a query with such an unspaced phrase, the answer also carries \`suggestion\` \`{ q, total, reason }\`: the same text split into words and how many papers it finds; search again with its \`q\`. \`format\` \`bibtex\`, \`ris\`, \`csl-json\` or \`csv\` (or the matching Accept types) answers the same page as a citation file of its papers (each entry what the paper's page downloads) or CSV of its records, for people and reference managers; this door answers pages only (bulk harvesting is not permitted).`,
  `- [One paper](${base}/api/v1/papers/{id}): \`GET /api/v1/papers/{id}\`, the same record as a search result: ${fieldList(RECORD_FIELDS)} (\`abstract\` is the AI summary or the original abstract, at most ${ABSTRACT_MAX_CHARS} characters; \`citation_url\` the DOI link, else the source, else the paper's page). Unknown id: 404 \`not_found\`.`,
  `- [Related papers](${base}/api/v1/papers/{id}/related): \`GET /api/v1/papers/{id}/related\` (operationId \`getRelatedPapers\`): papers like one paper by their words (a "more like this" query from its titles, tags and topic, its ${MORE_LIKE_THIS_TERMS} most distinctive terms, ranked by BM25), never the paper itself nor another version of it, each work once. Parameters: \`limit\` ${R.limitMin} to ${R.limitMax} (default ${R.limitDefault}), \`topic\`, \`lang\`, \`year_from\`, \`year_to\` as in the search, \`since\` (an ISO 8601 date or instant: only papers added to the corpus at or after it). Answers \`{ api_version, paper_id, topic, lang, count, limit, results }\`, each record with \`related_score\`. Unknown id: 404 \`not_found\`; right after a start 503 \`ranking_unavailable\` with \`Retry-After\`.`,
  `- [OpenAPI 3.1 document](${base}/openapi.json): the machine-readable description, for agent tooling and tool-calling frameworks.`,
  ];
};
