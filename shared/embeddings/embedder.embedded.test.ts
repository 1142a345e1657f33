import { testConfig } from '../../tests/support/test-run';
import { CachedEmbedder } from './embedder.cached';
import { EMBEDDED_DIMENSIONS, EmbeddedEmbedder, embedLexical } from './embedder.embedded';
import { createEmbedder } from './embedder.factory';
import { HttpEmbedder } from './embedder.http';

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function norm(a: Float32Array): number {
  return Math.sqrt(dot(a, a));
}

describe('EmbeddedEmbedder', () => {
  const embedder = new EmbeddedEmbedder();

  it('has 1024 dimensions and returns one unit vector per text, in order', async () => {
    expect(embedder.dimensions).toBe(1024);
    expect(EMBEDDED_DIMENSIONS).toBe(1024);
    const texts = ['carbon pricing', '水素 サプライチェーン', 'a', 'x'.repeat(5000)];
    const vectors = await embedder.embedPassages(texts);
    expect(vectors).toHaveLength(4);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(1024);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    expect(vectors[0]).toEqual(embedLexical('carbon pricing'));
    expect(vectors[1]).toEqual(embedLexical('水素 サプライチェーン'));
  });

  it('is deterministic across calls and instances, and embeds queries and passages identically', async () => {
    const text = 'Green hydrogen and carbon capture in Japanese steelmaking';
    const [a] = await embedder.embedQueries([text]);
    const [b] = await new EmbeddedEmbedder().embedQueries([text]);
    const [c] = await embedder.embedPassages([text]);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(Array.from(a!)).toEqual(Array.from(c!));
  });

  it('puts lexically similar texts closer than unrelated ones', async () => {
    const [q, near, far] = await embedder.embedPassages([
      'carbon pricing and emissions trading',
      'emissions trading schemes and carbon prices',
      'biodiversity of coral reef fish populations',
    ]);
    expect(dot(q!, near!)).toBeGreaterThan(dot(q!, far!) + 0.2);

    const [ja, jaNear, jaFar] = await embedder.embedPassages(['水素供給網の構築', '水素供給網のコスト', '森林の生物多様性']);
    expect(dot(ja!, jaNear!)).toBeGreaterThan(dot(ja!, jaFar!));
  });

  it('treats full-width and half-width text, case and white space (incl. U+3000) as equal', async () => {
    const [full, half, spaced] = await embedder.embedQueries(['ＣＯ２　排出', 'co2 排出', '  CO2\t\n排出  ']);
    expect(Array.from(full!)).toEqual(Array.from(half!));
    expect(Array.from(spaced!)).toEqual(Array.from(half!));
  });

  it('gives featureless text (empty, white space, punctuation) the first basis vector', async () => {
    const vectors = await embedder.embedQueries(['', '   \u3000 ', '!!! ...']);
    for (const v of vectors) {
      expect(v[0]).toBe(1);
      expect(norm(v)).toBe(1);
    }
  });

  it('honours another dimension count', () => {
    const v = new EmbeddedEmbedder({ dimensions: 64 }).embed('carbon');
    expect(v).toHaveLength(64);
    expect(norm(v)).toBeCloseTo(1, 5);
    expect(() => new EmbeddedEmbedder({ dimensions: 0 })).toThrow(RangeError);
  });

  it('embeds a batch of abstracts quickly (sanity, not a timed assertion)', async () => {
    const abstract = 'Carbon pricing instruments and their effect on industrial emissions in Japan. '.repeat(20).slice(0, 1500);
    const texts = Array.from({ length: 2000 }, (_, i) => `${i} ${abstract}`);
    const vectors = await embedder.embedPassages(texts);
    expect(vectors).toHaveLength(2000);
    await expect(embedder.ping()).resolves.toBeUndefined();
    await expect(embedder.close()).resolves.toBeUndefined();
  });
});

describe('createEmbedder', () => {
  it('picks the embedded embedder without EMBEDDING_URL, behind the query cache', async () => {
    const embedder = createEmbedder(testConfig({}));
    expect(embedder).toBeInstanceOf(CachedEmbedder);
    expect(embedder.kind).toBe('embedded');
    expect(embedder.dimensions).toBe(1024);
    const [v] = await embedder.embedQueries(['hydrogen']);
    expect(Array.from(v!)).toEqual(Array.from(embedLexical('hydrogen')));
    await embedder.close();
  });

  it('picks the HTTP embedder when EMBEDDING_URL is set', async () => {
    const embedder = createEmbedder(testConfig({ EMBEDDING_URL: 'http://127.0.0.1:9/', EMBEDDING_DIMENSIONS: '768' }));
    expect(embedder.kind).toBe('http');
    expect(embedder.dimensions).toBe(768);
    await embedder.close();
    expect(new HttpEmbedder({ ...testConfig({}).embedding, url: 'http://x' }).kind).toBe('http');
  });
});
