import type { Config } from '../../shared/config/config';

/** The provenance headers of every data-API response, errors and 429s included (spec 001 §9). */
export function provenanceHeaderValues(config: Config['provenance']): Record<string, string> {
  // Header values must be Latin-1; the disclaimer is configurable, so encode anything else.
  const safe = (v: string) => (/^[\x20-\x7e]*$/.test(v) ? v : encodeURIComponent(v));
  return {
    'X-Dataset-Version': safe(config.datasetVersion),
    'X-SNE-Framework-DOI': safe(config.frameworkDoi),
    'X-Disclaimer': safe(config.disclaimer),
  };
}
