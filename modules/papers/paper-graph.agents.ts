import { param } from '../../shared/agents/agent-tool';
import { GRAPH_LIMITS as L } from './paper-graph.params';
import { AS_OF_TOOL_PARAM } from './as-of-param';

/**
 * What both doors' citation tools (`getReferences`, `getCitedBy`) and llms.txt lines share: the
 * input (JSON types; ranges documented, enforced by the HTTP layer) and the words on paging and errors.
 */
export const GRAPH_TOOL_PARAMS = {
  id: param.text({ description: 'Paper id (the `id` of a search result), e.g. "p_" followed by 16 characters.', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  cursor: param.optionalText({ description: "Omit it (or `*`) for the first page; then the previous answer's next_cursor, unchanged, until it is null. No depth limit." }),
  limit: param.optionalInteger({ description: 'Records per page.', minimum: L.limitMin, maximum: L.limitMax, default: L.limitDefault }),
  as_of: AS_OF_TOOL_PARAM,
};

export const GRAPH_TOOL_PAGING = `Answers { paper_id, total, count, limit, next_cursor, results }. Page with cursor: omit it for the first page, then pass next_cursor until it is null (keyset paging: no depth limit, no repeats or gaps while papers are added). limit ${L.limitMin}–${L.limitMax} (default ${L.limitDefault}). Unknown paper: tool error not_found; malformed id: invalid_id; a cursor that is not a next_cursor of this tool: invalid_cursor; limit out of range: invalid_limit.`;

export const GRAPH_LLMS_PAGING = `Parameters: \`cursor\` (\`*\` or absent for the first page, then each answer's \`next_cursor\`, unchanged, until it is null; keyset paging with no depth limit, no repeats or gaps while papers are added; another value: 400 \`invalid_cursor\`), \`limit\` ${L.limitMin} to ${L.limitMax} (default ${L.limitDefault}). Answers \`{ paper_id, total, count, limit, next_cursor, results }\`. Unknown paper: 404 \`not_found\`; malformed id: 400 \`invalid_id\`.`;

/** What the citation tools say about their order and totals. */
export const REFERENCES_FOR_AGENTS = "The works one paper cites, in the paper's own order: each is the cited paper's record when it is in this corpus, else an external reference { doi, openalex_id } (no id; one of the two is null). total is the paper's references_count (every reference it lists, in the corpus or not).";
export const CITED_BY_FOR_AGENTS = "The papers of this corpus that cite one paper, newest first (publication year descending, papers without a year last, then id), each once. total is the paper's cited_by_corpus_count; a record's cited_by_count is its source's count over all literature, usually larger.";
