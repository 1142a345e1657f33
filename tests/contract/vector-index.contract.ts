import type { VectorFilter, VectorHit, VectorIndex, VectorItem, VectorPayload } from '../../modules/vector-index/vector-index.port';

/** A small deterministic generator (mulberry32), so every run sees the same "random" vectors. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomUnitVector(random: () => number, dimensions: number): Float32Array {
  const v = new Float32Array(dimensions);
  let s = 0;
  for (let i = 0; i < dimensions; i++) {
    v[i] = random() * 2 - 1;
    s += v[i]! * v[i]!;
  }
  const n = Math.sqrt(s);
  for (let i = 0; i < dimensions; i++) v[i] = v[i]! / n;
  return v;
}

/** The reference: which payloads pass a filter (a missing draft_score counts as 0). */
export function referencePasses(p: VectorPayload, f: VectorFilter): boolean {
  return (
    (f.topic === undefined || p.topic === f.topic) &&
    (f.langs === undefined || (p.lang !== null && f.langs.includes(p.lang))) &&
    (f.shelf === undefined || p.shelf === f.shelf) &&
    (f.minDraftScore === undefined || (p.draft_score ?? 0) >= f.minDraftScore)
  );
}

/** The reference: brute-force cosine over the items passing the filter, nearest first, ties by id. */
export function exactSearch(items: VectorItem[], query: Float32Array, filter: VectorFilter, limit: number): VectorHit[] {
  const qn = Math.hypot(...query);
  return items
    .filter((it) => referencePasses(it.payload, filter))
    .map((it) => {
      let dot = 0;
      for (let i = 0; i < query.length; i++) dot += query[i]! * it.vector[i]!;
      return { id: it.id, score: dot / (qn * Math.hypot(...it.vector)) };
    })
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, limit);
}

const payload = (p: Partial<VectorPayload> = {}): VectorPayload => ({ topic: null, lang: null, shelf: null, draft_score: null, ...p });
const vec = (...xs: number[]) => Float32Array.from(xs);

/** Hand-made: five points on a quarter circle from the x axis towards y, plus two others. */
const SMALL: VectorItem[] = [
  { id: 'a', vector: vec(1, 0, 0, 0), payload: payload({ topic: 'hydrogen', lang: 'ja', shelf: 'curated', draft_score: 90 }) },
  { id: 'b', vector: vec(0.95, 0.31, 0, 0), payload: payload({ topic: 'hydrogen', lang: 'en', shelf: 'japan_to_global', draft_score: 40 }) },
  { id: 'c', vector: vec(0.81, 0.59, 0, 0), payload: payload({ topic: 'esg', lang: 'mul', shelf: 'curated', draft_score: 70 }) },
  { id: 'd', vector: vec(0.59, 0.81, 0, 0), payload: payload({ topic: 'esg', lang: 'ja', shelf: 'global_to_japan', draft_score: null }) },
  { id: 'e', vector: vec(0.31, 0.95, 0, 0), payload: payload({ topic: 'hydrogen', lang: null, shelf: null, draft_score: 10 }) },
  { id: 'f', vector: vec(0, 0, 1, 0), payload: payload({ topic: 'ccus', lang: 'en', shelf: 'curated', draft_score: 100 }) },
  // Scaled: cosine ignores length, so this is as near to the x axis as `a`.
  { id: 'g', vector: vec(0, 0, 0, 2), payload: payload({ topic: 'ccus', lang: 'en', shelf: null, draft_score: 0 }) },
];

const ids = (hits: VectorHit[]) => hits.map((h) => h.id);

export interface VectorContractOptions {
  /** Minimum recall@10 of unfiltered search against brute force (a quality property of the adapter). */
  minRecall: number;
  /** Reports the measured recall (for the record). */
  onRecall?: (recall: number) => void;
}

/**
 * The behaviour every VectorIndex adapter must have. `makeIndex(dimensions)` returns a fresh, empty,
 * not yet initialised index.
 */
