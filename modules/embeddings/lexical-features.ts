import { ENGLISH_STOP_WORDS, forEachWord, termsOfWord } from '../../shared/text/analyzer';
import { normalizeText } from '../../shared/text/normalize';

/**
 * The features of the embedded embedder, each a 32-bit hash: every word of the text as the ranked
 * retrieval's analyzer sees it (Porter2 stems, Japanese and Chinese as character bigrams; English
 * stop words dropped), and the character trigrams of every such word, padded so that word starts
 * and ends are features of their own. Words carry the meaning; trigrams make near forms
 * (`decarbonisation`, `decarbonization`) and rare words survive the hashing into few dimensions.
 */
export interface TextFeatures {
  words: FeatureCounts;
  grams: FeatureCounts;
}

/** Distinct features with their occurrences, and the occurrences in all. */
export interface FeatureCounts {
  hashes: Uint32Array;
  counts: Uint32Array;
  total: number;
}

/**
 * Texts embedded or counted between two turns of the event loop: an abstract takes about 0.2 ms, so
 * a process that embeds or fits beside its requests lets them through every few milliseconds.
 */
export const TEXTS_PER_TURN = 32;

const SEED_WORD = 0x5d;
const SEED_GRAM = 0x6e;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// A module-level alias: looking up the global `Math` in a hot loop is much slower inside a vm context (jest).
const imul = Math.imul;

/** murmur3's fmix32: spreads FNV's weak low bits over the whole word. */
export function fmix(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashOf(seed: number, text: string): number {
  let h = imul(FNV_OFFSET ^ seed, FNV_PRIME);
  for (let i = 0; i < text.length; i++) h = imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return fmix(h);
}

/**
 * Feature hashes counted for one text, in an open-addressing table reused from text to text
 * (embedding is synchronous): counting this way is several times faster than a Map or a sort.
 */
class HashCounter {
  private keys = new Uint32Array(4096);
  private counts = new Uint32Array(4096);
  private readonly used: number[] = [];
  private total = 0;

  push(hash: number): void {
    this.total++;
    const mask = this.keys.length - 1;
    // 0 marks a free cell, so the hash 0 is stored as 1 (a collision without consequence).
    const key = hash || 1;
    for (let i = key & mask; ; i = (i + 1) & mask) {
      if (this.keys[i] === key) {
        this.counts[i]!++;
        return;
      }
      if (this.keys[i] === 0) {
        this.keys[i] = key;
        this.counts[i] = 1;
        this.used.push(i);
        if (this.used.length * 2 > this.keys.length) this.grow();
        return;
      }
    }
  }

  /** The distinct hashes and their counts; the table is empty again afterwards. */
  counted(): FeatureCounts {
    const n = this.used.length;
    const hashes = new Uint32Array(n);
    const counts = new Uint32Array(n);
    for (let j = 0; j < n; j++) {
      const i = this.used[j]!;
      hashes[j] = this.keys[i]!;
      counts[j] = this.counts[i]!;
      this.keys[i] = 0;
    }
    const total = this.total;
    this.used.length = 0;
    this.total = 0;
    return { hashes, counts, total };
  }

  private grow(): void {
    const { keys, counts, used } = this;
    this.keys = new Uint32Array(keys.length * 2);
    this.counts = new Uint32Array(keys.length * 2);
    const mask = this.keys.length - 1;
    const cells = used.splice(0);
    for (const cell of cells) {
      let i = keys[cell]! & mask;
      while (this.keys[i] !== 0) i = (i + 1) & mask;
      this.keys[i] = keys[cell]!;
      this.counts[i] = counts[cell]!;
      used.push(i);
    }
  }
}

const SPACE = 0x20;
const GRAM_START = imul(FNV_OFFSET ^ SEED_GRAM, FNV_PRIME);

/** The trigrams of ` word ` (padded with spaces), hashed without building the padded string. */
function pushTrigrams(word: string): void {
  const n = word.length + 2;
  const at = (i: number) => (i === 0 || i === n - 1 ? SPACE : word.charCodeAt(i - 1));
  let a = SPACE;
  let b = at(1);
  for (let i = 2; i < n; i++) {
    const c = at(i);
    grams.push(fmix(imul(imul(imul(GRAM_START ^ a, FNV_PRIME) ^ b, FNV_PRIME) ^ c, FNV_PRIME)));
    a = b;
    b = c;
  }
}

const words = new HashCounter();
const grams = new HashCounter();

export function textFeatures(text: string): TextFeatures {
  forEachWord(normalizeText(text), (word, cjk) => {
    if (!cjk && ENGLISH_STOP_WORDS.has(word)) return;
    termsOfWord(word, cjk, (term) => words.push(hashOf(SEED_WORD, term)));
    pushTrigrams(word);
  });
  return { words: words.counted(), grams: grams.counted() };
}
