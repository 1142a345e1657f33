/**
 * @gx-search/client: typed clients of the GX search platform's two doors, generated from their
 * OpenAPI documents (src/generated/), over openapi-fetch.
 */
export { createDataApiClient, createPublicClient, type ClientOptions, type DataApiClientOptions, type DataApiPaths, type GxClient, type PublicPaths } from './clients';
export { errorOf, isProblem, ProblemError, unwrap, UnexpectedResponseError, type DataApiProblemCode, type Problem, type ProblemCode, type PublicProblemCode } from './problem-error';
export { items, pages, type CursorPath, type ItemOf, type PageOf, type PagingOptions } from './paging';
export { asOfMiddleware, DATASET_VERSION_HEADER, datasetVersion } from './releases';
export { DEFAULT_RETRY, retryAfterMs, retryingFetch, type FetchFunction, type RetryEvent, type RetryOptions } from './retry';
export { AS_OF_OPERATIONS } from './generated/as-of';
export type { components as PublicComponents, operations as PublicOperations } from './generated/public-door';
export type { components as DataApiComponents, operations as DataApiOperations } from './generated/data-api';
