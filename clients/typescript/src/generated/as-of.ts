// Generated from the OpenAPI documents (`gx openapi public|api`) by clients/typescript/scripts/generate-types.mjs: do not edit.
// Regenerate with `npm run client:generate` at the repository root.

/** Each door's operations whose query takes `as_of` (`METHOD /path`): those a client pinned to a release adds it to. */
export const AS_OF_OPERATIONS = {
  publicDoor: [] as readonly string[],
  dataApi: [] as readonly string[],
} as const;
