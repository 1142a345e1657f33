import { paper } from '../../tests/contract/fixture-papers';
import { FrozenSegment } from './frozen-segment';
import { PaperRecords } from './paper-records';
import { isWordCode, matchQuality, matchQualityIn, matchQualityInWord, occurrences, searchTextOf } from './relevance';
import { bigramAt, POSTING, type Segment } from './segment';
import { SegmentBuilder } from './segment-builder';
import { termEvidence, type TermEvidence } from './term-evidence';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Few distinct characters, so bigrams repeat within tokens: Latin glued to kanji, kana, digits, punctuation, a surrogate pair.
const PIECES = ['co2', 'c', 'o', '2', 'gx', 'esg', 'ab', 'a', 'b', '排出', '排', '出', '量', 'の', 'ああ', 'あ', '、', '。', ',', '-', '𠀋', 'e', 's', 'g'];

function text(next: () => number, pieces: number): string {
  let out = '';
  for (let i = 0; i < pieces; i++) out += next() < 0.12 ? ' ' : PIECES[Math.floor(next() * PIECES.length)]!;
  return out;
}

/** A segment of generated papers, open and frozen, with tokens longer than the occurrence table reaches and bigrams repeated past its count. */
function segments() {
  const next = random(7);
  const builder = new SegmentBuilder(100);
  for (let i = 0; i < 300; i++) {
    const p = paper({ id: `p${i}`, title: text(next, 12), abstract: text(next, 60), tags: [text(next, 3)] });
    builder.add(100 + i, p, searchTextOf(p));
  }
  const long = paper({ id: 'long', title: 'co2', abstract: `${'ああ'.repeat(200)}co2 ${'、'.repeat(70_000)}esg排出co2${'ab'.repeat(300)}` });
  builder.add(400, long, searchTextOf(long));
  // A term whose rarest bigram's place is known and the next rarest's is beyond the table's reach.
  const straddling = paper({ id: 'straddling', title: 'kmn', abstract: `${'、'.repeat(65_533)}jkmnp` });
  builder.add(401, straddling, searchTextOf(straddling));
  // Thousands of distinct tokens holding a Latin term inside Japanese text, several in a body.
  const kana = () => Array.from({ length: Math.floor(next() * 6) }, () => PIECES[9 + Math.floor(next() * 8)]!).join('');
  for (let i = 0; i < 1_800; i++) {
    const glued = () => `${kana()}${next() < 0.5 ? 'gx' : 'co2'}${kana()}${next() < 0.3 ? 'gx' : ''}${kana()}`;
    const p = paper({ id: `g${i}`, title: glued(), abstract: [glued(), glued(), glued(), glued()].join(' ') });
    builder.add(402 + i, p, searchTextOf(p));
  }
  // A long term whose two rarest bigrams are in one token, at the term's distance, while the rest of
  // it is not there: its plan does not cover it, so the token must be read.
  let slot = 402 + 1_800;
  for (const title of ['ンンンエオカキン', 'アイウエ オカ キク', 'アイウエ オカ キク', 'xオカ キクx']) {
    const p = paper({ id: `t${slot}`, title });
    builder.add(slot++, p, searchTextOf(p));
  }
  const { starts, bytes } = PaperRecords.encode(builder.storedPapers());
  const parts = builder.freeze();
  const frozen = new FrozenSegment('s', builder.start, builder.end, parts, PaperRecords.inMemory(starts, bytes));
  // As a segment file written before the occurrence table was: found by decoding token texts.
  const old = new FrozenSegment('old', builder.start, builder.end, { ...parts, bigramCounts: undefined, bigramFirst: undefined }, PaperRecords.inMemory(starts, bytes));
  // Without the word occurrences: Latin terms are judged from the text around each occurrence.
  const noWords = new FrozenSegment('no-words', builder.start, builder.end, { ...parts, wordLists: undefined }, PaperRecords.inMemory(starts, bytes));
  return { builder, frozen, old, noWords, next };
}

/**
 * The evidence as the plain way works it out (and as the engine did before the occurrence table):
 * the term's tokens found by reading their texts, visited best first, each paper's values kept on
 * first reach, maxima, and body qualities summed in that order.
 */
