import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { ErrorCodes } from '../../shared/openapi/problem';
import { apiOperation } from '../../shared/openapi/data-api-operation';
import { releaseListSchema } from './release.schema';
import { RELEASES_PATH } from './releases.routes';

/** What `as_of` adds to an operation's problems, by status (both doors' documents). */
export const AS_OF_ERRORS = {
  400: { invalid_as_of: 'as_of is not a release id', unknown_release: 'as_of names no release that was cut (`detail` names the latest)' },
  410: { release_expired: 'the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)' },
  503: {
    release_preparing: "the search index (or, in vector and hybrid modes, the vectors) of the release as_of names is being opened or built (the latest release's is ready before anyone asks); retry after Retry-After seconds",
    release_unavailable: 'the search index (or the vectors) of the release as_of names could not be prepared; retry after Retry-After seconds',
  },
} as const satisfies Record<number, ErrorCodes>;

/** What the releases are and how to cite with them: the description of `GET /api/v1/releases` on both doors. */
export const RELEASES_DESCRIPTION = [
  'The dataset releases still kept, newest first. A release is a named, immutable state of the corpus, cut by the daily ingest once its run has ended (and by the operator after a load): its id is the UTC date of the cut (`2026-11-28`, then `2026-11-28.2` for a second cut that day); the first release kept the name the corpus was cited by before releases.',
  'Every answer about papers carries `X-Dataset-Version`: the release it was given as of (`as_of`), or, without `as_of`, the latest release, followed by `+unreleased` when papers changed since it was cut (the answer then holds changes no release holds yet: cite the answer with `as_of` set to get one that can be had again).',
  'Pass a release id as `as_of` to the keyword search, a paper, its references or its cited-by (both doors) to get the answer as of that release, byte for byte the same for as long as the release is kept: a release is kept for `retention_days` after the next one is cut (`kept_until`); after that `as_of` it is 410 `release_expired`.',
].join('\n\n');

/** `GET /api/v1/releases` in the data API's OpenAPI document. */
export function releasesApiPaths(): ZodOpenApiPathsObject {
  return {
    [RELEASES_PATH]: {
      get: apiOperation({
        operationId: 'listReleases',
        summary: 'The dataset releases, newest first',
        description: `${RELEASES_DESCRIPTION}\n\nEach answer is charged to the key like any request.`,
        tags: ['Papers'],
        access: 'key',
        success: { status: 200, description: 'The releases still kept.', schema: releaseListSchema },
      }),
    },
  };
}