export function vectorIndexContract(makeIndex: (dimensions: number) => Promise<VectorIndex>, options: VectorContractOptions): void {
  describe('a small hand-made set', () => {
    let index: VectorIndex;
    beforeAll(async () => {
      index = await makeIndex(4);
      await index.init();
      await index.upsert(SMALL);
    });
    afterAll(async () => {
      await index.close();
    });

    it('counts its items and answers ping', async () => {
      await expect(index.ping()).resolves.toBeUndefined();
      expect(await index.count()).toBe(SMALL.length);
    });

    it('returns the nearest neighbours in order, with cosine similarity as the score', async () => {
      const hits = await index.search(vec(1, 0, 0, 0), {}, 5);
      expect(ids(hits)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(hits[0]!.score).toBeCloseTo(1, 5);
      expect(hits[1]!.score).toBeCloseTo(0.95 / Math.hypot(0.95, 0.31), 4);
      const towardsY = await index.search(vec(0, 3, 0, 0), {}, 2);
      expect(ids(towardsY)).toEqual(['e', 'd']);
      const scaled = await index.search(vec(0, 0, 0, 0.5), {}, 1);
      expect(ids(scaled)).toEqual(['g']);
      expect(scaled[0]!.score).toBeCloseTo(1, 5);
    });

    it('gives back the vectors it holds (in direction), leaving out ids it does not hold', async () => {
      const held = await index.vectorsOf(['g', 'a', 'nope']);
      expect([...held.keys()].sort()).toEqual(['a', 'g']);
      const cos = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i]!, 0) / (Math.hypot(...x) * Math.hypot(...y));
      expect(cos(held.get('g')!, vec(0, 0, 0, 1))).toBeCloseTo(1, 5);
      expect(cos(held.get('a')!, vec(1, 0, 0, 0))).toBeCloseTo(1, 5);
    });

    it('returns at most limit hits, and every item when limit exceeds the count', async () => {
      expect(await index.search(vec(1, 0, 0, 0), {}, 1)).toHaveLength(1);
      expect(await index.search(vec(1, 0, 0, 0), {}, 50)).toHaveLength(SMALL.length);
    });

    const q = vec(1, 0, 0, 0);
    it.each<[string, VectorFilter, string[]]>([
      ['topic', { topic: 'hydrogen' }, ['a', 'b', 'e']],
      ['langs', { langs: ['en'] }, ['b', 'f', 'g']],
      // `mul` papers match ja (and en): the caller passes both languages.
      ['langs with mul', { langs: ['ja', 'mul'] }, ['a', 'c', 'd']],
      ['shelf', { shelf: 'curated' }, ['a', 'c', 'f']],
      ['minDraftScore', { minDraftScore: 50 }, ['a', 'c', 'f']],
      ['minDraftScore at the bound (inclusive)', { minDraftScore: 40 }, ['a', 'b', 'c', 'f']],
      ['minDraftScore 0 admits papers without a score', { minDraftScore: 0 }, ['a', 'b', 'c', 'd', 'e', 'f', 'g']],
      ['combined', { topic: 'esg', langs: ['ja', 'mul'], shelf: 'curated', minDraftScore: 60 }, ['c']],
      ['combined, nothing passes', { topic: 'hydrogen', shelf: 'global_to_japan' }, []],
      ['an empty langs list passes nothing', { langs: [] }, []],
      ['an unknown topic', { topic: 'no-such-topic' }, []],
    ])('filters by %s', async (_name, filter, expected) => {
      const hits = await index.search(q, filter, 10);
      expect([...ids(hits)].sort()).toEqual(expected);
      expect(ids(hits)).toEqual(ids(exactSearch(SMALL, q, filter, 10)));
    });

    it('orders filtered hits by similarity', async () => {
      expect(ids(await index.search(q, { topic: 'hydrogen' }, 10))).toEqual(['a', 'b', 'e']);
      expect(ids(await index.search(q, { topic: 'hydrogen' }, 2))).toEqual(['a', 'b']);
    });

    describe('writes', () => {
      it('upsert replaces an item: its new vector and payload, not its old ones', async () => {
        await index.upsert([{ id: 'a', vector: vec(0, 0, 1, 0.1), payload: payload({ topic: 'ccus', lang: 'en', shelf: 'curated', draft_score: 5 }) }]);
        expect(await index.count()).toBe(SMALL.length);
        expect(ids(await index.search(vec(1, 0, 0, 0), {}, 1))).toEqual(['b']);
        expect(ids(await index.search(vec(0, 0, 1, 0), {}, 2))).toEqual(['f', 'a']);
        expect(ids(await index.search(q, { topic: 'hydrogen' }, 10))).toEqual(['b', 'e']);
        expect([...ids(await index.search(q, { topic: 'ccus' }, 10))].sort()).toEqual(['a', 'f', 'g']);
      });

      it('upsert adds a new item and remove takes it away (unknown ids are ignored)', async () => {
        await index.upsert([{ id: 'new', vector: vec(0, -1, 0, 0), payload: payload({ topic: 'ev' }) }]);
        expect(await index.count()).toBe(SMALL.length + 1);
        expect(ids(await index.search(vec(0, -1, 0, 0), {}, 1))).toEqual(['new']);
        await index.remove(['new', 'no-such-id']);
        expect(await index.count()).toBe(SMALL.length);
        expect(ids(await index.search(vec(0, -1, 0, 0), {}, 50))).not.toContain('new');
        expect(await index.search(q, { topic: 'ev' }, 10)).toEqual([]);
      });
    });
  });

  describe('a larger random set (5,000 unit vectors, 64 dimensions)', () => {
    const dims = 64;
    const random = seededRandom(20260714);
    const langs = ['ja', 'en', 'mul'] as const;
    const shelves = ['curated', 'japan_to_global', 'global_to_japan'] as const;
    const items: VectorItem[] = Array.from({ length: 5000 }, (_, i) => ({
      id: `p${String(i).padStart(5, '0')}`,
      vector: randomUnitVector(random, dims),
      payload: payload({
        // A rare topic on 30 items, spread through the set.
        topic: i % 166 === 7 && i < 166 * 30 ? 'rare' : i % 2 === 0 ? 'common_a' : 'common_b',
        lang: langs[i % 3]!,
        shelf: i % 10 === 0 ? shelves[(i / 10) % 3]! : null,
        draft_score: i % 4 === 0 ? null : Math.round(random() * 100),
      }),
    }));
    const queries = Array.from({ length: 200 }, () => randomUnitVector(random, dims));
    let index: VectorIndex;

    beforeAll(async () => {
      index = await makeIndex(dims);
      await index.init();
      await index.upsert(items);
    });
    afterAll(async () => {
      await index.close();
    });

    it('holds every item', async () => {
      expect(items.filter((i) => i.payload.topic === 'rare')).toHaveLength(30);
      expect(await index.count()).toBe(items.length);
    });

    it('a selective filter still returns limit hits, all passing, equal to exact search over the filtered subset', async () => {
      for (const query of queries.slice(0, 20)) {
        const hits = await index.search(query, { topic: 'rare' }, 10);
        expect(hits).toHaveLength(10);
        const expected = exactSearch(items, query, { topic: 'rare' }, 10);
        expect(ids(hits)).toEqual(ids(expected));
        hits.forEach((h, i) => expect(h.score).toBeCloseTo(expected[i]!.score, 4));
      }
    });

    it('returns every passing item when fewer than limit pass', async () => {
      const hits = await index.search(queries[0]!, { topic: 'rare' }, 50);
      expect([...ids(hits)].sort()).toEqual(items.filter((i) => i.payload.topic === 'rare').map((i) => i.id));
    });

    it.each<[string, VectorFilter]>([
      ['a combined selective filter', { topic: 'rare', langs: ['ja', 'mul'] }],
      ['a shelf (10% of the set)', { shelf: 'curated' }],
      ['a broad filter (a third of the set)', { langs: ['en'] }],
      ['a draft-score bound', { minDraftScore: 90 }],
    ])('%s: limit hits, all passing, matching exact search', async (_name, filter) => {
      const byId = new Map(items.map((i) => [i.id, i]));
      let agree = 0;
      let total = 0;
      for (const query of queries.slice(0, 20)) {
        const hits = await index.search(query, filter, 10);
        const expected = exactSearch(items, query, filter, 10);
        expect(hits).toHaveLength(expected.length);
        for (const h of hits) expect(referencePasses(byId.get(h.id)!.payload, filter)).toBe(true);
        const want = new Set(ids(expected));
        agree += hits.filter((h) => want.has(h.id)).length;
        total += expected.length;
      }
      expect(agree / total).toBeGreaterThanOrEqual(options.minRecall);
    });

    it(`recall@10 of unfiltered search against brute force over 200 queries is at least ${options.minRecall}`, async () => {
      let found = 0;
      for (const query of queries) {
        const want = new Set(ids(exactSearch(items, query, {}, 10)));
        const hits = await index.search(query, {}, 10);
        expect(hits).toHaveLength(10);
        found += hits.filter((h) => want.has(h.id)).length;
      }
      const recall = found / (queries.length * 10);
      options.onRecall?.(recall);
      expect(recall).toBeGreaterThanOrEqual(options.minRecall);
    });
  });
}
