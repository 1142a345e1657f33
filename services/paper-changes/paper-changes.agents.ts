import type { Config } from '../../shared/config/config';
import { CHARGED_LIKE_HTTP, defineTool, outputOf, param, type AgentTool } from '../../shared/agents/agent-tool';
import { paperChangePageSchema } from './paper-change.schema';
import { CHANGE_LIMITS as L } from './change-params';
import { CURSOR_EXPIRED } from './paper-change-feed';
import { CHANGES_PATH } from './paper-changes.routes';

/** The change feed as an MCP tool. */
export const PAPER_CHANGE_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'listPaperChanges',
    title: 'List paper changes (follow the corpus)',
    description: [
      `Every paper added, changed or removed, in commit order, after a cursor (GET ${CHANGES_PATH} on the data API).`,
      'Answers { data, count, limit, next_cursor, has_more }; each item is { cursor, op: upsert|delete, paper_id, changed_at, paper } with paper the full record as it is now (null for delete).',
      'Start without since (the beginning names every paper that exists), then pass next_cursor as since; has_more false means caught up.',
      `A cursor behind the log's retention gets ${CURSOR_EXPIRED} (HTTP 410): start over without since.`,
      CHARGED_LIKE_HTTP,
    ].join(' '),
    input: {
      since: param.optionalText({ description: 'next_cursor of the previous answer, unchanged; absent or 0: from the beginning.' }),
      limit: param.optionalInteger({ description: 'Changes per answer.', minimum: L.limitMin, maximum: L.limitMax, default: L.limitDefault }),
    },
    output: outputOf(paperChangePageSchema),
    request: ({ since, limit }) => ({ path: CHANGES_PATH, query: { since, limit } }),
  }),
];

/** The data-API llms.txt's line for the feed (section "Endpoints"). */
export const paperChangesLlmsTxt = (config: Config): string[] => [
  `- [Paper changes](${CHANGES_PATH}): every paper added, changed or removed, in commit order, for pipelines that keep a copy. \`since\` (absent or \`0\`: from the beginning, which names every paper that exists; else the previous answer's \`next_cursor\`, unchanged), \`limit\` ${L.limitMin} to ${L.limitMax} (default ${L.limitDefault}). Answers \`{ data, count, limit, next_cursor, has_more }\`, each item \`{ cursor, op, paper_id, changed_at, paper }\` (\`op\` \`upsert\` with the full record as it is now, or \`delete\` with \`paper\` null). Changes are kept ${config.paperChanges.retentionDays} days, then coalesced per paper; a cursor that missed a removal dropped since answers 410 \`${CURSOR_EXPIRED}\`: start over from the beginning.`,
];
