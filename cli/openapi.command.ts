import fs from 'node:fs';
import type { Config } from '../shared/config/config';
import { contributionsTo } from '../shared/runtime/module';
import { buildApiOpenApiDocument } from '../services/gateway';
import { buildOpenApiDocument } from '../services/public-search';
import { MODULES } from '../services/registry';

/** The two doors whose OpenAPI documents `gx openapi` writes: the public door and the data API. */
export const OPENAPI_DOORS = ['public', 'api'] as const;
export type OpenApiDoor = (typeof OPENAPI_DOORS)[number];

/**
 * The document a door serves at `/openapi.json`, built from the same schemas without starting
 * anything (no database, no listener): for generating clients (clients/typescript) and for reading
 * offline. The public one names PUBLIC_BASE_URL as its server, as the served one does.
 */
export function openApiDocument(config: Config, door: OpenApiDoor): object {
  return door === 'public' ? buildOpenApiDocument(config.publicBaseUrl) : buildApiOpenApiDocument(contributionsTo('api', [...MODULES.values()]));
}

/** `gx openapi public|api [--out FILE]`: the document as indented JSON, on stdout or into FILE. */
export function openApiCommand(config: Config, door: OpenApiDoor, out?: string): void {
  const text = `${JSON.stringify(openApiDocument(config, door), null, 2)}\n`;
  if (out) fs.writeFileSync(out, text);
  else process.stdout.write(text);
}
