import { storedPaper as paper } from '../../tests/support/paper-fixtures';
import { rankBody } from './elasticsearch-query';
import { MemoryKeywordIndex } from './keyword-index.memory';

/** A "more like this" query (`RankedQuery.moreLikeThis`): the text's most distinctive terms that other papers hold too. */
describe('ranked retrieval of a "more like this" query', () => {
  const papers = [
    paper({ id: 's', title: 'Zebra quantum hydrogen storage', year: 2024, lang: 'en' as const }),
    paper({ id: 'q1', title: 'Quantum effects in hydrogen storage', year: 2023, lang: 'en' as const }),
    paper({ id: 'h1', title: 'Hydrogen storage tanks', year: 2022, lang: 'en' as const }),
    paper({ id: 'h2', title: 'Hydrogen storage in salt caverns', year: 2021, lang: 'ja' as const }),
    paper({ id: 'h3', title: 'Hydrogen pipelines', year: 2020, lang: 'en' as const }),
  ];
  const ranked = async () => {
    const index = new MemoryKeywordIndex();
    await index.upsert(papers);
    await index.prepareRanking();
    return index;
  };
  const ids = (hits: { paper: { id: string } }[]) => hits.map((h) => h.paper.id);

  it('leaves out a term no other paper holds, which would find only the paper itself', async () => {
    const index = await ranked();
    expect(ids(await index.rank({ text: 'zebra', filters: {}, limit: 10 }))).toEqual(['s']);
    expect(await index.rank({ text: 'zebra', filters: {}, limit: 10, moreLikeThis: { maxTerms: 12 } })).toEqual([]);
  });

  it('ranks on the most distinctive terms only: count in the text × idf, at most maxTerms', async () => {
    const index = await ranked();
    // quantum (2 papers) outweighs hydrogen (5) and storage (4): with one term, only quantum counts.
    expect(ids(await index.rank({ text: 'Zebra quantum hydrogen storage', filters: {}, limit: 10, moreLikeThis: { maxTerms: 1 } })).sort()).toEqual(['q1', 's']);
    const all = ids(await index.rank({ text: 'Zebra quantum hydrogen storage', filters: {}, limit: 10, moreLikeThis: { maxTerms: 12 } }));
    expect(all.slice(0, 2)).toEqual(['s', 'q1']);
    expect(all).toHaveLength(5);
  });

  it('applies the filters inside the ranking', async () => {
    const index = await ranked();
    const hits = await index.rank({ text: 'quantum hydrogen storage', filters: { langs: ['ja'] }, limit: 10, moreLikeThis: { maxTerms: 12 } });
    expect(ids(hits)).toEqual(['h2']);
  });

  it('is Elasticsearch\'s more_like_this with the same selection, the filters kept in the bool filter', () => {
    const body = rankBody({ text: 'Ｑｕａｎｔｕｍ hydrogen', filters: { topic: 'hydrogen', langs: ['en'], yearFrom: 2020, yearTo: 2024, venueType: 'journal' }, limit: 30, moreLikeThis: { maxTerms: 12 } });
    const bool = (body.query as { bool: { must: unknown[]; filter: unknown[] } }).bool;
    expect(bool.must).toEqual([
      { more_like_this: { fields: ['ranked_title', 'ranked_tags', 'ranked_body'], like: 'quantum hydrogen', max_query_terms: 12, min_term_freq: 1, min_doc_freq: 2, minimum_should_match: '1' } },
    ]);
    expect(bool.filter).toEqual([{ term: { topic: 'hydrogen' } }, { terms: { lang: ['en'] } }, { range: { year: { gte: 2020, lte: 2024 } } }, { term: { venue_type: 'journal' } }]);
    expect(body.size).toBe(30);
  });
});
