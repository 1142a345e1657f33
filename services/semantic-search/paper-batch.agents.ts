import { type AgentTool, CHARGED_LIKE_HTTP, defineTool, param } from '../../shared/agents/agent-tool';
import { compactAnswer, compactAnswerSchema, COMPACT_RECORDS_FOR_AGENTS } from '../../shared/agents/compact';
import { MAX_REF_CHARS, REF_RULE, AS_OF_TOOL_PARAM } from '../../modules/papers';
import { BATCH_PATH } from './paper-batch.routes';
import { API_BATCH_LIMITS as L, apiBatchResponseSchema } from './paper-batch.schema';

const COST = `A call counts for one request of the key's allowance per ${L.idsPerRequest} distinct ids (⌈distinct / ${L.idsPerRequest}⌉).`;

/** The data API's batch lookup as an MCP tool. */
export const API_BATCH_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'getPapers',
    title: 'Get several papers by id, DOI or OpenAlex work id',
    description: [
      `Up to ${L.maxIds} papers at once, in the order asked (POST ${BATCH_PATH} on the data API): each id is a paper id (as a search result gives it), a DOI as doi:10.… or an OpenAlex work id as openalex:W….`,
      'Answers { count, found, results[] }: results has one entry per id, same order and length, the paper search\'s record (vector_score and keyword_score null) or null when nothing has that id.',
      `Records are compact: ${COMPACT_RECORDS_FOR_AGENTS}`,
      `A malformed id: tool error invalid_ids (invalid_positions lists them, from 0); more than ${L.maxIds}: too_many_ids.`,
      COST,
      CHARGED_LIKE_HTTP,
    ].join(' '),
    input: {
      ids: param.textList({ description: `1 to ${L.maxIds} ids: ${REF_RULE}; at most ${MAX_REF_CHARS} characters each.`, minItems: 1, maxItems: L.maxIds }),
      as_of: AS_OF_TOOL_PARAM,
    },
    output: compactAnswerSchema(apiBatchResponseSchema, 'results'),
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ ids, as_of }) => ({ path: BATCH_PATH, query: { as_of }, body: { ids } }),
  }),
];

/** The data-API llms.txt's line for the batch lookup (section "Endpoints"). */
export const paperBatchLlmsTxt = (): string[] => [
  `- [Papers by a list of ids](/api/v1/papers/batch): \`POST /api/v1/papers/batch\` (MCP tool \`getPapers\`) with a JSON body \`{ "ids": [...] }\`, 1 to ${L.maxIds} ids, each a paper id, \`doi:10.…\` or \`openalex:W…\`. Answers \`{ count, found, results }\`: \`results\` in the same order and length as \`ids\`, each the paper search's record (scores null) or \`null\` when no paper has that id; a repeated id is answered at each of its positions. A malformed id: 400 \`invalid_ids\` with \`invalid_positions\`. ${COST}`,
];
