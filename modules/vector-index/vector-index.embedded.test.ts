import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Index, MetricKind, ScalarKind } from 'usearch';
import { exactSearch, randomUnitVector, referencePasses, seededRandom } from '../../tests/contract/vector-index.contract';
import { EmbeddedVectorIndex, VectorStoreError } from './vector-index.embedded';
import type { VectorFilter, VectorItem } from './vector-index.port';

const DIMS = 32;

function makeItems(n: number, seed = 7): VectorItem[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    vector: randomUnitVector(random, DIMS),
    payload: {
      topic: i % 50 === 3 ? 'rare' : i % 5 === 0 ? 'five' : 'other',
      lang: (['ja', 'en', 'mul'] as const)[i % 3]!,
      shelf: i % 7 === 0 ? 'curated' : null,
      draft_score: i % 4 === 0 ? null : i % 100,
    },
  }));
}

describe('EmbeddedVectorIndex', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-vectors-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('persistence', () => {
    const items = makeItems(1500);
    const queries = Array.from({ length: 10 }, (_, i) => randomUnitVector(seededRandom(100 + i), DIMS));
    const filters: VectorFilter[] = [{}, { topic: 'rare' }, { langs: ['ja', 'mul'], minDraftScore: 30 }, { shelf: 'curated' }];

    async function answers(index: EmbeddedVectorIndex) {
      const out = [];
      for (const q of queries) for (const f of filters) out.push(await index.search(q, f, 10));
      return out;
    }

    it('reopens after close with the same answers, without re-adding anything', async () => {
      // Threshold below the size, so the unfiltered answers come from the HNSW graph itself.
      const options = { dimensions: DIMS, directory: dir, exactSearchThreshold: 100 };
      const first = new EmbeddedVectorIndex(options);
      await first.init();
      await first.upsert(items);
      await first.upsert([{ ...items[0]!, vector: items[1]!.vector, payload: { ...items[0]!.payload, topic: 'moved' } }]);
      await first.remove(['p2']);
      const before = await answers(first);
      await first.close();

      expect(fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim()).toMatch(/^snapshot-/);
      const second = new EmbeddedVectorIndex(options);
      await second.init();
      expect(await second.count()).toBe(items.length - 1);
      expect(await answers(second)).toEqual(before);
      expect((await second.search(items[1]!.vector, { topic: 'moved' }, 5)).map((h) => h.id)).toEqual(['p0']);

      // Writes after a reopen get fresh keys and survive the next reopen; the old snapshot is gone.
      await second.upsert([{ id: 'extra', vector: queries[0]!, payload: { topic: null, lang: null, shelf: null, draft_score: null } }]);
      await second.upsert([{ id: 'p3', vector: queries[1]!, payload: items[3]!.payload }]);
      await second.close();
      expect(fs.readdirSync(dir).filter((n) => n.startsWith('snapshot-'))).toHaveLength(1);
      const third = new EmbeddedVectorIndex(options);
      await third.init();
      expect(await third.count()).toBe(items.length);
      expect((await third.search(queries[0]!, {}, 1))[0]).toEqual({ id: 'extra', score: expect.closeTo(1, 5) });
      expect((await third.search(queries[1]!, { topic: 'rare' }, 1))[0]!.id).toBe('p3');
      await third.close();
    });

    it('a snapshot whose graph was saved in another scalar kind builds its graph again from the vectors', async () => {
      const first = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
      await first.init();
      await first.upsert(items);
      // Exact scans (fewer items than the threshold): what the entries, vectors and payloads answer.
      const before = await answers(first);
      await first.close();
      // As a snapshot written before the scalar kind was recorded (a float32 graph) reads.
      const snapshot = path.join(dir, fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim());
      const meta = JSON.parse(fs.readFileSync(path.join(snapshot, 'meta.json'), 'utf8')) as { quantization?: string };
      expect(meta.quantization).toBe('f16');
      delete meta.quantization;
      fs.writeFileSync(path.join(snapshot, 'meta.json'), JSON.stringify(meta));

      const reopened = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
      await reopened.init();
      expect(await reopened.count()).toBe(items.length);
      expect(await answers(reopened)).toEqual(before);
      await reopened.close();
      // The graph built again is saved at close: the next start loads it as it is.
      const next = path.join(dir, fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim());
      expect(next).not.toBe(snapshot);
      expect((JSON.parse(fs.readFileSync(path.join(next, 'meta.json'), 'utf8')) as { quantization?: string }).quantization).toBe('f16');

      // And the graph itself finds the nearest (a graph is approximate: its recall, not its exact order).
      const graphOnly = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir, exactSearchThreshold: 0, exactSearchFraction: 0 });
      await graphOnly.init();
      let found = 0;
      for (const q of queries) {
        const want = new Set(exactSearch(items, q, {}, 10).map((h) => h.id));
        found += (await graphOnly.search(q, {}, 10)).filter((h) => want.has(h.id)).length;
      }
      expect(found / (10 * queries.length)).toBeGreaterThanOrEqual(0.9);
      await graphOnly.close({ save: false });
    });

    /**
     * A snapshot as format 1 wrote it: the graph saved by usearch, SHA-256 checksums, the entries
     * inside meta.json. `idPadding` lengthens the ids (a large meta.json is parsed in the worker).
     */
    function writeFormat1(items: VectorItem[], idPadding = ''): Map<string, string> {
      const name = 'snapshot-1-format1';
      const snap = path.join(dir, name);
      fs.mkdirSync(snap, { recursive: true });
      const graph = new Index({ dimensions: DIMS, metric: MetricKind.Cos, quantization: ScalarKind.F16, multi: false, connectivity: 16, expansion_add: 200, expansion_search: 384 });
      graph.add(
        BigUint64Array.from(items, (_, i) => BigInt(i + 1)),
        Float32Array.from(items.flatMap((item) => [...item.vector])),
      );
      graph.save(path.join(snap, 'index.usearch'));
      const vectors = Buffer.from(Float32Array.from(items.flatMap((item) => [...item.vector])).buffer);
      fs.writeFileSync(path.join(snap, 'vectors.f32'), vectors);
      const indexBytes = fs.readFileSync(path.join(snap, 'index.usearch'));
      const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      const ids = new Map(items.map((item) => [item.id, `${item.id}${idPadding}`]));
      const meta = {
        format: 'gx-embedded-vector-index',
        version: 1,
        dimensions: DIMS,
        metric: 'cos',
        quantization: 'f16',
        count: items.length,
        nextKey: String(items.length + 1),
        files: { index: { bytes: indexBytes.length, sha256: sha256(indexBytes) }, vectors: { bytes: vectors.length, sha256: sha256(vectors) } },
        entries: items.map((item, i) => [ids.get(item.id), String(i + 1), item.payload.topic, item.payload.lang, item.payload.shelf, item.payload.draft_score]),
      };
      fs.writeFileSync(path.join(snap, 'meta.json'), JSON.stringify(meta));
      fs.writeFileSync(path.join(dir, 'CURRENT'), `${name}\n`);
      return ids;
    }

    it.each([
      ['a small meta.json', 200, ''],
      ['a large meta.json (parsed in the worker)', 4_000, 'x'.repeat(300)],
    ])('reads a format 1 snapshot (%s) with the same answers; the next save writes format 2', async (_name, n, padding) => {
      const some = makeItems(n, 31);
      const ids = writeFormat1(some, padding);
      expect(fs.statSync(path.join(dir, 'snapshot-1-format1', 'meta.json')).size > 1 << 20).toBe(padding !== '');
      const reference = new EmbeddedVectorIndex({ dimensions: DIMS });
      await reference.init();
      await reference.upsert(some.map((item) => ({ ...item, id: ids.get(item.id)! })));

      // Through the graph (no exact scan), and with the exact scans of filtered queries.
      const options = { dimensions: DIMS, directory: dir, exactSearchThreshold: 0, exactSearchFraction: 0 };
      const reopened = new EmbeddedVectorIndex(options);
      await reopened.init();
      expect(await reopened.count()).toBe(n);
      const exact = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
      await exact.init();
      for (const q of queries) for (const f of filters) expect(await exact.search(q, f, 10)).toEqual(await reference.search(q, f, 10));
      let found = 0;
      for (const q of queries) {
        const want = new Set((await reference.search(q, {}, 10)).map((h) => h.id));
        found += (await reopened.search(q, {}, 10)).filter((h) => want.has(h.id)).length;
      }
      expect(found / (10 * queries.length)).toBeGreaterThanOrEqual(0.9);
      await exact.close({ save: false });
      await reference.close();

      await reopened.upsert([{ ...some[0]!, id: 'new' }]);
      await reopened.close();
      const next = path.join(dir, fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim());
      expect(JSON.parse(fs.readFileSync(path.join(next, 'meta.json'), 'utf8'))).toMatchObject({ version: 2, count: n + 1 });
      expect(fs.readdirSync(next).sort()).toEqual(['entries.jsonl', 'index.usearch', 'meta.json', 'vectors.f32']);
      const again = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
      await again.init();
      expect(await again.count()).toBe(n + 1);
      await again.close();
    });

    it('an explicit save() persists without closing; close() without changes keeps the snapshot', async () => {
      const index = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
      await index.init();
      await index.upsert(items.slice(0, 10));
      await index.save();
      const current = fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8');
      const reopened = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
      await reopened.init();
      expect(await reopened.count()).toBe(10);
      await reopened.close();
      expect(fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8')).toBe(current);
      await index.close();
    });

    it('starts empty on a missing or empty directory, and persists an empty index', async () => {
      const missing = path.join(dir, 'not-yet');
      const index = new EmbeddedVectorIndex({ dimensions: DIMS, directory: missing });
      await index.init();
      expect(await index.count()).toBe(0);
      expect(await index.search(queries[0]!, {}, 5)).toEqual([]);
      await index.close();
      const again = new EmbeddedVectorIndex({ dimensions: DIMS, directory: missing });
      await again.init();
      expect(await again.count()).toBe(0);
    });

    describe('a corrupt or partial directory is reported, not treated as empty', () => {
      let snapshot: string;
      beforeEach(async () => {
        const index = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
        await index.init();
        await index.upsert(items.slice(0, 200));
        await index.close();
        snapshot = path.join(dir, fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim());
      });
      const reopen = () => new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir }).init();

      it('a truncated meta.json', async () => {
        const meta = path.join(snapshot, 'meta.json');
        fs.writeFileSync(meta, fs.readFileSync(meta).subarray(0, 100));
        await expect(reopen()).rejects.toThrow(VectorStoreError);
        await expect(reopen()).rejects.toThrow(/meta\.json is not valid JSON.*Delete the directory/);
      });

      it('a missing usearch file', async () => {
        fs.rmSync(path.join(snapshot, 'index.usearch'));
        await expect(reopen()).rejects.toThrow(/index\.usearch is missing or unreadable/);
      });

      it('a changed vectors file', async () => {
        const file = path.join(snapshot, 'vectors.f32');
        const bytes = fs.readFileSync(file);
        bytes[17] = bytes[17]! ^ 0xff;
        fs.writeFileSync(file, bytes);
        await expect(reopen()).rejects.toThrow(/vectors\.f32 does not match its checksum/);
      });

      it('a changed entries file', async () => {
        const file = path.join(snapshot, 'entries.jsonl');
        const text = fs.readFileSync(file, 'utf8');
        fs.writeFileSync(file, text.replace('"p1"', '"p9"'));
        await expect(reopen()).rejects.toThrow(/entries\.jsonl does not match its checksum/);
      });

      it('a truncated usearch file', async () => {
        const file = path.join(snapshot, 'index.usearch');
        fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 64));
        await expect(reopen()).rejects.toThrow(/index\.usearch does not match its checksum/);
      });

      it('snapshots without CURRENT', async () => {
        fs.rmSync(path.join(dir, 'CURRENT'));
        await expect(reopen()).rejects.toThrow(/no CURRENT file/);
      });

      it('CURRENT naming a snapshot that is not there', async () => {
        fs.rmSync(snapshot, { recursive: true });
        await expect(reopen()).rejects.toThrow(/meta\.json is missing or unreadable/);
      });

      it('a different number of dimensions', async () => {
        await expect(new EmbeddedVectorIndex({ dimensions: DIMS * 2, directory: dir }).init()).rejects.toThrow(/built with 32 dimensions, the index is configured for 64/);
      });

      it('discardSaved (its owner rebuilds it, e.g. for another model): starts empty without reading it, and the next save replaces it', async () => {
        const wider = new EmbeddedVectorIndex({ dimensions: DIMS * 2, directory: dir });
        await wider.init({ discardSaved: true });
        expect(await wider.count()).toBe(0);
        await wider.upsert([{ id: 'w', vector: randomUnitVector(seededRandom(5), DIMS * 2), payload: items[0]!.payload }]);
        await wider.close();
        expect(fs.readdirSync(dir).filter((n) => n.startsWith('snapshot-'))).toHaveLength(1);
        const reopened = new EmbeddedVectorIndex({ dimensions: DIMS * 2, directory: dir });
        await reopened.init();
        expect(await reopened.count()).toBe(1);
        await reopened.close();
      });

      it('a plain file where the directory should be, with or without discardSaved: it could never be saved', async () => {
        const file = path.join(dir, 'not-a-directory');
        fs.writeFileSync(file, 'x');
        for (const options of [{}, { discardSaved: true }]) {
          await expect(new EmbeddedVectorIndex({ dimensions: DIMS, directory: file }).init(options)).rejects.toThrow(/not-a-directory: is not a directory/);
        }
      });

      it('an abandoned temporary snapshot is ignored', async () => {
        fs.mkdirSync(path.join(dir, 'snapshot-1-abcd.tmp'));
        const index = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
        await index.init();
        expect(await index.count()).toBe(200);
      });
    });
  });

  describe('filtered search through the graph (exact scan disabled)', () => {
    const items = makeItems(3000, 11);
    const byId = new Map(items.map((i) => [i.id, i]));
    let index: EmbeddedVectorIndex;
    beforeAll(async () => {
      index = new EmbeddedVectorIndex({ dimensions: DIMS, exactSearchThreshold: 0, exactSearchFraction: 0 });
      await index.init();
      await index.upsert(items);
    });
    afterAll(async () => {
      await index.close();
    });

    it.each<[string, VectorFilter]>([
      ['2% pass', { topic: 'rare' }],
      ['under 1% pass', { topic: 'rare', langs: ['en'] }],
      ['20% pass', { topic: 'five' }],
    ])('%s: widens until limit hits pass, matching exact search', async (_name, filter) => {
      const passing = items.filter((i) => referencePasses(i.payload, filter)).length;
      let agree = 0;
      let total = 0;
      for (let q = 0; q < 20; q++) {
        const query = randomUnitVector(seededRandom(500 + q), DIMS);
        const hits = await index.search(query, filter, 10);
        expect(hits).toHaveLength(Math.min(10, passing));
        for (const h of hits) expect(referencePasses(byId.get(h.id)!.payload, filter)).toBe(true);
        const want = new Set(exactSearch(items, query, filter, 10).map((h) => h.id));
        agree += hits.filter((h) => want.has(h.id)).length;
        total += want.size;
      }
      expect(agree / total).toBeGreaterThanOrEqual(0.95);
    });

    it('returns every passing item when fewer than limit pass', async () => {
      const filter: VectorFilter = { topic: 'rare', shelf: 'curated' };
      const passing = items.filter((i) => referencePasses(i.payload, filter)).map((i) => i.id).sort();
      expect(passing.length).toBeGreaterThan(0);
      expect(passing.length).toBeLessThan(10);
      const hits = await index.search(randomUnitVector(seededRandom(9), DIMS), filter, 10);
      expect(hits.map((h) => h.id).sort()).toEqual(passing);
    });
  });

  describe('writes and searches of the graph (its own thread)', () => {
    it('a search is answered while a large write is still being linked in, and every write is in once it resolves', async () => {
      const items = makeItems(1_500, 41);
      const index = new EmbeddedVectorIndex({ dimensions: DIMS, exactSearchThreshold: 0, exactSearchFraction: 0 });
      await index.init();
      await index.upsert(items.slice(0, 100));
      const order: string[] = [];
      const writing = index.upsert(items.slice(100)).then(() => order.push('write'));
      // Asked after the write: it goes ahead of the write's waiting parts, and only the keys the store holds come back.
      const early = await index.search(items[3]!.vector, {}, 5);
      order.push('search');
      await writing;
      expect(order).toEqual(['search', 'write']);
      expect(early.length).toBe(5);
      expect(early[0]!.id).toBe('p3');
      // Once the write resolved the graph has all of it: each vector finds itself.
      for (const i of [150, 800, 1_499]) expect((await index.search(items[i]!.vector, {}, 1))[0]!.id).toBe(`p${i}`);
      await index.close();
    });
  });

  describe('filters between writes', () => {
    it('a filter answered before a write sees the write (topic moved in, paper removed, score raised)', async () => {
      const items = makeItems(400, 21);
      const index = new EmbeddedVectorIndex({ dimensions: DIMS });
      await index.init();
      await index.upsert(items);
      const query = items[5]!.vector;
      const ids = async (filter: VectorFilter) => (await index.search(query, filter, 400)).map((h) => h.id).sort();
      const rare = items.filter((i) => i.payload.topic === 'rare').map((i) => i.id);
      expect(await ids({ topic: 'rare' })).toEqual([...rare].sort());

      await index.upsert([{ ...items[5]!, payload: { ...items[5]!.payload, topic: 'rare' } }]);
      expect(await ids({ topic: 'rare' })).toEqual([...rare, 'p5'].sort());
      expect((await index.search(query, { topic: 'rare' }, 1))[0]!.id).toBe('p5');

      await index.remove([rare[0]!]);
      expect(await ids({ topic: 'rare' })).toEqual([...rare.slice(1), 'p5'].sort());

      const before = await ids({ minDraftScore: 99 });
      await index.upsert([{ ...items[6]!, payload: { ...items[6]!.payload, draft_score: 100 } }]);
      expect(await ids({ minDraftScore: 99 })).toEqual([...before, 'p6'].sort());
      await index.close();
    });

    it('the same filter with its languages in another order gives the same answer', async () => {
      const index = new EmbeddedVectorIndex({ dimensions: DIMS });
      await index.init();
      await index.upsert(makeItems(300, 22));
      const query = randomUnitVector(seededRandom(3), DIMS);
      const a = await index.search(query, { langs: ['ja', 'en'] }, 20);
      expect(a.length).toBe(20);
      expect(await index.search(query, { langs: ['en', 'ja'] }, 20)).toEqual(a);
      expect(await index.search(query, { langs: ['en'] }, 20)).not.toEqual(a);
      await index.close();
    });
  });

  describe('validation', () => {
    it('rejects vectors of the wrong size and bad limits', async () => {
      const index = new EmbeddedVectorIndex({ dimensions: 4 });
      await index.init();
      const payload = { topic: null, lang: null, shelf: null, draft_score: null };
      await expect(index.upsert([{ id: 'x', vector: new Float32Array(3), payload }])).rejects.toThrow(/3 dimensions, the index has 4/);
      await expect(index.upsert([{ id: 'x', vector: Float32Array.from([1, NaN, 0, 0]), payload }])).rejects.toThrow(/non-finite/);
      await expect(index.search(new Float32Array(5), {}, 1)).rejects.toThrow(/5 dimensions/);
      await expect(index.search(new Float32Array(4), {}, -1)).rejects.toThrow(/limit/);
      expect(await index.count()).toBe(0);
      await index.close();
      await expect(index.count()).rejects.toThrow(/closed/);
    });

    it('copies vectors passed as views of a larger buffer', async () => {
      const index = new EmbeddedVectorIndex({ dimensions: 2, exactSearchThreshold: 0, exactSearchFraction: 0 });
      await index.init();
      const buffer = Float32Array.from([9, 9, 1, 0, 0, 1]);
      const payload = { topic: null, lang: null, shelf: null, draft_score: null };
      await index.upsert([
        { id: 'x', vector: buffer.subarray(2, 4), payload },
        { id: 'y', vector: buffer.subarray(4, 6), payload },
      ]);
      buffer.fill(0);
      expect((await index.search(Float32Array.from([1, 0]), {}, 2)).map((h) => h.id)).toEqual(['x', 'y']);
      await index.close();
    });
  });
});
