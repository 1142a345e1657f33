import type { ServerResponse } from 'node:http';
import type { Config } from '../../shared/config/config';

/** Provenance on every data-API response, errors and 429s included (spec 001 §9). */
export function provenanceHeaders(config: Config['provenance']): (res: ServerResponse) => void {
  // Header values must be Latin-1; the disclaimer is configurable, so encode anything else.
  const safe = (v: string) => (/^[\x20-\x7e]*$/.test(v) ? v : encodeURIComponent(v));
  const headers: [string, string][] = [
    ['X-Dataset-Version', safe(config.datasetVersion)],
    ['X-SNE-Framework-DOI', safe(config.frameworkDoi)],
    ['X-Disclaimer', safe(config.disclaimer)],
  ];
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
