import { EmbeddingError, type Embedder } from '../../modules/embeddings/embedder.port';

/** Texts every embedder must take: plain, empty, blank, long, Japanese, Chinese, emoji, full-width. */
export const CONTRACT_TEXTS: Record<string, string> = {
  english: 'Carbon pricing and emissions trading in regional power markets',
  empty: '',
  blank: ' \t\n\u3000',
  // Past the token limit of every model in use (512 for e5), within what any service accepts (8k tokens).
  long: 'carbon pricing hydrogen supply chain climate risk green bonds energy transition policy '.repeat(45),
  japanese: '日本の排出量取引制度と炭素税による脱炭素の効果',
  chinese: '碳定价与排放交易体系对电力行业的影响',
  emoji: '🌍🔥 climate risk 🌱 energy transition ⚡',
  fullWidth: 'ＣＯ２排出量　削減 and Scope 3',
};

const NAMES = Object.keys(CONTRACT_TEXTS);
const TEXTS = Object.values(CONTRACT_TEXTS);

export interface EmbedderAdapter {
  /** A new embedder of this adapter; two made by it must be alike (same model, same vectors). */
  make(): Promise<Embedder>;
  /** The length its vectors must have: the configured one, or the model's own. */
  dimensions: number;
  /** Embedders whose backend fails in one way each (down, stuck, answering nonsense): every call must fail with an EmbeddingError, and must not hang. */
  failures?: { name: string; make: () => Promise<Embedder> }[];
  /** It holds a backend (a connection, a model) that `close` lets go of: calls afterwards fail with an EmbeddingError. */
  refusesAfterClose: boolean;
}

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/** Equal to 5 decimals: a model run may pad a text in a batch, which changes nothing beyond float noise. */
function expectClose(a: Float32Array, b: Float32Array): void {
  expect(a).toHaveLength(b.length);
  const worst = a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i]!)), 0);
  expect(worst).toBeLessThan(1e-5);
}

/**
 * The behaviour every Embedder adapter must have (modules/embeddings/embedder.port.ts): one unit
 * vector of the declared length per text, in order, whatever the text; the same vector for the same
 * text, alone or in a batch, from this embedder or another made alike; a model name that does not
 * move; and every failure of its backend an EmbeddingError, never a hang (the adapter's own
 * timeouts end a stuck call; the suite sets none).
 */
export function embedderContract(adapter: EmbedderAdapter): void {
  let embedder: Embedder;
  let twin: Embedder;
  const opened: Embedder[] = [];
  const make = async (factory: () => Promise<Embedder>) => {
    const e = await factory();
    opened.push(e);
    return e;
  };

  beforeAll(async () => {
    embedder = await make(adapter.make);
    twin = await make(adapter.make);
    await embedder.init?.();
  });
  afterAll(async () => {
    for (const e of opened.splice(0)) await e.close();
  });

  const sides = [
    ['queries', (e: Embedder, texts: string[]) => e.embedQueries(texts)],
    ['passages', (e: Embedder, texts: string[]) => e.embedPassages(texts)],
  ] as const;

  it('declares the dimensions it was built with', () => {
    expect(embedder.dimensions).toBe(adapter.dimensions);
  });

  describe.each(sides)('%s', (_side, embed) => {
    it('one unit vector of the declared length per text, in order, for every kind of text', async () => {
      const vectors = await embed(embedder, TEXTS);
      expect(vectors).toHaveLength(TEXTS.length);
      vectors.forEach((v, i) => {
        expect({ text: NAMES[i], type: v.constructor.name, length: v.length, finite: v.every(Number.isFinite) }).toEqual({
          text: NAMES[i],
          type: 'Float32Array',
          length: adapter.dimensions,
          finite: true,
        });
        expect(norm(v)).toBeCloseTo(1, 4);
      });
    });

    it('no texts, no vectors', async () => {
      expect(await embed(embedder, [])).toEqual([]);
    });

    it('the same text gives the same vector: again, and from another embedder made alike', async () => {
      const first = await embed(embedder, TEXTS);
      const again = await embed(embedder, TEXTS);
      const other = await embed(twin, TEXTS);
      first.forEach((v, i) => {
        expect(Array.from(again[i]!)).toEqual(Array.from(v));
        expect(Array.from(other[i]!)).toEqual(Array.from(v));
      });
    });

    it('a text in a batch gets the vector it gets alone', async () => {
      const batched = await embed(embedder, TEXTS);
      for (const [i, text] of TEXTS.entries()) expectClose(batched[i]!, (await embed(embedder, [text]))[0]!);
    });

    it('different texts get different vectors', async () => {
      const [a, b] = await embed(embedder, ['carbon pricing policy', 'hydrogen supply chain']);
      expect(Array.from(a!)).not.toEqual(Array.from(b!));
    });
  });

  it('its model name does not move: before and after embedding, and alike for an embedder made alike', async () => {
    const before = embedder.model;
    expect(typeof before).toBe('string');
    expect(before.length).toBeGreaterThan(0);
    await embedder.embedPassages(TEXTS);
    await embedder.embedQueries(TEXTS);
    expect(embedder.model).toBe(before);
    expect(twin.model).toBe(before);
  });

  it('answers its readiness probe', async () => {
    await expect(embedder.ping()).resolves.toBeUndefined();
  });

  for (const failure of adapter.failures ?? []) {
    it(`when its backend fails (${failure.name}): every call fails with an EmbeddingError, and none hangs`, async () => {
      const broken = await make(failure.make);
      await expect(broken.embedQueries(['carbon pricing'])).rejects.toBeInstanceOf(EmbeddingError);
      await expect(broken.embedPassages(['carbon pricing', 'hydrogen'])).rejects.toBeInstanceOf(EmbeddingError);
      await expect(broken.ping()).rejects.toBeInstanceOf(EmbeddingError);
    });
  }

  it(adapter.refusesAfterClose ? 'once closed, it refuses with an EmbeddingError' : 'closes without a backend to let go of', async () => {
    const e = await make(adapter.make);
    await e.embedQueries(['carbon pricing']);
    await e.close();
    if (adapter.refusesAfterClose) {
      await expect(e.embedQueries(['carbon pricing'])).rejects.toBeInstanceOf(EmbeddingError);
      await expect(e.embedPassages(['carbon pricing'])).rejects.toBeInstanceOf(EmbeddingError);
    }
  });
}
