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

/**
 * Shortens text to at most `max` code points, cutting only between grapheme clusters (never inside a
 * character or a combining sequence) and marking the cut with an ellipsis that counts towards `max`.
 */
export function truncateText(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const len = codePointLength(segment);
    if (used + len > max - 1) break;
    out += segment;
    used += len;
  }
  return `${out.trimEnd()}…`;
}
