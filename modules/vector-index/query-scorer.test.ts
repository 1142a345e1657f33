import { QueryScorer } from './query-scorer';

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / (Math.sqrt(na) * Math.sqrt(nb));
}

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('QueryScorer', () => {
  const dims = 64;
  const stored = Array.from({ length: 50 }, (_, r) => Float32Array.from({ length: dims }, (_, i) => Math.sin(r * 31 + i * 7) + (i % 5) * 0.1));

  it.each([
    ['sparse (3 of 64 dimensions set)', Float32Array.from({ length: dims }, (_, i) => ([2, 17, 40].includes(i) ? i / 10 - 1 : 0))],
    ['dense (every dimension set)', Float32Array.from({ length: dims }, (_, i) => Math.cos(i))],
  ])('%s: the cosine similarity of a plain scan, to the last bit', (_name, query) => {
    const scorer = new QueryScorer(query);
    for (const v of stored) expect(scorer.cosine(v, norm(v))).toBe(cosine(query, v));
  });

  it('scores 0 against or for the zero vector instead of NaN', () => {
    expect(new QueryScorer(new Float32Array(dims)).cosine(stored[0]!, norm(stored[0]!))).toBe(0);
    expect(new QueryScorer(stored[1]!).cosine(new Float32Array(dims), 0)).toBe(0);
  });
});
