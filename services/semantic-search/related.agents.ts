import { AS_OF_TOOL_PARAM } from '../../modules/papers';
import { CHARGED_LIKE_HTTP, defineTool, param, type AgentTool } from '../../shared/agents/agent-tool';
import { compactAnswer, compactAnswerSchema, COMPACT_RECORDS_FOR_AGENTS } from '../../shared/agents/compact';
import { SINCE_DESCRIPTION } from '../../shared/http/since-param';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { RELATED_LIMITS as L } from './related-params';
import { recommendationsAnswerSchema, relatedAnswerSchema } from './related-response.schema';

const ID = { description: 'Paper id, as a search result gives it (e.g. "p_" followed by 16 characters).', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' };

/** The filters both tools take, documented as over HTTP. */
const FILTERS = {
  topic: param.optionalText({ description: 'Only papers with this primary topic.', enum: TOPIC_SLUGS }),
  lang: param.optionalText({ description: '`ja` and `en` include multilingual papers.', enum: ['ja', 'en', 'all'], default: 'all' }),
  limit: param.optionalInteger({ description: 'Papers to return.', minimum: L.limitMin, maximum: L.limitMax, default: L.limitDefault }),
  year_from: param.optionalInteger({ description: 'Only papers published in or after this year.', minimum: 1000, maximum: 2100 }),
  year_to: param.optionalInteger({ description: 'Only papers published in or before this year.', minimum: 1000, maximum: 2100 }),
  since: param.optionalText({ description: SINCE_DESCRIPTION }),
  as_of: AS_OF_TOOL_PARAM,
};

const SIGNALS_FOR_AGENTS =
  'Four signals are fused (reciprocal rank fusion): vector (near its embedding), bibliographic_coupling (shares references), co_citation (cited together by the same papers) and lexical (alike in title, tag and topic words); each record names the signals that found it (signals) and its related_score. An answer that could not consult a signal (the vector index still starting) says so in signals_unavailable and comes from the others.';

/** Related papers and recommendations on the data API as MCP tools. */
export const RELATED_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'getRelatedPapers',
    title: 'Get papers related to one paper',
    description: [
      'Papers related to one paper (GET /api/v1/papers/{id}/related on the data API): never the paper itself nor another version of it, each work once.',
      SIGNALS_FOR_AGENTS,
      `Records are compact: ${COMPACT_RECORDS_FOR_AGENTS}`,
      'Unknown id: tool error not_found; malformed id: invalid_id.',
      CHARGED_LIKE_HTTP,
    ].join(' '),
    input: { id: param.text(ID), ...FILTERS },
    output: compactAnswerSchema(relatedAnswerSchema, 'results'),
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ id, topic, lang, limit, year_from, year_to, since, as_of }) => ({
      path: `/api/v1/papers/${encodeURIComponent(id)}/related`,
      query: { topic, lang, limit, year_from, year_to, since, as_of },
    }),
  }),
  defineTool({
    name: 'recommendPapers',
    title: 'Recommend papers like some and unlike others',
    description: [
      `Papers like the positive ones and unlike the negative ones (POST /api/v1/papers/recommendations on the data API): at least one positive id, at most ${L.maxGivenIds} ids in all. Never a given paper nor another version of one.`,
      SIGNALS_FOR_AGENTS,
      "Negatives push their own neighbours down (the vector query is Rocchio's: the positives' mean minus a quarter of the negatives').",
      `Records are compact: ${COMPACT_RECORDS_FOR_AGENTS}`,
      'An id no paper has: tool error unknown_paper (unknown_ids lists them); an id in both lists: conflicting_ids; too many: too_many_ids.',
      CHARGED_LIKE_HTTP,
    ].join(' '),
    input: {
      positive: param.textList({ description: 'Ids of papers the recommendations should be like (at least one).', minItems: 1, maxItems: L.maxGivenIds }),
      negative: param.optionalTextList({ description: 'Ids of papers they should be unlike.', maxItems: L.maxGivenIds }),
      ...FILTERS,
    },
    output: compactAnswerSchema(recommendationsAnswerSchema, 'results'),
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ positive, negative, topic, lang, limit, year_from, year_to, since, as_of }) => ({
      path: '/api/v1/papers/recommendations',
      query: { as_of },
      body: { positive, negative, topic, lang, limit, year_from, year_to, since },
    }),
  }),
];

/** The data-API llms.txt's lines for these endpoints (section "Endpoints"). */
export const relatedLlmsTxt = (): string[] => [
  `- [Related papers](/api/v1/papers/{id}/related): \`GET /api/v1/papers/{id}/related\`, papers related to one paper by four signals fused with reciprocal rank fusion (\`vector\`: near its stored embedding; \`bibliographic_coupling\`: sharing references; \`co_citation\`: cited together by the same papers; \`lexical\`: a "more like this" query of its title, tag and topic words), never the paper itself nor another version of it, each work once. Parameters \`limit\` ${L.limitMin} to ${L.limitMax} (default ${L.limitDefault}), \`topic\`, \`lang\`, \`year_from\`, \`year_to\`, \`since\` (ISO 8601 date or instant: papers added to the corpus at or after it), \`as_of\` (a release id: the answer as of that release, the same every time). Answers \`{ paper_id, count, limit, results, signals_used, signals_unavailable? }\`, each record with \`related_score\` and \`signals\`; a signal that cannot answer now (the vector index still starting) is named in \`signals_unavailable\` and the others answer.`,
  `- [Recommendations](/api/v1/papers/recommendations): \`POST /api/v1/papers/recommendations\` with a JSON body \`{ positive: [ids], negative?: [ids], limit?, topic?, lang?, year_from?, year_to?, since? }\` (at least one positive, at most ${L.maxGivenIds} ids in all; \`?as_of=\` a release id answers as of it): papers like the positives and unlike the negatives, by the same four signals (the vector query is Rocchio's), never a given paper nor another version of one. An id no paper has: 400 \`unknown_paper\` with \`unknown_ids\`. One request of the key's allowance.`,
];