function plainEvidence(segment: Segment, term: string): TermEvidence {
  const tokens: { id: number; best: number; sum: number }[] = [];
  const lists = Array.from({ length: Math.max(0, term.length - 1) }, (_, i) => segment.bigramTokens(bigramAt(term, i)));
  if (lists.length > 0 && lists.every((l) => l !== undefined)) {
    for (const id of Array.from(lists[0]!)) {
      const { best, sum } = occurrences(segment.tokenText(id), term);
      if (best > 0) tokens.push({ id, best, sum });
    }
  }
  tokens.sort((a, b) => b.best - a.best || a.id - b.id);
  const bySlot = new Map<number, { best: number; title: number; tags: number; body: number }>();
  for (const token of tokens) {
    segment.forEachPosting(token.id, (slot, mask) => {
      let e = bySlot.get(slot);
      if (!e) bySlot.set(slot, (e = { best: token.best, title: 0, tags: 0, body: 0 }));
      if (mask & 1 && token.best > e.title) e.title = token.best;
      if (mask & 2 && token.best > e.tags) e.tags = token.best;
      if (mask & 4) e.body += (mask >>> POSTING.groupBits) * token.sum;
    });
  }
  const slots = [...bySlot.keys()].sort((a, b) => a - b);
  const column = (k: 'best' | 'title' | 'tags' | 'body') => Float64Array.from(slots, (slot) => bySlot.get(slot)![k]);
  return { slots: Int32Array.from(slots), best: column('best'), title: column('title'), tags: column('tags'), body: column('body') };
}

/**
 * A frozen segment finds a term's tokens through the occurrence counts and first positions it keeps
 * beside its bigram lists, without decoding them; the evidence (papers, qualities, sums) must be
 * exactly what reading the texts gives, or scores and order would change after a restart.
 */
describe('term evidence in a frozen segment', () => {
  const { builder, frozen, old, noWords, next } = segments();
  const terms = new Set(['co2', 'gx', 'esg', '排出', 'ああ', 'あああ', 'abab', 'ab', 'ba', 'co2,', '2、', '、、', '、e', '𠀋排', 'zz', 'o', '出量の', 'jkmnp', 'jkmn', 'アイウエオカキク', 'ンエオカキ', 'エオカキ']);
  for (let i = 0; i < 300; i++) {
    const t = text(next, 2 + Math.floor(next() * 3)).replace(/\s/g, '');
    if (t.length >= 2) terms.add(t.slice(0, 2 + Math.floor(next() * 4)));
  }

  it('is the plain way\'s, whether read from the occurrence table, from the token texts, or from the open segment', () => {
    let found = 0;
    for (const term of terms) {
      const evidence = plainEvidence(builder, term);
      for (const segment of [frozen, old, noWords, builder]) expect({ term, evidence: { ...termEvidence(segment, term) } }).toEqual({ term, evidence });
      if (evidence.slots.length > 0) found++;
    }
    expect(found).toBeGreaterThan(terms.size / 2);
  });

  it('judges a match inside a word from the code units, or the word around it, as from the text', () => {
    for (const t of ['co2排出量の削減', 'the co2, ch4', 'gx推進', 'hokkaido', 'a-co2-b']) {
      const chars = Uint16Array.from({ length: t.length }, (_, i) => t.charCodeAt(i));
      for (const term of ['co2', 'gx', 'ai', 'co2,', 'o2']) {
        for (let at = t.indexOf(term); at >= 0; at = t.indexOf(term, at + 1)) {
          const opens = isWordCode(term.charCodeAt(0));
          const closes = isWordCode(term.charCodeAt(term.length - 1));
          expect(matchQualityIn(chars, 0, chars.length, at, term.length, opens, closes)).toBe(matchQuality(t, term, at));
          if (!opens || !closes) continue;
          let from = at;
          while (from > 0 && isWordCode(chars[from - 1]!)) from--;
          let to = at + term.length;
          while (to < chars.length && isWordCode(chars[to]!)) to++;
          expect(matchQualityInWord(at, term.length, from, to)).toBe(matchQuality(t, term, at));
        }
      }
    }
  });
});
