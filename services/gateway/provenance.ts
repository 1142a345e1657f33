import type { ServerResponse } from 'node:http';
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

/** Sets the provenance headers on a response. */
export function provenanceHeaders(config: Config['provenance']): (res: ServerResponse) => void {
  const headers = Object.entries(provenanceHeaderValues(config));
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
