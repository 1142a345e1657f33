// citation-js 0.8 requires node-fetch 3, an ES module jest cannot require under CommonJS. It only
// fetches when given a URL to read; these tests give it text, so a stand-in without network is enough.
jest.mock('node-fetch', () => ({ __esModule: true, default: () => Promise.reject(new Error('no network in tests')), Headers: class {} }));

import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-csl';

/** A CSL item as citation-js reads a citation file: the one real parser the tests judge the formats by. */
export interface ParsedItem {
  title?: string;
  author?: Array<{ literal?: string; family?: string; given?: string }>;
  issued?: { 'date-parts'?: number[][] };
  DOI?: string;
  URL?: string;
  type?: string;
  'container-title'?: string;
  language?: string;
  abstract?: string;
}

/** Parses a BibTeX, RIS or CSL-JSON text with citation-js; exactly one item expected. */
export function parseCitation(text: string, type: '@biblatex/text' | '@ris/file' | '@csl/list+object'): ParsedItem {
  const input = type === '@csl/list+object' ? JSON.parse(text) : text;
  const items = new Cite(input, { forceType: type }).data as ParsedItem[];
  if (items.length !== 1) throw new Error(`expected one item, got ${items.length}`);
  return items[0]!;
}

/** A parsed author back as a display name: the literal, else "Given Family". */
export const displayName = (a: { literal?: string; family?: string; given?: string }) =>
  a.literal ?? [a.given, a.family].filter(Boolean).join(' ');
