import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { cacheControl, headerSet, provenanceHeaders, quotaHeaders, requestIdHeaders } from '../../shared/openapi/headers';
import { apiOperation } from '../../shared/openapi/data-api-operation';
import { problemResponse } from '../../shared/openapi/problem';
import { CHANGE_LIMITS, changesQuerySchema } from './change-params';
import { CURSOR_EXPIRED } from './paper-change-feed';
import { paperChangePageSchema } from './paper-change.schema';
import { CHANGES_PATH } from './paper-changes.routes';

export const CHANGES_TAG = { name: 'Paper changes', description: 'Every paper added, changed or removed, in commit order, for pipelines that keep a copy of the corpus.' };

/** What the operation says of the feed: the same decisions as docs/data-api.md#paper-changes. */
const description = (retentionDays: string) =>
  [
    'Every change to the papers in commit order: a change visible at a cursor never appears before it later, so a reader that applies the answers in order and passes `next_cursor` back as `since` ends with exactly the papers of the corpus.',
    'Each change carries the paper as it is now (`op: upsert`) or says it is gone (`op: delete`, `paper: null`); apply a change by putting the record under its `paper_id`, or removing that id.',
    '`since` absent or `0` reads from the beginning: the log holds, at least, the latest change of every paper that exists.',
    `**Retention.** Every change is kept ${retentionDays}; after that a paper's older changes are coalesced into its latest (a reader behind then sees each paper once, as it is now) and removals are dropped. A cursor expires only when a removal after it is dropped, which cannot happen to a reader that keeps up (whose oldest unread change is younger than the retention): then 410 \`${CURSOR_EXPIRED}\`, and the reader starts over from the beginning with an empty copy.`,
    'Each answer is charged to the key like any request.',
  ].join('\n\n');

/** The feed in the data API's OpenAPI document. */
export function paperChangesPaths(): ZodOpenApiPathsObject {
  const operation = apiOperation({
    operationId: 'listPaperChanges',
    summary: 'Papers added, changed or removed, in commit order, after a cursor',
    description: description('for `PAPER_CHANGES_RETENTION_DAYS` days (30 unless the operator set otherwise)'),
    tags: [CHANGES_TAG.name],
    access: 'key',
    requestParams: { query: changesQuerySchema },
    success: {
      status: 200,
      description: `Up to \`limit\` changes after \`since\` (at most ${CHANGE_LIMITS.limitMax}), and where to continue.`,
      schema: paperChangePageSchema,
      headers: { 'Cache-Control': cacheControl('private, no-store') },
    },
    errors: {
      400: {
        invalid_since: 'since is not 0 or a cursor of a previous answer',
        invalid_limit: `limit is not ${CHANGE_LIMITS.limitMin} to ${CHANGE_LIMITS.limitMax}`,
      },
    },
  });
  const gone = problemResponse(
    410,
    'The cursor no longer holds: start over from the beginning (`since=0`) with an empty copy.',
    { [CURSOR_EXPIRED]: 'a removal after the cursor was dropped by the retention, or the cursor is not one of this database' },
    headerSet(requestIdHeaders, provenanceHeaders, quotaHeaders),
  );
  return { [CHANGES_PATH]: { get: { ...operation, responses: { ...operation.responses, '410': gone } } } };
}
