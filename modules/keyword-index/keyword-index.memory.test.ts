import { paper } from '../../tests/contract/fixture-papers';
import { splitTerms } from '../../shared/text/normalize';
import { MemoryKeywordIndex } from './keyword-index.memory';
import type { Paper } from '../../shared/papers/paper.schema';
import { RankingUnavailableError } from './keyword-index.port';
import { searchTextOf } from './relevance';

const search = (index: MemoryKeywordIndex, q: string) => index.search({ terms: splitTerms(q), filters: {}, offset: 0, limit: 10 });
const titles = async (index: MemoryKeywordIndex, q: string) => (await search(index, q)).hits.map((h) => h.paper.title);

async function* once<T>(items: T[]): AsyncGenerator<T[]> {
  yield items;
}

/** What a person notices in the order of keyword mode (the model of `relevance.ts`), on the embedded engine. */
describe('MemoryKeywordIndex: keyword mode ranks a match set a person trusts', () => {
  const index = new MemoryKeywordIndex();
  let corpus: Paper[];
  beforeAll(async () => {
    await index.upsert((corpus = [
      paper({ id: 'k1', title: 'Green Jobs and CO2 Emissions in Hokkaido', abstract: 'Regional labour markets in Hokkaido.', year: 2025, lang: 'en' }),
      paper({ id: 'k2', title: 'AI for ESG disclosure', abstract: 'Language models read reports.', year: 2020, lang: 'en' }),
      paper({ id: 'k3', title: 'Every level of government', abstract: 'Policy at every level.', year: 2025, lang: 'en' }),
      paper({ id: 'k4', title: 'EV charging and the grid', abstract: 'Electric vehicles.', year: 2019, lang: 'en' }),
      paper({ id: 'k5', title: 'Steel decarbonisation', abstract: 'Hydrogen direct reduction replaces coke in steel making.', year: 2025, lang: 'en' }),
      paper({ id: 'k6', title: 'Hydrogen direct reduction of iron ore', abstract: 'A pilot plant.', year: 2018, lang: 'en' }),
      paper({ id: 'k7', title: 'Carbon taxes, steel and emissions pricing', abstract: 'Steel.', year: 2024, lang: 'en' }),
      paper({ id: 'k8', title: 'Carbon pricing for steel', abstract: 'Steel.', year: 2021, lang: 'en' }),
    ]));
  });

  it('puts a whole-word match before a match inside a longer word (AI, not hokkAIdo; EV, not EVery)', async () => {
    expect((await titles(index, 'AI'))[0]).toBe('AI for ESG disclosure');
    expect((await titles(index, 'EV'))[0]).toBe('EV charging and the grid');
  });

  it('puts a title match before a body-only match, whatever the years', async () => {
    expect(await titles(index, 'hydrogen reduction')).toEqual(['Hydrogen direct reduction of iron ore', 'Steel decarbonisation']);
  });

  it('puts terms adjacent and in order before the same terms apart', async () => {
    expect((await titles(index, 'carbon pricing'))[0]).toBe('Carbon pricing for steel');
  });

  it('keeps the match set and total of the spec: an AND of substrings', async () => {
    const holding = (terms: string[]) => corpus.filter((p) => terms.every((t) => Object.values(searchTextOf(p)).flat().some((v) => v.includes(t))));
    for (const q of ['ai', 'steel carbon', 'ev']) {
      const result = await index.search({ terms: splitTerms(q), filters: {}, offset: 0, limit: 50 });
      expect(result.total).toBe(holding(splitTerms(q)).length);
      expect(new Set(result.hits.map((h) => h.paper.id))).toEqual(new Set(holding(splitTerms(q)).map((p) => p.id)));
    }
  });
});

describe('MemoryKeywordIndex: ranked retrieval for questions', () => {
  const papers = [
    paper({ id: 'r1', title: 'Emission trading in Japan', abstract: 'The Tokyo cap-and-trade scheme.', year: 2020, lang: 'en', topic: 'carbon_pricing' }),
    paper({ id: 'r2', title: 'Offshore wind', abstract: 'Turbines.', year: 2021, lang: 'en', topic: 'renewable' }),
    paper({ id: 'r3', title: '水素サプライチェーンの構築', abstract: '日本の水素輸入。', year: 2022, lang: 'ja', topic: 'hydrogen' }),
  ];

  it('is prepared on demand: until then rank says so, and the keyword search is unaffected', async () => {
    const index = new MemoryKeywordIndex();
    await index.upsert(papers);
    expect(index.rankingReady()).toBe(false);
    await expect(index.rank({ text: 'emissions', filters: {}, limit: 5 })).rejects.toBeInstanceOf(RankingUnavailableError);
    await index.prepareRanking();
    expect(index.rankingReady()).toBe(true);
    expect((await search(index, 'wind')).total).toBe(1);
  });

  it('finds papers holding any of the words, stemmed, best first; Japanese by bigrams; filters apply', async () => {
    const index = new MemoryKeywordIndex();
    await index.upsert(papers);
    await index.prepareRanking();
    const found = async (text: string, filters = {}) => (await index.rank({ text, filters, limit: 5 })).map((h) => h.paper.title);
    expect(await found('How do emissions trading schemes work in practice?')).toEqual(['Emission trading in Japan']);
    expect(await found('wind or emissions')).toEqual(expect.arrayContaining(['Emission trading in Japan', 'Offshore wind']));
    expect(await found('水素の輸入')).toEqual(['水素サプライチェーンの構築']);
    expect(await found('wind or emissions', { topic: 'renewable' })).toEqual(['Offshore wind']);
    expect(await found('the of and')).toEqual([]);
  });

  it('keeps papers added later, and a rebuild, ranked', async () => {
    const index = new MemoryKeywordIndex();
    await index.upsert(papers);
    await index.prepareRanking();
    await index.upsert([paper({ id: 'r4', title: 'Geothermal heat', year: 2023, lang: 'en' })]);
    expect((await index.rank({ text: 'geothermal', filters: {}, limit: 5 })).map((h) => h.paper.title)).toEqual(['Geothermal heat']);
    await index.rebuild(once([paper({ id: 'r5', title: 'Tidal power', year: 2023, lang: 'en' })]));
    expect(index.rankingReady()).toBe(true);
    expect((await index.rank({ text: 'tidal', filters: {}, limit: 5 })).map((h) => h.paper.title)).toEqual(['Tidal power']);
  });
});
