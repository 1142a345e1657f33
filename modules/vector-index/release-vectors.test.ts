import { FrozenVectorSearch } from './release-vectors';
import type { VectorItem, VectorPayload } from './vector-index.port';

const payload = (p: Partial<VectorPayload> = {}): VectorPayload => ({ topic: 'hydrogen', lang: 'en', shelf: 'curated', draft_score: 80, ...p });
const item = (id: string, vector: number[], p: Partial<VectorPayload> = {}): VectorItem => ({ id, vector: Float32Array.from(vector), payload: payload(p) });

describe('FrozenVectorSearch: a release\'s exact vector search', () => {
  it('ranks by cosine, nearest first, and breaks ties by id whatever order the vectors came in', () => {
    const items = [item('c', [1, 0, 0]), item('a', [2, 0, 0]), item('b', [0, 1, 0]), item('d', [1, 1, 0])];
    const search = FrozenVectorSearch.of('m', 3, items);
    const reversed = FrozenVectorSearch.of('m', 3, [...items].reverse());
    const hits = search.search(Float32Array.from([1, 0, 0]), {}, 10);
    // a and c point the same way (a is longer): the same cosine, so id order.
    expect(hits.map((h) => h.id)).toEqual(['a', 'c', 'd', 'b']);
    expect(hits[0]!.score).toBeCloseTo(1);
    expect(hits[2]!.score).toBeCloseTo(Math.SQRT1_2);
    expect(reversed.search(Float32Array.from([1, 0, 0]), {}, 10)).toEqual(hits);
    expect(search.search(Float32Array.from([1, 0, 0]), {}, 2).map((h) => h.id)).toEqual(['a', 'c']);
    expect(search.search(Float32Array.from([1, 0, 0]), {}, 0)).toEqual([]);
    expect(search.size).toBe(4);
  });

  it('applies the live index\'s filters inside the search: topic, languages, shelf, a lower bound on draft_score (none counting as 0)', () => {
    const search = FrozenVectorSearch.of('m', 2, [
      item('ccus-en', [1, 0], { topic: 'ccus' }),
      item('ja', [1, 0.1], { lang: 'ja' }),
      item('mul', [1, 0.2], { lang: 'mul' }),
      item('draft', [1, 0.3], { shelf: 'japan_to_global' }),
      item('low', [1, 0.4], { draft_score: 10 }),
      item('unscored', [1, 0.5], { draft_score: null }),
      item('nolang', [1, 0.6], { lang: null }),
    ]);
    const ids = (filter: Parameters<FrozenVectorSearch['search']>[1]) => search.search(Float32Array.from([1, 0]), filter, 10).map((h) => h.id);
    expect(ids({ topic: 'ccus' })).toEqual(['ccus-en']);
    expect(ids({ langs: ['ja', 'mul'] })).toEqual(['ja', 'mul']);
    expect(ids({ langs: [] })).toEqual([]);
    expect(ids({ shelf: 'japan_to_global' })).toEqual(['draft']);
    expect(ids({ minDraftScore: 50 })).toEqual(['ccus-en', 'ja', 'mul', 'draft', 'nolang']);
    expect(ids({ minDraftScore: 0 })).toHaveLength(7);
    expect(ids({ topic: 'hydrogen', shelf: 'curated', minDraftScore: 50, langs: ['en'] })).toEqual([]);
    expect(ids({ topic: 'hydrogen', shelf: 'curated', langs: ['en'] })).toEqual(['low', 'unscored']);
  });

  it('gives the zero vector a score of 0 and refuses a query of another length', () => {
    const search = FrozenVectorSearch.of('m', 2, [item('zero', [0, 0]), item('x', [1, 0])]);
    expect(search.search(Float32Array.from([1, 0]), {}, 5)).toEqual([{ id: 'x', score: 1 }, { id: 'zero', score: 0 }]);
    expect(() => search.search(Float32Array.from([1, 0, 0]), {}, 5)).toThrow(/3 dimensions/);
  });
});
