import { AS_OF_TOOL_PARAM } from '../../modules/papers';
import { EXPORT_LIMITS } from './export-params';
import { CHARGED_LIKE_HTTP, defineTool, HIGHLIGHT_FOR_AGENTS, param, type AgentTool } from '../../shared/agents/agent-tool';
import { compactAnswer, compactAnswerSchema, COMPACT_RECORDS_FOR_AGENTS } from '../../shared/agents/compact';
import { semanticAnswerSchema } from './semantic.openapi';
import { KEYWORD_TOOL_PARAMS, SUBSET_SEARCH } from '../../modules/keyword-index';
import { SHELVES, TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { SEMANTIC_LIMITS as S, SEMANTIC_MODES, SEMANTIC_WINDOWS } from './semantic-params';

const list = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');
const n = (value: number) => value.toLocaleString('en-US');
const offset = (max: number) => param.optionalInteger({ description: 'Records to skip.', minimum: 0, maximum: max, default: 0 });

/** The data API's paper search (spec 001 §4.7) as an MCP tool. */
export const SEMANTIC_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'searchPapers',
    title: 'Search papers (vector, keyword or hybrid)',
    description: [
      'Semantic or keyword search over peer-reviewed papers, preprints and policy material (GET /api/v1/papers/search on the data API).',
      `mode vector (default) matches a multilingual embedding of q; keyword needs every term (any number of them, each at least ${S.keywordTermMinChars} characters) as a substring; hybrid, for a question in sentences (any number of words, any language), fuses a ranked any-term search (BM25) with the vector search.`,
      'In keyword mode Japanese and Chinese terms are substrings too: split an unspaced phrase into words (炭素税 効果, not 炭素税の効果); an answer with total 0 carries suggestion { kind, q, total, reason, dropped? }: kind split for such a phrase (its words split apart), kind subset when the terms match nothing together (the most of them that do, dropped naming the others); call again with suggestion.q.',
      `Records are compact: ${COMPACT_RECORDS_FOR_AGENTS} Each keeps the scores of the mode used (vector_score, keyword_score; fused_score in hybrid mode) and its highlights.`,
      `offset + limit may not exceed ${SEMANTIC_WINDOWS.keyword} in keyword mode, ${SEMANTIC_WINDOWS.vector} in vector mode, ${SEMANTIC_WINDOWS.hybrid} in hybrid mode.`,
      'Keyword mode only: author (an author\'s family or whole name; q never searches authors), since (added to the corpus at or after a date), sort cited_by (most cited first), collapse versions (one record per work; total counts works).',
      'as_of works in every mode: vector and hybrid searches as of a release rank over that release\'s own records and vectors, the same answer every time (unless the operator changes the embedding model, which changes them once).',
      CHARGED_LIKE_HTTP,
    ].join(' '),
    input: {
      q: param.optionalText({ description: 'Query text: Japanese, English or mixed. In keyword mode, words separated by white space (Japanese and Chinese words too). Required, except in keyword mode with author (author alone lists that author\'s papers, newest first).', minLength: S.queryMin, maxLength: S.queryMax }),
      mode: param.optionalText({ description: 'Search mode.', enum: SEMANTIC_MODES, default: 'vector' }),
      topic: param.optionalText({ description: 'Only papers with this primary topic.', enum: TOPIC_SLUGS }),
      limit: param.optionalInteger({ description: 'Papers per page.', minimum: S.limitMin, maximum: S.limitMax, default: S.limitDefault }),
      offset: offset(SEMANTIC_WINDOWS.keyword - S.limitMin),
      min_score: param.optionalNumber({ description: 'Lower bound on draft_score (0–100); papers without a score pass only 0.', minimum: 0, maximum: 100, default: 0 }),
      lang: param.optionalText({ description: '`ja` and `en` include multilingual papers.', enum: ['ja', 'en', 'all'], default: 'all' }),
      shelf: param.optionalText({ description: 'Editorial shelf.', enum: [...SHELVES, 'all'], default: 'all' }),
      highlight: param.optionalBoolean({ description: HIGHLIGHT_FOR_AGENTS, default: true }),
      ...KEYWORD_TOOL_PARAMS,
      as_of: AS_OF_TOOL_PARAM,
    },
    output: compactAnswerSchema(semanticAnswerSchema, 'data'),
    present: (answer) => compactAnswer(answer, 'data'),
    request: ({ q, mode, topic, limit, offset, min_score, lang, shelf, highlight, author, since, facets, sort, collapse, cursor, year_from, year_to, venue_type, as_of }) => ({
      path: '/api/v1/papers/search',
      query: { q, mode, topic, limit, offset, min_score, lang, shelf, highlight: highlight !== false, author, since, facets, sort, collapse, cursor, year_from, year_to, venue_type, as_of },
    }),
  }),
];

