import fs from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../support/test-run';

/** A climate paper the heuristic gate admits (carbon pricing terms in title and abstract). */
export function climatePaper(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `src-${n}`,
    doi: `10.5555/gx-ingest.${n}`,
    title: `Carbon pricing and emissions trading in regional power markets, case ${n}`,
    abstract:
      `We study carbon pricing, a carbon tax and emissions trading for decarbonisation of power markets (case ${n}). ` +
      'Greenhouse gas emissions fall as the carbon price rises; renewable energy and energy efficiency respond.',
    authors: ['A. Researcher', 'B. Scholar'],
    year: 2025,
    publication_date: '2025-06-01',
    venue: 'Journal of Climate Economics',
    source_url: `https://example.org/papers/${n}`,
    lang: 'en',
    ...extra,
  };
}

/** Clearly off-topic: no vocabulary term at all. */
export const offTopicPaper = {
  id: 'src-off',
  doi: '10.5555/gx-ingest.off',
  title: 'Protein folding kinetics of a small bacterial enzyme',
  abstract: 'We measure folding rates of a bacterial enzyme by stopped-flow fluorescence and discuss transition states.',
  year: 2025,
  lang: 'en',
};

export const japanesePaper = {
  id: 'src-ja',
  title: '日本の排出量取引制度と炭素税による脱炭素の効果',
  abstract: 'カーボンプライシング（炭素税と排出量取引）が日本企業の温室効果ガス排出と脱炭素投資に与える影響を分析する。',
  year: 2024,
};

export function writeJsonl(records: unknown[]): string {
  const dir = scratchDir('ingest');
  const file = path.join(dir, 'papers.jsonl');
  fs.writeFileSync(file, records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n');
  return file;
}
