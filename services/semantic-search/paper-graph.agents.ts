import { type AgentTool, CHARGED_LIKE_HTTP, defineTool } from '../../shared/agents/agent-tool';
import { compactAnswer, compactPaperSchema, COMPACT_RECORDS_FOR_AGENTS } from '../../shared/agents/compact';
import { CITED_BY_FOR_AGENTS, GRAPH_LLMS_PAGING, GRAPH_TOOL_PAGING, GRAPH_TOOL_PARAMS, graphPageSchemas, REFERENCES_FOR_AGENTS } from '../../modules/papers';
import { CITED_BY_PATH, REFERENCES_PATH } from './paper-graph.routes';
import { semanticPaperSchema } from './semantic-paper';

/** The same answers with compact records, as the MCP tools give them. */
const COMPACT_PAGES = graphPageSchemas(compactPaperSchema(semanticPaperSchema));

const RECORDS = `records are the paper search's (vector_score and keyword_score null: nothing was searched), compact: ${COMPACT_RECORDS_FOR_AGENTS}`;

/** The data API's citation tools: thin adapters over its references and cited-by pages. */
export const API_GRAPH_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'getReferences',
    title: "List a paper's references",
    description: `${REFERENCES_FOR_AGENTS} The same as GET /api/v1/papers/{id}/references on the data API; ${RECORDS} ${GRAPH_TOOL_PAGING} ${CHARGED_LIKE_HTTP}`,
    input: GRAPH_TOOL_PARAMS,
    output: COMPACT_PAGES.references,
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ id, cursor, limit, as_of }) => ({ path: REFERENCES_PATH(id), query: { cursor, limit, as_of } }),
  }),
  defineTool({
    name: 'getCitedBy',
    title: 'List the papers citing a paper',
    description: `${CITED_BY_FOR_AGENTS} The same as GET /api/v1/papers/{id}/cited-by on the data API; ${RECORDS} ${GRAPH_TOOL_PAGING} ${CHARGED_LIKE_HTTP}`,
    input: GRAPH_TOOL_PARAMS,
    output: COMPACT_PAGES.citedBy,
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ id, cursor, limit, as_of }) => ({ path: CITED_BY_PATH(id), query: { cursor, limit, as_of } }),
  }),
];

/** The data-API llms.txt's lines for these endpoints (section "Endpoints"). */
export const paperGraphLlmsTxt = (): string[] => [
  `- [A paper's references](/api/v1/papers/{id}/references): the works the paper cites, in its own order, each the cited paper's record as the paper search gives it (scores null) when it is in this corpus, else \`{ doi, openalex_id }\` (no \`id\`); \`total\` is its \`references_count\`. ${GRAPH_LLMS_PAGING} One request of the key's allowance a page.`,
  `- [Papers citing a paper](/api/v1/papers/{id}/cited-by): the papers of this corpus citing it, newest first (year descending, papers without a year last, then id), each once, as paper search records (scores null); \`total\` is its \`cited_by_corpus_count\`. ${GRAPH_LLMS_PAGING} One request of the key's allowance a page.`,
];