/** The data-API llms.txt's lines for these endpoints (section "Endpoints"). */
export const semanticLlmsTxt = (): string[] => [
    `- [Paper search](/api/v1/papers/search): \`q\` (required, ${S.queryMin} to ${n(S.queryMax)} characters, except in keyword mode with \`author\`, which alone lists that author's papers newest first), \`mode\` one of ${list(SEMANTIC_MODES)} (default \`vector\`), \`topic\` (a topic slug), \`limit\` ${S.limitMin} to ${S.limitMax} (default ${S.limitDefault}), \`offset\` (offset + limit at most ${n(SEMANTIC_WINDOWS.keyword)} in keyword, ${SEMANTIC_WINDOWS.vector} in vector, ${SEMANTIC_WINDOWS.hybrid} in hybrid mode), \`min_score\` 0 to 100, \`lang\` \`ja\`/\`en\`/\`all\`, \`shelf\` one of ${list([...SHELVES, 'all'])}, keyword mode also \`author\`, \`since\`, \`facets\`, \`sort\` (\`relevance\`/\`newest\`/\`cited_by\`), \`collapse=versions\`, \`cursor\` (deep paging: \`*\`, then \`next_cursor\`), \`year_from\`, \`year_to\`, \`venue_type\` as on the public search (vector and hybrid modes refuse them: 400 with the parameter's code), \`highlight\` \`true\` (each record's \`highlights\`: where the words of q occur in it, UTF-16 offsets and a snippet). Hybrid mode takes a question in sentences (any number of words) and fuses a ranked any-term search (BM25) with the vector search. Keyword mode: any number of terms within q's ${n(S.queryMax)} characters (the public search's limit of 5 does not apply), each of at least ${S.keywordTermMinChars} characters, all AND-combined, each matched as a substring, so split Japanese and Chinese phrases into words (\`炭素税 効果\`, not \`炭素税の効果\`); an answer with \`total\` 0 carries \`suggestion\` \`{ kind, q, total, reason, dropped? }\`: for an unspaced phrase (\`kind\` \`split\`) the words split apart and their count, otherwise (\`kind\` \`subset\`) the largest set of the terms that matches papers together, its count, and the terms left out (\`dropped\`; the first ${SUBSET_SEARCH.maxTerms} distinct terms tried, at most ${SUBSET_SEARCH.maxCounts} sets counted). \`format\` \`bibtex\`/\`ris\`/\`csl-json\`/\`csv\` (or the matching Accept types) answers the same page as a citation file or CSV, in any mode.`,
    `- [Paper export](/api/v1/papers/export): a whole keyword match set streamed newest first, as JSON Lines (the default: one record per line, then a closing \`{"next_cursor", "count"}\` line) or \`format=csv\`; the keyword search's \`q\`/\`author\` and filters, \`limit\` up to ${n(EXPORT_LIMITS.maxPerCall)} records a call, \`cursor\` to continue; one request of the allowance per ${n(EXPORT_LIMITS.recordsPerRequest)} records (\`X-Request-Cost\`). For pipelines; no MCP tool (page the search instead).`,
];
