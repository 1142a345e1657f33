import type { Database } from '../../shared/db/database';
import { storedAlone, type Paper } from '../../shared/papers/paper.schema';
import { parsePaperInput, type PaperInput } from '../../modules/papers/paper-input';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';

/** Papers of the site's suites: each carries a unique tag, so a search finds exactly it. */
export const JA_PAPER: PaperInput = {
  doi: 'https://doi.org/10.5555/GX.2024.001',
  title: '水素サプライチェーンの炭素強度評価',
  title_ja: '水素サプライチェーンの炭素強度評価',
  title_en: 'Carbon intensity of hydrogen supply chains',
  authors: ['山田 太郎', 'Jane Doe'],
  year: 2024,
  abstract: '原著の抄録。',
  ai_summary_en: 'An English AI summary of hydrogen supply chains.',
  ai_summary_ja: '水素サプライチェーンに関する日本語の要約。',
  source_url: 'https://example.org/papers/h2',
  venue: 'Journal of GX Studies',
  venue_type: 'journal',
  topic: 'hydrogen',
  tags: ['水素', 'supply chain', 'fixtureja'],
  lang: 'ja',
  publication_date: '2024-03-15',
  pdf_url: 'https://example.org/papers/h2.pdf',
};

export const EN_PAPER: PaperInput = {
  id: 'conf-2022-17',
  title: 'Carbon Pricing in Practice',
  authors: ['Ana García', 'Bob Smith'],
  year: 2022,
  abstract: 'The original abstract of a conference paper on carbon pricing.',
  venue: 'GX Conference 2022',
  venue_type: 'conference',
  topic: 'carbon_pricing',
  tags: ['carbon tax', 'fixtureen'],
  lang: 'en',
};

/** Every character HTML, attributes, JSON-LD and BibTeX treat specially, in every text field a page shows. */
export const HOSTILE_TITLE = `</script><script>alert(1)</script> "Quoted" & 'single' {brace} 100% $5 #1 a_b ~x ^y \\z`;
export const HOSTILE_PAPER: PaperInput = {
  id: 'hostile-1',
  title: HOSTILE_TITLE,
  authors: ['<script>alert("author")</script>', `O'Brien & "Sons"`],
  year: 2021,
  abstract: `<img src=x onerror=alert(2)> & "more" </script><!-- 'end'`,
  source_url: 'https://example.org/hostile?a=1&b=2',
  venue: '<i>Venue</i> & "Co"',
  venue_type: 'journal',
  topic: 'greenwashing',
  tags: ['<b>tag</b>', 'fixturehostile'],
  lang: 'en',
};

/** The paper a fixture is stored as (its id derived from its identity, as the loader does). */
export function storedPaper(input: PaperInput, updatedAt = '2024-05-01T00:00:00.000Z'): Paper {
  const parsed = parsePaperInput(input);
  if (!parsed.ok) throw new Error(`bad fixture: ${parsed.error}`);
  return storedAlone(parsed.paper, updatedAt);
}

export const idOf = (input: PaperInput) => storedPaper(input).id;

/** Loads papers into a test database through the loader, as `gx load papers` would. */
export async function loadFixtures(db: Database, inputs: PaperInput[]): Promise<void> {
  const report = await loadPapers(recordsAsLines(inputs), new PaperRepository(db));
  if (report.inserted + report.updated !== inputs.length) throw new Error(`fixtures not loaded: ${JSON.stringify(report)}`);
}
