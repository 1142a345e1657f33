// Generated from the OpenAPI documents (`gx openapi public|api`) by clients/typescript/scripts/generate-types.mjs: do not edit.
// Regenerate with `npm run client:generate` at the repository root.

/** Each door's operations whose query takes `as_of` (`METHOD /path`): those a client pinned to a release adds it to. */
export const AS_OF_OPERATIONS = {
  publicDoor: ["GET /api/v1/papers/search","GET /api/v1/papers/{id}","GET /api/v1/papers/{id}/cited-by","GET /api/v1/papers/{id}/references","GET /api/v1/papers/{id}/related","POST /api/v1/papers/batch"] as readonly string[],
  dataApi: ["GET /api/v1/papers/export","GET /api/v1/papers/search","GET /api/v1/papers/{id}/cited-by","GET /api/v1/papers/{id}/references","GET /api/v1/papers/{id}/related","POST /api/v1/papers/batch","POST /api/v1/papers/recommendations"] as readonly string[],
} as const;
