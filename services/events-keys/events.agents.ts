import { CHARGED_LIKE_HTTP, defineTool, outputOf, param, type AgentTool } from '../../shared/agents/agent-tool';
import { eventPageSchema, eventSchema } from './event.schema';
import { EVENT_LIMITS, EVENT_STATUSES } from './event-params';

const seg = encodeURIComponent;
const list = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');

/** The intelligence-event reads of spec 001 §4.8 as MCP tools (key applications and the Internal-only writes stay HTTP-only). */
export const EVENT_TOOLS: readonly AgentTool[] = [
  defineTool({
    name: 'listIntelligenceEvents',
    title: 'List intelligence events',
    description: `The intelligence-event index, newest first (GET /api/v1/intelligence-events): references to papers, articles and company evidence, never copies. Answers { data, count, limit, next_cursor }; pass next_cursor as cursor for the next page. A normal key sees only published events. ${CHARGED_LIKE_HTTP}`,
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
    output: outputOf(eventPageSchema),
    request: (a) => ({
      path: '/api/v1/intelligence-events',
      query: { event_type: a.event_type, status: a.status, subject_kind: a.subject_kind, subject_id: a.subject_id, occurred_from: a.occurred_from, occurred_to: a.occurred_to, limit: a.limit, cursor: a.cursor },
    }),
  }),
  defineTool({
    name: 'getIntelligenceEvent',
    title: 'Get one intelligence event',
    description: `One intelligence event by id (GET /api/v1/intelligence-events/{id}). ${CHARGED_LIKE_HTTP}`,
    input: { id: param.text({ description: 'Event id: evt_ followed by 20 characters.' }) },
    output: outputOf(eventSchema),
    request: ({ id }) => ({ path: `/api/v1/intelligence-events/${seg(id)}` }),
  }),
];

/** The data-API llms.txt's lines for these endpoints (section "Endpoints"). */
export const eventsLlmsTxt = (): string[] => [
    `- [Intelligence events](/api/v1/intelligence-events): \`event_type\`, \`status\` one of ${list(EVENT_STATUSES)}, \`subject_kind\`, \`subject_id\`, \`occurred_from\` / \`occurred_to\` (ISO 8601 or Unix epoch seconds), \`limit\` ${EVENT_LIMITS.limitMin} to ${EVENT_LIMITS.limitMax} (default ${EVENT_LIMITS.limitDefault}), \`cursor\`. Answers \`{ data, count, limit, next_cursor }\`. A normal key sees only published events.`,
];
