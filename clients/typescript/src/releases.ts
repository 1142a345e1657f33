import type { Middleware } from 'openapi-fetch';

/** The response header naming the release of the corpus that answered (quote it in citation). */
export const DATASET_VERSION_HEADER = 'X-Dataset-Version';

/**
 * The release that answered: the `X-Dataset-Version` of a response, of a call's answer or of a
 * ProblemError (anything carrying its `response`), or undefined when it has none.
 */
export function datasetVersion(answer: Response | { response: Response }): string | undefined {
  const response = answer instanceof Response ? answer : answer.response;
  return response.headers.get(DATASET_VERSION_HEADER) ?? undefined;
}

/**
 * Adds `as_of=<release>` to the query of the operations that take it (`METHOD /path`, as the
 * generated AS_OF_OPERATIONS lists them), unless the call gives its own `as_of`. Any other operation
 * is sent unchanged: a parameter it does not take would be refused (400 `unknown_parameter`).
 */
export function asOfMiddleware(release: string, operations: readonly string[]): Middleware {
  const takesAsOf = new Set(operations);
  return {
    onRequest({ request, schemaPath }) {
      if (!takesAsOf.has(`${request.method.toUpperCase()} ${schemaPath}`)) return undefined;
      const url = new URL(request.url);
      if (url.searchParams.has('as_of')) return undefined;
      url.searchParams.set('as_of', release);
      return new Request(url, request);
    },
  };
}
