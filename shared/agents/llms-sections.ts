/** The llms.txt sections modules add lines to (`DoorContribution.llmsTxt`); the gateway writes the rest. */
export const LLMS_SECTIONS = {
  /** The public door's operations. */
  publicApi: 'API',
  /** The data-API door's operations. */
  apiEndpoints: 'Endpoints (GET unless a line says POST)',
  /** Links an agent may skip (llmstxt.org's `## Optional`). */
  optional: 'Optional',
} as const;
