import type { Paper } from '../../shared/papers/paper.schema';
import { splitTerms } from '../../shared/text/normalize';
import { storedPaper } from '../../tests/support/paper-fixtures';
import { MemoryKeywordIndex } from './keyword-index.memory';
import type { KeywordCollapse, KeywordFilters } from './keyword-index.port';
import { SUBSET_SEARCH, subsetSuggestion } from './subset-suggestion';

/** The data API's keyword limits: any number of terms within 1,000 characters. */
const LIMITS = { maxTerms: Infinity, minTermChars: 2, maxChars: 1000 };

const paper = (id: string, title: string, fields: Partial<Paper> = {}): Paper =>
  storedPaper({ id, title, year: 2024, topic: 'carbon_pricing', lang: 'en', source: 'test', updated_at: '2025-01-01T00:00:00Z', ...fields });

/** The engine, counting the sets of terms it is asked to count. */
class CountingIndex extends MemoryKeywordIndex {
  counted = 0;
  override countEach(termSets: readonly string[][], filters: KeywordFilters, collapse?: KeywordCollapse): Promise<number[]> {
    this.counted += termSets.length;
    return super.countEach(termSets, filters, collapse);
  }
}

/** What the data API does: search, then ask for the suggestion with the same filters. */
async function ask(index: MemoryKeywordIndex, query: string, filters: KeywordFilters = {}) {
  const { total } = await index.search({ terms: splitTerms(query), filters, offset: 0, limit: 10 });
  return { total, suggestion: await subsetSuggestion(index, { query, total, filters }, LIMITS) };
}

describe('the suggestion of a keyword search whose terms find nothing together', () => {
  const index = new CountingIndex();
  beforeAll(() =>
    index.upsert([
      paper('p1', 'How does carbon pricing affect emissions in Japan'),
      paper('p2', 'Carbon pricing and emissions in Japan'),
      paper('p3', 'Carbon pricing in Europe', { topic: 'policy' }),
      paper('p4', 'Does a carbon tax affect output?'),
      paper('p5', '炭素税が排出に与える効果', { lang: 'ja' }),
    ]),
  );

  it('names the largest set of the terms that matches together, its count, and the terms left out, as written', async () => {
    expect(await ask(index, 'How does CARBON pricing affect emissions in Japan and Korea')).toEqual({
      total: 0,
      suggestion: {
        kind: 'subset',
        q: 'How does CARBON pricing affect emissions in Japan',
        total: 1,
        dropped: ['and', 'Korea'],
        reason: 'Every term is matched as a substring and all must match, and no paper holds all 10 terms of the query together. Leaving out "and", "Korea", the other 8 terms match 1 paper.',
      },
    });
  });

  it('of the largest sets, the one matching most papers, with the same filters', async () => {
    // {carbon, pricing, emissions, japan} (p1, p2) beats {carbon, pricing, europe} and any set with "does" or "output".
    expect((await ask(index, 'carbon pricing emissions Japan Europe output')).suggestion).toMatchObject({ q: 'carbon pricing emissions Japan', total: 2, dropped: ['Europe', 'output'] });
    expect((await ask(index, 'carbon pricing emissions Europe', { topic: 'policy' })).suggestion).toMatchObject({ q: 'carbon pricing Europe', total: 1, dropped: ['emissions'] });
  });

  it('tries the words of an unspaced Japanese phrase, and counts works under collapse', async () => {
    const { suggestion } = await ask(index, '炭素税の効果 水素');
    expect(suggestion).toMatchObject({ kind: 'subset', q: '炭素税 効果', total: 1, dropped: ['水素'] });
    expect(suggestion!.reason).toContain('all 3 words of the query (its Japanese or Chinese split into words)');
    const collapsed = await subsetSuggestion(index, { query: 'carbon pricing zebra', total: 0, filters: {}, collapse: 'versions' }, LIMITS);
    expect(collapsed!.reason).toMatch(/no work holds all 3 terms .* match 5 works\.$/);
  });

  it('makes none when the query matched, when fewer than two terms are there to choose from, or when no term matches alone', async () => {
    expect((await ask(index, 'carbon pricing')).suggestion).toBeUndefined();
    expect((await ask(index, 'zebra')).suggestion).toBeUndefined();
    expect((await ask(index, 'zebra quokka')).suggestion).toBeUndefined();
    // The same term twice is one term.
    expect((await ask(index, 'zebra ZEBRA')).suggestion).toBeUndefined();
  });

  it('tries the first 16 distinct terms and counts at most 64 sets, whatever the length of the query', async () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i.toString(36).padStart(2, '0')}`);
    const many = [...words.slice(0, 20)].join(' ');
    await index.upsert([paper('w1', words.slice(0, 12).join(' ')), paper('w2', words.slice(4, 20).join(' '))]);
    index.counted = 0;
    const { total, suggestion } = await ask(index, many);
    expect(total).toBe(0);
    expect(index.counted).toBeLessThanOrEqual(SUBSET_SEARCH.maxCounts);
    // w00…w0b (all in w1) and w04…w0f (all in w2) are both 12 of the first 16, each matching one paper: the earlier terms are kept.
    expect(suggestion).toMatchObject({ kind: 'subset', q: words.slice(0, 12).join(' '), total: 1 });
    expect(suggestion!.reason).toMatch(/\(the first 16 terms were tried\)\.$/);
    expect(suggestion!.dropped).toHaveLength(8);

    index.counted = 0;
    // 250 terms, 999 characters.
    const hostile = words.slice(0, 250).join(' ');
    expect((await ask(index, hostile)).total).toBe(0);
    expect(index.counted).toBeLessThanOrEqual(SUBSET_SEARCH.maxCounts);
    await index.remove(['w1', 'w2']);
  });

  it('leaves the suggestion out, never failing the answer, when the index fails on it', async () => {
    const failing = Object.assign(new MemoryKeywordIndex(), { countEach: () => Promise.reject(new Error('down')) });
    await expect(subsetSuggestion(failing, { query: 'carbon zebra', total: 0, filters: {} }, LIMITS)).resolves.toBeUndefined();
  });
});
