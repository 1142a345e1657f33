import { Bm25Index } from '../../bench/support/bm25';
import { bm25Tokens } from '../../bench/support/bm25-tokens';

/** The relevance benchmark's BM25 baseline on a three-document collection worked out by hand. */
describe('the bench BM25 baseline', () => {
  it('tokenises: NFKC, lower case, split on non letters/digits, Lucene stop words out, CJK runs as bigrams', () => {
    expect(bm25Tokens('The Cost of Ｈｙｄｒｏｇｅｎ-Storage, 2030')).toEqual(['cost', 'hydrogen', 'storage', '2030']);
    expect(bm25Tokens('ＣＯ２排出量のデータ')).toEqual(['co2', '排出', '出量', '量の', 'のデ', 'デー', 'ータ']);
    expect(bm25Tokens('水 と 電力')).toEqual(['水', 'と', '電力']);
  });

  // Lengths (tokens): d1 2, d2 5 ("of" is a stop word), d3 2 ("the"); average 3.
  const index = new Bm25Index([
    { id: 'd1', text: 'hydrogen storage' },
    { id: 'd2', text: 'hydrogen hydrogen cost of storage tanks' },
    { id: 'd3', text: 'the carbon price' },
  ]);

  it('ranks by k1 0.9, b 0.4: two occurrences in a longer document beat one in a short one here', () => {
    // idf(hydrogen) = ln(1 + (3 − 2 + 0.5) / (2 + 0.5)) = ln 1.6 = 0.47000
    // d1: tf 1, K = 0.9 × (0.6 + 0.4 × 2/3) = 0.78 → 0.47000 × 1.9 / 1.78 = 0.50169
    // d2: tf 2, K = 0.9 × (0.6 + 0.4 × 5/3) = 1.14 → 0.47000 × 3.8 / 3.14 = 0.56879
    expect(index.rank('hydrogen')).toEqual(['d2', 'd1']);
    expect(index.documentFrequency('hydrogen')).toBe(2);
    expect(index.documentFrequency('of')).toBe(0);
  });

  it('ranks any term, ties by id, and re-ranks exactly a given set', () => {
    // carbon (df 1, idf ln(1 + 2.5/1.5) = 0.98083) in d3: 0.98083 × 1.9 / 1.78 = 1.04695;
    // storage (tf 1 in both): d1 0.50169, d2 0.47000 × 1.9 / 2.14 = 0.41729.
    expect(index.rank('storage carbon')).toEqual(['d3', 'd1', 'd2']);
    expect(index.rank('storage carbon', 2)).toEqual(['d3', 'd1']);
    // d3 holds no query token: last, with its score of 0.
    expect(index.rerank('hydrogen', ['d3', 'd1', 'd2'])).toEqual(['d2', 'd1', 'd3']);
    expect(index.rerank('nothing', ['d2', 'd1'])).toEqual(['d1', 'd2']);
  });
});
