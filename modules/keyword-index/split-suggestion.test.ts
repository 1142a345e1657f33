import type { Paper, TopicSlug } from '../../shared/papers/paper.schema';
import { splitTerms } from '../../shared/text/normalize';
import { MemoryKeywordIndex } from './keyword-index.memory';
import type { KeywordFilters, KeywordIndex } from './keyword-index.port';
import { splitSuggestion } from './split-suggestion';
import { storedPaper } from '../../tests/support/paper-fixtures';

const LIMITS = { maxTerms: 5, minTermChars: 2, maxChars: 500 };

const paper = (id: string, title_ja: string, topic: TopicSlug): Paper =>
  storedPaper({ id, title: title_ja, title_ja, year: 2024, topic, lang: 'ja', source: 'test', updated_at: '2025-01-01T00:00:00Z' });

/** What a service does: search, then ask for the suggestion with the same filters. */
async function ask(index: KeywordIndex, query: string, filters: KeywordFilters = {}) {
  const { total } = await index.search({ terms: splitTerms(query), filters, offset: 0, limit: 10 });
  return { total, suggestion: await splitSuggestion(index, { query, total, filters }, LIMITS) };
}

describe('the suggestion of a keyword search that found nothing', () => {
  const index = new MemoryKeywordIndex();
  beforeAll(() =>
    index.upsert([
      paper('p1', '炭素税が排出に与える効果', 'carbon_pricing'),
      paper('p2', '炭素税の経済効果と課題', 'carbon_pricing'),
      paper('p3', '炭素税と森林の効果', 'biodiversity'),
    ]),
  );

  it('counts the split query with the same filters, leaving the answer to the query asked as it was', async () => {
    expect(await ask(index, '炭素税の効果')).toEqual({ total: 0, suggestion: { kind: 'split', q: '炭素税 効果', total: 3, reason: expect.stringContaining('"炭素税の効果"') } });
    const filtered = await ask(index, '炭素税の効果', { topic: 'carbon_pricing' });
    expect(filtered.suggestion).toMatchObject({ q: '炭素税 効果', total: 2 });
    expect(filtered.suggestion!.reason).toMatch(/matches 2 papers\.$/);
  });

  it('makes none when the query matched, when the split query finds nothing too, or for a query without unspaced CJK', async () => {
    expect((await ask(index, '炭素税')).suggestion).toBeUndefined();
    expect((await ask(index, '炭素税の効果', { topic: 'hydrogen' })).suggestion).toBeUndefined();
    expect((await ask(index, '炭素税の量子重力')).suggestion).toBeUndefined();
    expect((await ask(index, 'quokka zebra')).suggestion).toBeUndefined();
  });

  it('leaves the suggestion out, never failing the answer, when the index fails on it', async () => {
    const failing = { search: () => Promise.reject(new Error('down')) } as unknown as KeywordIndex;
    await expect(splitSuggestion(failing, { query: '炭素税の効果', total: 0, filters: {} }, LIMITS)).resolves.toBeUndefined();
  });
});
