import { SHELVES, TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { EnrichmentError, type RelevanceScorer, type Summariser } from '../../services/ingest-worker/enrich/enrichment.port';
import { newPaper } from '../support/paper-fixtures';

export interface EnrichmentHarness {
  scorer: RelevanceScorer;
  summariser: Summariser;
  /** Makes the backend fail from now on; undefined for an adapter that cannot fail (the heuristics). */
  breakBackend?: () => void;
  close(): Promise<void>;
}

const papers = [
  newPaper({ id: 'h2', title: 'Hydrogen storage in salt caverns', abstract: 'Underground hydrogen storage for Japan.', lang: 'en', year: 2024 }),
  newPaper({ id: 'ja', title_ja: '水素の地下貯蔵', abstract: '水素を岩塩空洞に貯蔵する。', lang: 'ja', year: 2024 }),
  newPaper({ id: 'none', title: 'A survey of medieval poetry', lang: 'en', year: 2020 }),
];

/**
 * What every relevance scorer and summariser must do (DESIGN §3): one answer per paper, in order,
 * within the paper schema's rules (score 0–100, a topic slug, a shelf, at most 8 distinct tags);
 * the same answer for the same paper; a paper's own titles kept; and a backend that fails surfaces as
 * EnrichmentError, so the batch fails whole and is retried.
 */
export function enrichmentContract(makeHarness: () => Promise<EnrichmentHarness>): void {
  let harness: EnrichmentHarness;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  it('scores every paper, in order, within the rules of the paper record', async () => {
    const relevance = await harness.scorer.score(papers);
    expect(relevance).toHaveLength(papers.length);
    for (const r of relevance) {
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(100);
      expect(TOPIC_SLUGS).toContain(r.topic);
      expect([...SHELVES, null]).toContain(r.shelf);
      expect(r.tags.length).toBeLessThanOrEqual(8);
      expect(new Set(r.tags).size).toBe(r.tags.length);
    }
    // A hydrogen paper outranks one on medieval poetry, whoever judges.
    expect(relevance[0]!.score).toBeGreaterThan(relevance[2]!.score);
  });

  it('gives the same paper the same answer', async () => {
    expect(await harness.scorer.score(papers)).toEqual(await harness.scorer.score(papers));
    expect(await harness.summariser.summarise(papers)).toEqual(await harness.summariser.summarise(papers));
  });

  it('summarises every paper, in order, keeping the titles a paper has in its own language', async () => {
    const summaries = await harness.summariser.summarise(papers);
    expect(summaries).toHaveLength(papers.length);
    expect(summaries[1]!.title_ja).toBe('水素の地下貯蔵');
    for (const [i, s] of summaries.entries()) {
      if (papers[i]!.title_en) expect(s.title_en).toBe(papers[i]!.title_en);
      for (const text of [s.ai_summary_en, s.ai_summary_ja, s.title_en, s.title_ja]) if (text !== null) expect(text.trim()).not.toBe('');
    }
  });

  it('answers nothing for no papers', async () => {
    expect(await harness.scorer.score([])).toEqual([]);
    expect(await harness.summariser.summarise([])).toEqual([]);
  });

  it('surfaces a failing backend as EnrichmentError (the batch is retried whole), when it has one', async () => {
    if (!harness.breakBackend) return expect(await harness.scorer.score(papers)).toHaveLength(papers.length);
    harness.breakBackend();
    await expect(harness.scorer.score(papers)).rejects.toBeInstanceOf(EnrichmentError);
    await expect(harness.summariser.summarise(papers)).rejects.toBeInstanceOf(EnrichmentError);
  });
}
