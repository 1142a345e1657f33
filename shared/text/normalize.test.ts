import fs from 'node:fs';
import { describeWithReferenceData, referenceFile } from '../../tests/support/reference-data';
import { generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { mulberry32 } from '../random/seeded-random';
import { codePointLength, normalizeText, splitTerms, truncateText } from './normalize';

describe('text rules', () => {
  it('normalises full-width forms and case (NFKC + case folding)', () => {
    expect(normalizeText('ＣＯ２排出量')).toBe('co2排出量');
    expect(normalizeText('ＴＣＦＤ')).toBe('tcfd');
    expect(normalizeText('ｶｰﾎﾞﾝ')).toBe('カーボン'); // half-width katakana
    expect(normalizeText('Scope ３')).toBe('scope 3');
  });

  it('splits terms on any Unicode white space, the ideographic space included', () => {
    expect(splitTerms('水素\u3000輸送')).toEqual(['水素', '輸送']);
    expect(splitTerms('  carbon\t\nPRICING\u00a0policy  ')).toEqual(['carbon', 'pricing', 'policy']);
    expect(splitTerms('\u2003')).toEqual([]);
  });

  it('counts characters in code points, not UTF-16 units', () => {
    expect(codePointLength('🌏🌏')).toBe(2);
    expect(codePointLength('水素')).toBe(2);
  });

  it('shortens to at most the limit without cutting a character or a combining sequence', () => {
    const text = 'a'.repeat(598) + '🌏' + 'e\u0301' + 'tail';
    const short = truncateText(text, 600);
    expect(codePointLength(short)).toBeLessThanOrEqual(600);
    expect(short.endsWith('…')).toBe(true);
    expect(short).not.toMatch(/[\ud800-\udbff]…$/); // no lone high surrogate before the ellipsis
    expect(short).not.toContain('e…'); // the accent is not separated from its letter
    expect(truncateText('short', 600)).toBe('short');
    expect(truncateText('x'.repeat(600), 600)).toBe('x'.repeat(600));
  });
});

/**
 * The first `truncateText`, kept as the reference: it walks every grapheme from the start of the
 * text. The current one finds the cut directly and must give the same output for every input.
 */
const referenceGraphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
function referenceTruncate(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  let out = '';
  let used = 0;
  for (const { segment } of referenceGraphemes.segment(text)) {
    const len = codePointLength(segment);
    if (used + len > max - 1) break;
    out += segment;
    used += len;
  }
  return `${out.trimEnd()}…`;
}

const RI = (letters: string) => [...letters].map((l) => String.fromCodePoint(0x1f1e6 + l.charCodeAt(0) - 65)).join('');

/** Pieces that exercise every grapheme rule, mixed at random below. */
const PIECES: readonly string[] = [
  // ASCII words, spaces, punctuation, digits
  'carbon', ' ', ' ', 'pricing', '.', ', ', 'CO2', '2030', '-', '  ', '\t', 'e',
  // Japanese and Chinese, full-width forms, the ideographic space, CJK punctuation (U+3030 is pictographic)
  '水素', '排出量', 'カーボン', 'ひらがな', '、', '。', '\u3000', 'ＣＯ２', '碳排放', '〰', '〽',
  // half-width katakana with voicing marks, hiragana with combining voicing marks
  'ｶﾞ', 'ﾊﾟ', 'か\u3099', 'は\u309a', '\u3099',
  // combining marks, alone and stacked
  'e\u0301', 'a\u0308\u0323', '\u0301', '\u0323\u0308', 'n\u0303',
  // emoji: plain, with variation selector, skin tones, ZWJ sequences, keycaps, tags
  '🌏', '❤️', '❤', '\ufe0f', '👍🏽', '🏽', '👩‍👩‍👧‍👦', '👨🏿‍🔬', '🏳️‍🌈', '\u200d', '1️⃣', '#\ufe0f\u20e3',
  '🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}', '©', '©\ufe0f',
  // regional indicators: flags, and odd runs
  RI('JP'), RI('US'), RI('G'), RI('JPU'), RI('DEFRGB'),
  // Hangul: syllables and conjoining jamo
  '한국어', '\u1100\u1161\u11a8', '\u1100', '\u1161', '\u11a8',
  // Indic: virama conjuncts, spacing marks, prepend
  'क्ष', 'क्\u200dष', 'नमस्ते', '\u094d', 'கா', '\u0d4e', 'ก', 'ำ',
  // controls, CR LF, zero-width and format characters, soft hyphen
  '\r\n', '\r', '\n', '\u0000', '\u00ad', '\u200b', '\u200c', '\u2060', '\u0600',
  // unpaired surrogates
  '\ud83c', '\udf0f',
];

function generated(random: () => number, pieces: number, pool: readonly string[] = PIECES): string {
  let s = '';
  for (let i = 0; i < pieces; i++) s += pool[Math.floor(random() * pool.length)]!;
  return s;
}

describe('truncateText gives exactly what walking every grapheme gives', () => {
  const expectSame = (text: string, max: number) => {
    const got = truncateText(text, max);
    if (got !== referenceTruncate(text, max)) {
      // A readable failure: the input and limit that differ.
      expect({ text: JSON.stringify(text), max, got: JSON.stringify(got) }).toEqual({
        text: JSON.stringify(text), max, got: JSON.stringify(referenceTruncate(text, max)),
      });
    }
  };

  it('on the edge cases', () => {
    for (const max of [-1, 0, 0.5, 1, 1.5, 2, 3, 600]) {
      for (const text of ['', 'a', 'ab', 'abc', '🌏', '🌏🌏', 'e\u0301', '  x', 'x  y', RI('JPUS'), '\ud83c', 'a'.repeat(600), 'a'.repeat(601)]) {
        expectSame(text, max);
      }
    }
  });

  it('on 40,000 generated strings of every kind, with the limit right at, around and far from their length', () => {
    const random = mulberry32(12);
    const pools: readonly (readonly string[])[] = [
      PIECES,
      ['carbon', ' ', 'pricing', '.', 'e\u0301', '🌏'], // mostly plain: the cut is found without segmenting
      ['👩‍👩‍👧‍👦', '👍🏽', RI('JP'), RI('G'), '\u200d', '❤️', '\u0301', 'ｶﾞ', 'क्ष'], // nothing plain: segmented from the start
      ['水素', '排出量', '、', '。', 'か\u3099', '\u3000', '🌏', 'ＣＯ２'],
    ];
    for (let k = 0; k < 40_000; k++) {
      const text = generated(random, 1 + Math.floor(random() * (k % 10 === 0 ? 400 : 60)), pools[k % pools.length]);
      const length = codePointLength(text);
      const max = k % 3 === 0 ? 1 + Math.floor(random() * (length + 5)) : Math.max(1, length - 3 + Math.floor(random() * 7));
      expectSame(text, max);
    }
  });

  it('when the nearest sure boundary is far before the cut (long runs of flags, emoji and marks)', () => {
    for (const run of [RI('J').repeat(301), RI('J').repeat(300), '👍🏽'.repeat(200), 'e' + '\u0301'.repeat(400), '👩‍'.repeat(150) + '👦', 'क्'.repeat(200) + 'ष']) {
      for (const prefix of ['', 'ab', 'a'.repeat(300), 'abc '.repeat(80)]) {
        const text = `${prefix}${run}tail text`;
        for (let max = 1; max <= codePointLength(text) + 1; max += 7) expectSame(text, max);
        for (const max of [codePointLength(prefix) + 1, codePointLength(prefix) + 2, 600]) expectSame(text, max);
      }
    }
  });

  it('on the generated demo corpus (Japanese, English and Chinese), at several limits', () => {
    for (const paper of generateDemoPapers({ count: 3000 })) {
      for (const text of [paper.abstract, paper.ai_summary_en, paper.ai_summary_ja, paper.title_ja]) {
        if (typeof text !== 'string') continue;
        for (const max of [600, 200, 80, 33]) expectSame(text, max);
      }
    }
  });

  describeWithReferenceData('on the real abstracts', ['papers.jsonl'], () => {
    it('of the reference data papers.jsonl, at several limits', () => {
      const lines = fs.readFileSync(referenceFile('papers.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
      let compared = 0;
      for (const line of lines) {
        const paper = JSON.parse(line) as Record<string, unknown>;
        for (const field of ['abstract', 'ai_summary_en', 'ai_summary_ja', 'title']) {
          const text = paper[field];
          if (typeof text !== 'string') continue;
          for (const max of [600, 300, 120, 50]) expectSame(text, max);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(4000);
    });
  });
});
