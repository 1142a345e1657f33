import { testConfig } from '../../tests/support/test-run';
import { CachedEmbedder } from './embedder.cached';
import { EMBEDDED_DIMENSIONS, EmbeddedEmbedder, embedLexical } from './embedder.embedded';
import { createEmbedder } from './embedder.factory';
import { HttpEmbedder } from './embedder.http';
import { LexicalFit } from './lexical-fit';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (a: Float32Array) => Math.sqrt(dot(a, a));

async function fitOn(texts: string[]): Promise<LexicalFit> {
  return LexicalFit.fit((async function* () {
    yield texts;
  })());
}

/** A corpus where `carbon` is in every paper and `ammonia` in one. */
const CORPUS = [
  'Carbon pricing and emissions trading in Japan',
  'Carbon capture and storage costs',
  'Carbon accounting for Scope 3 emissions',
  'Ammonia co-firing in coal power plants and carbon',
  'Carbon disclosure by listed companies',
  'Carbon taxes and steel',
];

describe('EmbeddedEmbedder', () => {
  it('has 1024 dimensions and returns one unit vector per text, in order', async () => {
    const embedder = new EmbeddedEmbedder();
    expect(embedder.dimensions).toBe(EMBEDDED_DIMENSIONS);
    const texts = ['carbon pricing', '水素 サプライチェーン', 'a', 'x'.repeat(5000)];
    const vectors = await embedder.embedPassages(texts);
    expect(vectors).toHaveLength(4);
    vectors.forEach((v, i) => {
      expect(v).toHaveLength(1024);
      expect(norm(v)).toBeCloseTo(1, 5);
      expect(Array.from(v)).toEqual(Array.from(embedLexical(texts[i]!, 'passage', LexicalFit.empty())));
    });
  });

  it('weighs a shared rare word above a shared common one: the fit knows which is which', async () => {
    const embedder = new EmbeddedEmbedder({ fit: await fitOn(CORPUS) });
    const [query] = await embedder.embedQueries(['carbon ammonia']);
    const [ammonia, carbon] = await embedder.embedPassages(['Ammonia co-firing in coal power plants', 'Carbon pricing and carbon markets']);
    expect(dot(query!, ammonia!)).toBeGreaterThan(dot(query!, carbon!));
    // Without the fit every word weighs alike, and the passage repeating `carbon` wins.
    const plain = new EmbeddedEmbedder();
    const [q] = await plain.embedQueries(['carbon ammonia']);
    const [a, c] = await plain.embedPassages(['Ammonia co-firing in coal power plants', 'Carbon pricing and carbon markets']);
    expect(dot(q!, c!)).toBeGreaterThan(dot(q!, a!));
  });

  it('finds another form of a word (stems and trigrams), and Japanese without spaces', async () => {
    const embedder = new EmbeddedEmbedder({ fit: await fitOn([...CORPUS, '水素供給網の構築', '森林の生物多様性']) });
    const [q] = await embedder.embedQueries(['emission']);
    const [near, far] = await embedder.embedPassages(['Emissions of listed companies', 'Coal power plants']);
    expect(dot(q!, near!)).toBeGreaterThan(dot(q!, far!) + 0.1);
    const [ja] = await embedder.embedQueries(['水素']);
    const [jaNear, jaFar] = await embedder.embedPassages(['水素供給網のコスト', '森林の生物多様性']);
    expect(dot(ja!, jaNear!)).toBeGreaterThan(dot(ja!, jaFar!) + 0.1);
  });

  it('treats full-width and half-width text, case and white space (incl. U+3000) as equal', async () => {
    const embedder = new EmbeddedEmbedder();
    const [full, half, spaced] = await embedder.embedQueries(['ＣＯ２　排出', 'co2 排出', '  CO2\t\n排出  ']);
    expect(Array.from(full!)).toEqual(Array.from(half!));
    expect(Array.from(spaced!)).toEqual(Array.from(half!));
  });

  it('gives featureless text (empty, white space, punctuation, stop words) the first basis vector', async () => {
    const vectors = await new EmbeddedEmbedder().embedQueries(['', '   \u3000 ', '!!! ...', 'the of and']);
    for (const v of vectors) {
      expect(v[0]).toBe(1);
      expect(norm(v)).toBe(1);
    }
  });

  it('is named by its dimensions and its fit: vectors of another fit are another model', async () => {
    const a = new EmbeddedEmbedder({ fit: await fitOn(CORPUS) });
    const b = new EmbeddedEmbedder({ fit: await fitOn(CORPUS) });
    const c = new EmbeddedEmbedder({ fit: await fitOn(CORPUS.slice(1)) });
    expect(a.model).toMatch(/^embedded-lexical-v2:1024:[0-9a-f]{12}$/);
    expect(b.model).toBe(a.model);
    expect(c.model).not.toBe(a.model);
    expect(new EmbeddedEmbedder({ dimensions: 64 }).model).toMatch(/^embedded-lexical-v2:64:/);
    expect(() => new EmbeddedEmbedder({ dimensions: 0 })).toThrow(RangeError);
  });
});

describe('LexicalFit', () => {
  it('keeps its counts, means and id through its stored form', async () => {
    const fit = await fitOn(CORPUS);
    const back = LexicalFit.fromBytes(fit.toBytes());
    expect(back.id).toBe(fit.id);
    expect(back.documents).toBe(6);
    expect(back.meanWords).toBeCloseTo(fit.meanWords, 5);
    const [x] = await new EmbeddedEmbedder({ fit }).embedQueries(['carbon ammonia']);
    const [y] = await new EmbeddedEmbedder({ fit: back }).embedQueries(['carbon ammonia']);
    expect(Array.from(y!)).toEqual(Array.from(x!));
  });

  it('refuses bytes that are not a fit', () => {
    expect(() => LexicalFit.fromBytes(Buffer.alloc(100))).toThrow(/not a lexical fit/);
  });
});

describe('createEmbedder', () => {
  it('picks the embedded embedder without EMBEDDING_URL or a model directory, behind the query cache', async () => {
    const embedder = createEmbedder(testConfig({}));
    expect(embedder).toBeInstanceOf(CachedEmbedder);
    expect(embedder.kind).toBe('embedded');
    expect(embedder.dimensions).toBe(1024);
    const [v] = await embedder.embedQueries(['hydrogen']);
    expect(Array.from(v!)).toEqual(Array.from(embedLexical('hydrogen', 'query', LexicalFit.empty())));
    await embedder.close();
  });

  it('picks the HTTP embedder when EMBEDDING_URL is set, named by its service, model, dimension and prefix', async () => {
    const embedder = createEmbedder(testConfig({ EMBEDDING_URL: 'http://127.0.0.1:9/', EMBEDDING_DIMENSIONS: '768' }));
    expect(embedder.kind).toBe('http');
    expect(embedder.dimensions).toBe(768);
    expect(embedder.model).toBe('tei:intfloat/multilingual-e5-large:768:passage: ');
    await embedder.close();
    expect(new HttpEmbedder({ ...testConfig({}).embedding, url: 'http://x' }).kind).toBe('http');
  });
});
