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

/**
 * One work in two versions (a preprint and its journal article: the same title and first author, a
 * year apart, so the papers store groups them), and a paper citing both. The journal article
 * cites the Japanese fixture and a work outside the corpus, and its source counted its citations.
 */
export const PREPRINT_PAPER: PaperInput = {
  doi: '10.5555/site.preprint',
  title: 'Transition Bonds and the Cost of Capital',
  authors: ['長谷川 美咲', 'Jörg Müller'],
  year: 2020,
  abstract: 'A preprint on transition bonds.',
  venue: 'GX Preprints',
  venue_type: 'preprint',
  topic: 'transition_finance',
  tags: ['transition bonds', 'fixturepreprint'],
  lang: 'en',
};

export const JOURNAL_PAPER: PaperInput = {
  ...PREPRINT_PAPER,
  doi: '10.5555/site.journal',
  year: 2021,
  abstract: 'The journal article on transition bonds.',
  venue: 'Journal of Transition Finance',
  venue_type: 'journal',
  tags: ['transition bonds', 'fixturejournal'],
  cited_by_count: 1234,
  references: ['10.5555/GX.2024.001', '10.9999/outside.work.1'],
};

export const CITING_PAPER: PaperInput = {
  id: 'citing-1',
  title: 'Who Pays for Transition Bonds',
  authors: ['Ana García'],
  year: 2023,
  venue_type: 'report',
  topic: 'transition_finance',
  tags: ['fixtureciting'],
  lang: 'en',
  references: ['10.5555/site.journal', '10.5555/site.preprint'],
};
