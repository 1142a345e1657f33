import path from 'node:path';
import type { Config } from '../../../shared/config/config';
import { JsonlFileSource } from './jsonl-file.source';
import { OpenAlexSource } from './openalex.source';
import type { PaperSource } from './paper-source.port';

/**
 * A source by name or file: `openalex` (configured by OPENALEX_*), or the path of a JSON Lines file
 * (anything containing a slash or ending in `.jsonl`). Anything else is refused with the choices.
 */
export function resolveSource(spec: string, config: Config): PaperSource {
  if (spec === 'openalex') {
    return new OpenAlexSource({
      baseUrl: config.openalex.url,
      filter: config.openalex.filter,
      mailto: config.openalex.mailto,
      perPage: config.ingest.pageSize,
      timeoutMs: config.openalex.timeoutMs,
      attempts: 5,
      backoffMs: 1_000,
    });
  }
  if (spec.includes('/') || spec.includes(path.sep) || spec.endsWith('.jsonl')) return new JsonlFileSource(path.resolve(spec));
  throw new UnknownSourceError(spec);
}

export class UnknownSourceError extends Error {
  constructor(spec: string) {
    super(`unknown ingest source "${spec}": use openalex or the path of a JSON Lines file`);
    this.name = 'UnknownSourceError';
  }
}
