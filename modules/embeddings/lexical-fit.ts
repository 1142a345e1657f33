import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { fmix, TEXTS_PER_TURN, textFeatures } from './lexical-features';

/** Document-frequency counters: a hashed table, fixed in size whatever the corpus (4 MiB). */
const SLOT_BITS = 20;
const SLOTS = 1 << SLOT_BITS;
const SLOT_SALT = 0x9e3779b9;
const HEADER_BYTES = 16;
const FORMAT = 1;

// Module-level aliases: a global looked up in a hot loop is much slower inside a vm context (jest).
const { log, sqrt } = Math;
let EMPTY: LexicalFit | undefined;

export const slotOf = (feature: number) => fmix(feature ^ SLOT_SALT) & (SLOTS - 1);

/**
 * What the embedded embedder knows of its corpus: how many papers hold each feature (word or
 * trigram, see `textFeatures`), and the papers' mean length in words and in trigrams. Fitted once on
 * the papers of the database and stored there (`lexical-fit.store.ts`), so that every process
 * embeds with the same fit: a paper's stored vector and a query's vector always agree.
 *
 * Counts are kept in a hashed table: two features sharing a counter look more common than they are,
 * which only lowers their weight a little (a rare feature shares with a rare one most of the time).
 */
export class LexicalFit {
  /** √idf per counter, computed once: the weight both sides of a dot product give a feature. */
  private readonly rootIdfBySlot: Float32Array;

  private constructor(
    readonly documents: number,
    readonly meanWords: number,
    readonly meanGrams: number,
    private readonly counts: Uint32Array,
    /** Names this fit: a digest of its content. */
    readonly id: string,
  ) {
    const rootIdf = (df: number) => sqrt(log(1 + (documents - df + 0.5) / (df + 0.5)));
    // Most counters are 0 (unseen features): fill those at once, work out the others.
    this.rootIdfBySlot = new Float32Array(SLOTS).fill(rootIdf(0));
    for (let slot = 0; slot < SLOTS; slot++) {
      const df = counts[slot]!;
      if (df !== 0) this.rootIdfBySlot[slot] = rootIdf(df < documents ? df : documents);
    }
  }

  /** The fit of an empty corpus: every feature equally rare. */
  static empty(): LexicalFit {
    EMPTY ??= LexicalFit.of(0, 0, 0, new Uint32Array(SLOTS));
    return EMPTY;
  }

  /** Counts the features of every text (each text is one paper's passage), here, between requests (see `lexical-worker.ts` for a worker thread's). */
  static async fit(batches: AsyncIterable<string[]>): Promise<LexicalFit> {
    const counter = new FitCounter();
    for await (const texts of batches) {
      for (const [i, text] of texts.entries()) {
        // A pass over every paper runs beside the requests of a serving process: let them through.
        if (i > 0 && i % TEXTS_PER_TURN === 0) await setImmediate();
        counter.add(text);
      }
    }
    return counter.fit();
  }

  static fromBytes(bytes: Buffer): LexicalFit {
    if (bytes.length !== HEADER_BYTES + SLOTS * 4 || bytes.readUInt32LE(0) !== FORMAT) {
      throw new Error(`not a lexical fit of format ${FORMAT} (${bytes.length} bytes)`);
    }
    const counts = new Uint32Array(SLOTS);
    Buffer.from(counts.buffer).set(bytes.subarray(HEADER_BYTES));
    return LexicalFit.of(bytes.readUInt32LE(4), bytes.readFloatLE(8), bytes.readFloatLE(12), counts);
  }

  toBytes(): Buffer {
    const bytes = Buffer.alloc(HEADER_BYTES + SLOTS * 4);
    writeHeader(bytes, this.documents, this.meanWords, this.meanGrams);
    Buffer.from(this.counts.buffer, this.counts.byteOffset, this.counts.byteLength).copy(bytes, HEADER_BYTES);
    return bytes;
  }

  /** The square root of Okapi's inverse document frequency, `ln(1 + (N − n + 0.5) / (n + 0.5))`: rare features weigh most. */
  rootIdf(feature: number): number {
    return this.rootIdfBySlot[slotOf(feature)]!;
  }

  /** @internal A fit of the counts given (`FitCounter`'s result). */
  static of(documents: number, meanWords: number, meanGrams: number, counts: Uint32Array): LexicalFit {
    const header = Buffer.alloc(HEADER_BYTES);
    writeHeader(header, documents, meanWords, meanGrams);
    const id = createHash('sha256').update(header).update(new Uint8Array(counts.buffer, counts.byteOffset, counts.byteLength)).digest('hex').slice(0, 12);
    return new LexicalFit(documents, meanWords, meanGrams, counts, id);
  }
}

/** How many papers hold each feature, counted one text at a time; `fit()` makes the fit of what was counted. */
export class FitCounter {
  private readonly counts = new Uint32Array(SLOTS);
  // The last document that counted a slot: a feature repeated in one paper counts once.
  private readonly seen = new Int32Array(SLOTS).fill(-1);
  private documents = 0;
  private words = 0;
  private grams = 0;

  add(text: string): void {
    const f = textFeatures(text);
    const { counts, seen, documents } = this;
    for (const { hashes } of [f.words, f.grams]) {
      for (const feature of hashes) {
        const slot = slotOf(feature);
        if (seen[slot] !== documents) {
          seen[slot] = documents;
          counts[slot]!++;
        }
      }
    }
    this.words += f.words.total;
    this.grams += f.grams.total;
    this.documents++;
  }

  fit(): LexicalFit {
    const n = this.documents;
    return LexicalFit.of(n, n ? this.words / n : 0, n ? this.grams / n : 0, this.counts);
  }
}

function writeHeader(bytes: Buffer, documents: number, meanWords: number, meanGrams: number): void {
  bytes.writeUInt32LE(FORMAT, 0);
  bytes.writeUInt32LE(documents, 4);
  bytes.writeFloatLE(meanWords, 8);
  bytes.writeFloatLE(meanGrams, 12);
}
