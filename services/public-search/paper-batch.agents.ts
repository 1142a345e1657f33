import { type AgentTool, defineTool, fieldList, param } from '../../shared/agents/agent-tool';
import { compactAnswer, compactAnswerSchema, COMPACT_RECORDS_FOR_AGENTS } from '../../shared/agents/compact';
import type { Config } from '../../shared/config/config';
import { MAX_REF_CHARS, REF_RULE, AS_OF_TOOL_PARAM } from '../../modules/papers';
import { publicPaperSchema } from '../../shared/papers/public-paper';
import { BATCH_PATH } from './paper-batch.routes';
import { PUBLIC_BATCH_MAX_IDS as MAX } from './paper-batch.schema';
import { publicBatchResponseSchema } from './paper-batch.schema';

const { highlights: _highlights, ...RECORD_FIELDS } = publicPaperSchema.shape;

/** The public door's batch lookup as an MCP tool. */
export const PAPER_BATCH_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'getPapers',
    title: 'Get several papers by id, DOI or OpenAlex work id',
    description: [
      `Up to ${MAX} papers at once, in the order asked (POST ${BATCH_PATH}): each id is a paper id (as a search result gives it), a DOI as doi:10.… or an OpenAlex work id as openalex:W….`,
      'Answers { api_version, count, found, results[] }: results has one entry per id, same order and length, the paper record (as in search) or null when nothing has that id.',
      `Records are compact: ${COMPACT_RECORDS_FOR_AGENTS}`,
      `A malformed id: tool error invalid_ids (invalid_positions lists them, from 0); more than ${MAX}: too_many_ids. One request of the per-IP limit, whatever the number of ids.`,
    ].join(' '),
    input: {
      ids: param.textList({ description: `1 to ${MAX} ids: ${REF_RULE}; at most ${MAX_REF_CHARS} characters each.`, minItems: 1, maxItems: MAX }),
      as_of: AS_OF_TOOL_PARAM,
    },
    output: compactAnswerSchema(publicBatchResponseSchema, 'results'),
    present: (answer) => compactAnswer(answer, 'results'),
    request: ({ ids, as_of }) => ({ path: BATCH_PATH, query: { as_of }, body: { ids } }),
  }),
];

/** The public llms.txt's line for the batch lookup (section "API"). */
export const paperBatchLlmsTxt = (config: Pick<Config, 'publicBaseUrl'>): string[] => [
  `- [Papers by a list of ids](${config.publicBaseUrl}/api/v1/papers/batch): \`POST /api/v1/papers/batch\` (operationId \`getPapers\`, MCP tool \`getPapers\`) with a JSON body \`{ "ids": [...] }\`, 1 to ${MAX} ids, each a paper id, \`doi:10.…\` or \`openalex:W…\`. Answers \`{ api_version, count, found, results }\`: \`results\` in the same order and length as \`ids\`, each the search's record (${fieldList(RECORD_FIELDS)}) or \`null\` when no paper has that id; a repeated id is answered at each of its positions. A malformed id: 400 \`invalid_ids\` with \`invalid_positions\`. One request of the per-IP limit.`,
];
