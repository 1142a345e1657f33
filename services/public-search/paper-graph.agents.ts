import { type AgentTool, defineTool, fieldList } from '../../shared/agents/agent-tool';
import { compactAnswer, compactPaperSchema, COMPACT_RECORDS_FOR_AGENTS } from '../../shared/agents/compact';
import type { Config } from '../../shared/config/config';
import { publicPaperSchema } from '../../shared/papers/public-paper';
import { CITED_BY_FOR_AGENTS, GRAPH_LLMS_PAGING, GRAPH_TOOL_PAGING, GRAPH_TOOL_PARAMS, graphPageSchemas, REFERENCES_FOR_AGENTS } from '../../modules/papers';
import { CITED_BY_PATH, REFERENCES_PATH } from './paper-graph.routes';

/** The same answers with compact records, as the MCP tools give them. */
const COMPACT_PAGES = graphPageSchemas(compactPaperSchema(publicPaperSchema));

const { highlights: _highlights, ...RECORD_FIELDS } = publicPaperSchema.shape;

/** The public door's citation tools: thin adapters over its references and cited-by pages. */
export const PAPER_GRAPH_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'getReferences',
    title: "List a paper's references",
    description: `${REFERENCES_FOR_AGENTS} The same as GET /api/v1/papers/{id}/references; records are the search's, compact: ${COMPACT_RECORDS_FOR_AGENTS} ${GRAPH_TOOL_PAGING}`,
    input: GRAPH_TOOL_PARAMS,
    output: COMPACT_PAGES.references,
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ id, cursor, limit, as_of }) => ({ path: REFERENCES_PATH(id), query: { cursor, limit, as_of } }),
  }),
  defineTool({
    name: 'getCitedBy',
    title: 'List the papers citing a paper',
    description: `${CITED_BY_FOR_AGENTS} The same as GET /api/v1/papers/{id}/cited-by; records are the search's, compact: ${COMPACT_RECORDS_FOR_AGENTS} ${GRAPH_TOOL_PAGING}`,
    input: GRAPH_TOOL_PARAMS,
    output: COMPACT_PAGES.citedBy,
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ id, cursor, limit, as_of }) => ({ path: CITED_BY_PATH(id), query: { cursor, limit, as_of } }),
  }),
];

/** The public llms.txt's lines for these endpoints (section "API"). */
export const paperGraphLlmsTxt = (config: Pick<Config, 'publicBaseUrl'>): string[] => {
  const base = config.publicBaseUrl;
  return [
    `- [A paper's references](${base}/api/v1/papers/{id}/references): \`GET /api/v1/papers/{id}/references\` (operationId \`getPaperReferences\`, MCP tool \`getReferences\`): the works the paper cites, in its own order, each the cited paper's record as in search (${fieldList(RECORD_FIELDS)}) when it is in this corpus, else \`{ doi, openalex_id }\` (no \`id\`); \`total\` is its \`references_count\`. ${GRAPH_LLMS_PAGING}`,
    `- [Papers citing a paper](${base}/api/v1/papers/{id}/cited-by): \`GET /api/v1/papers/{id}/cited-by\` (operationId \`getPaperCitedBy\`, MCP tool \`getCitedBy\`): the papers of this corpus citing it, newest first (year descending, papers without a year last, then id), each once, as search records; \`total\` is its \`cited_by_corpus_count\`. ${GRAPH_LLMS_PAGING}`,
  ];
};
