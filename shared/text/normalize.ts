/**
 * The one text rule shared by every keyword engine (DESIGN §4): Unicode NFKC, then case-folded.
 * Index text and query terms go through the same function, so full-width `ＣＯ２` equals `co2`.
 */
export function normalizeText(text: string): string {
  // Lower-casing can produce sequences that NFKC composes differently (e.g. U+0130), so normalise again.
  return text.normalize('NFKC').toLowerCase().normalize('NFKC');
}

/** Any Unicode white space separates terms; the ideographic space U+3000 included. */
const WHITE_SPACE = /\s+/u;

/** Splits a raw query into normalised terms. */
export function splitTerms(query: string): string[] {
  return normalizeText(query).split(WHITE_SPACE).filter((t) => t.length > 0);
}

/** Length in Unicode code points, the unit every character limit in the API counts in. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** How far back from the cut `truncateText` looks for a position that is surely a grapheme boundary. */
const SAFE_POINT_LOOKBACK = 256;
/** UTF-16 units after the cut given to the segmenter: the code point at the cut and some room. */
const WINDOW_AFTER_CUT = 32;

/**
 * Code units of characters that are "Other" in the grapheme cluster rules (UAX #29) and nothing
 * more: not Extend, ZWJ, SpacingMark, Prepend, Control, Hangul, a regional indicator, an
 * Extended_Pictographic or an Indic conjunct consonant. No rule joins two such characters, and no
 * rule looks back across one, so a position between two of them is a grapheme boundary whatever
 * comes before it: ASCII printables, CJK unified ideographs, hiragana and katakana (without the
 * combining voicing marks U+3099–U+309A), full-width ASCII forms.
 */
function isPlain(c: number): boolean {
  return (
    (c >= 0x20 && c <= 0x7e) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3041 && c <= 0x3096) ||
    (c >= 0x30a1 && c <= 0x30fa) ||
    (c >= 0xff01 && c <= 0xff5e)
  );
}

/**
 * Shortens text to at most `max` code points, cutting only between grapheme clusters (never inside a
 * character or a combining sequence) and marking the cut with an ellipsis that counts towards `max`.
 *
 * The result is the longest run of whole grapheme clusters from the start that fits in `max - 1`
 * code points, trimmed at its end, then `…`. It is found without segmenting the text from the
 * start: the cut after `max - 1` code points is located by counting, and only a short window around
 * it is segmented, from the nearest earlier position that is surely a boundary (see `isPlain`; the
 * start of the text when there is none nearby). Grapheme rules look back only through characters
 * that are never plain, so segmenting from such a position gives the same boundaries as segmenting
 * the whole text.
 */
export function truncateText(text: string, max: number): string {
  const len = text.length;
  if (len <= max) return text; // never more code points than UTF-16 units
  if (!(max >= 1)) return codePointLength(text) <= max ? text : '…';
  max = Math.floor(max);
  const keep = max - 1;
  // One pass over at most max + 1 code points: `cut` is where the first `keep` of them end.
  let cut = 0;
  let n = 0;
  let i = 0;
  for (; i < len; n++) {
    if (n === keep) cut = i;
    if (n === max) break;
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < len && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  if (i >= len) return text; // at most `max` code points
  return `${text.slice(0, boundaryAtOrBefore(text, cut)).trimEnd()}…`;
}

/** The last grapheme cluster boundary of `text` at or before `cut` (a code point boundary). */
function boundaryAtOrBefore(text: string, cut: number): number {
  if (cut === 0) return 0;
  // The nearest position at or before the cut between two plain characters: surely a boundary.
  let start = 0;
  const stop = Math.max(1, cut - SAFE_POINT_LOOKBACK);
  for (let j = cut; j >= stop; j--) {
    if (isPlain(text.charCodeAt(j)) && isPlain(text.charCodeAt(j - 1))) {
      if (j === cut) return cut;
      start = j;
      break;
    }
  }
  let boundary = start;
  for (const { index, segment } of graphemes.segment(text.slice(start, cut + WINDOW_AFTER_CUT))) {
    const end = start + index + segment.length;
    if (end > cut) break;
    boundary = end;
  }
  return boundary;
}
