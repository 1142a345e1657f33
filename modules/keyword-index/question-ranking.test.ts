import { paper } from '../../tests/contract/fixture-papers';
import { referenceSearch } from '../../tests/support/reference-search';
import { splitTerms } from '../../shared/text/normalize';
import type { Paper } from '../../shared/papers/paper.schema';
import { MemoryKeywordIndex } from './keyword-index.memory';
import { searchTextOf } from './relevance';

/**
 * The question rule (`shared/text/question-words.ts`) on the embedded engine: a question ranks its
 * papers as its bare keywords do, in keyword mode (the words framing the question still have to
 * match) and in ranked retrieval (hybrid mode's lexical side).
 */
describe('a question ranks like its bare keywords', () => {
  // Titles shaped "Does X Affect Y?" hold the question's framing words; the paper asked for holds its subject.
  const corpus: Paper[] = [
    paper({ id: 'q1', title: 'Internal Carbon Pricing and CO2 Emissions in Japan, 2008–2019', abstract: 'We show how the carbon pricing a firm sets does affect its emissions, in 300 Japanese firms.', year: 2021, lang: 'en' }),
    paper({ id: 'q2', title: 'Does Green Bond Issuance Affect Firm Value? Evidence from Japan', abstract: 'We show how issuers price bonds; carbon pricing and emissions disclosure are controls.', year: 2024, lang: 'en' }),
    paper({ id: 'q3', title: 'Does Sea-Level Rise Affect House Prices? Evidence from Florida', abstract: 'We show how flood risk, carbon pricing and emissions enter house prices.', year: 2025, lang: 'en' }),
    paper({ id: 'q4', title: 'Does Greenwashing Affect Investors?', abstract: 'How investors read claims about carbon pricing and emissions.', year: 2023, lang: 'en' }),
    paper({ id: 'q5', title: 'Carbon pricing and emissions in the EU steel sector', abstract: 'Steel.', year: 2022, lang: 'en' }),
    paper({ id: 'q6', title: 'Offshore wind in Hokkaido', abstract: 'Turbines and how they are built.', year: 2020, lang: 'en' }),
    paper({ id: 'q7', title: '炭素税の効果の検証', abstract: '炭素税について、排出量への効果を推計する。', year: 2023, lang: 'ja' }),
    paper({ id: 'q8', title: '炭素税と企業', abstract: '炭素税について、企業の効果的な対応を論じる。', year: 2024, lang: 'ja' }),
    paper({ id: 'q9', title: 'Hydrogen supply chains', abstract: 'Does hydrogen affect steel making?', year: 2024, lang: 'en' }),
    // The subject's words are common, the framing words rarer: counted, they would decide the order.
    ...['Korea', 'China', 'Canada', 'Chile', 'Mexico', 'Norway'].map((country, i) =>
      paper({ id: `c${i}`, title: `Carbon pricing and emissions trading in ${country}`, abstract: `Carbon pricing and emissions in ${country}.`, year: 2020, lang: 'en' }),
    ),
  ];
  const index = new MemoryKeywordIndex();
  beforeAll(async () => {
    await index.upsert(corpus);
    await index.prepareRanking();
  });

  const keyword = async (q: string) => (await index.search({ terms: splitTerms(q), filters: {}, offset: 0, limit: 50 })).hits.map((h) => h.paper.id);
  const holding = (q: string) => corpus.filter((p) => splitTerms(q).every((t) => Object.values(searchTextOf(p)).flat().some((v) => v.includes(t)))).map((p) => p.id);

  it('keyword mode: the framing words still have to match, so the match set and total are the AND of every term', async () => {
    for (const q of ['how does carbon pricing affect emissions', 'does affect', '炭素税 について 効果', 'what is carbon pricing?']) {
      const result = await index.search({ terms: splitTerms(q), filters: {}, offset: 0, limit: 50 });
      expect(result.total).toBe(holding(q).length);
      expect(new Set(result.hits.map((h) => h.paper.id))).toEqual(new Set(holding(q)));
    }
  });

  it('keyword mode: the question orders its matches as its bare keywords order the same papers', async () => {
    const pairs: [string, string][] = [
      ['how does carbon pricing affect emissions', 'carbon pricing emissions'],
      ['炭素税 について 効果', '炭素税 効果'],
    ];
    for (const [question, bare] of pairs) {
      const asked = await keyword(question);
      const matches = new Set(asked);
      expect(asked.length).toBeGreaterThan(1);
      expect(asked).toEqual((await keyword(bare)).filter((id) => matches.has(id)));
    }
    expect((await keyword('how does carbon pricing affect emissions'))[0]).toBe(corpus[0]!.id);
  });

  it('keyword mode: the reference model of the tests agrees (the rule is part of the model)', async () => {
    const query = { terms: splitTerms('how does carbon pricing affect emissions'), filters: {}, offset: 0, limit: 50 };
    expect(await keyword('how does carbon pricing affect emissions')).toEqual(referenceSearch(corpus, query).ids);
  });

  it('ranked retrieval: the question and its bare keywords rank alike, the paper asked for first', async () => {
    const ranked = async (text: string) => (await index.rank({ text, filters: {}, limit: 10 })).map((h) => h.paper.id);
    expect(await ranked('how does carbon pricing affect emissions in Japan?')).toEqual(await ranked('carbon pricing emissions Japan'));
    expect((await ranked('how does carbon pricing affect emissions in Japan?'))[0]).toBe(corpus[0]!.id);
    expect(await ranked('炭素税の効果について教えてください')).toEqual(await ranked('炭素税'));
  });
});
