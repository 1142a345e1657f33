import { z } from 'zod';
import { normalizeText } from './normalize';

/**
 * Where a query term occurs in the text a record carries, for a reader to mark and an agent to quote
 * (DESIGN §4a): `start` and `end` are UTF-16 offsets into the field's value exactly as the record
 * returns it, so `value.slice(start, end)` is the matched text — found the way the keyword engines
 * match (NFKC, case-folded substrings), so `ＣＯ２` is found by `co2`. An offset never splits a
 * character: a match inside one grapheme that normalisation expands (`㍻` is `平成`) marks the whole of it.
 */
export const highlightSchema = z
  .object({
    field: z.string().meta({ description: 'The record field the match is in (`title`, `abstract`, `tags`, …).' }),
    index: z.int().min(0).optional().meta({ description: 'For a list field (`tags`): the position of the matching value.' }),
    start: z.int().min(0).meta({ description: "UTF-16 offset of the match's first code unit in the field's value as this record carries it." }),
    end: z.int().min(0).meta({ description: 'UTF-16 offset just past the match: `value.slice(start, end)` is the matched text.' }),
    term: z.string().meta({ description: 'The query term that matched, normalised (NFKC, case-folded).' }),
    snippet: z.string().meta({ description: 'The match with some of its surrounding text, `…` where cut: a quotable passage.' }),
  })
  .meta({ id: 'Highlight' });

export type Highlight = z.output<typeof highlightSchema>;

/** Characters of context on each side of a match in its snippet. */
export const SNIPPET_CONTEXT = 60;
/** Matches reported per field value (a long abstract can repeat a term many times). */
export const MAX_MATCHES_PER_VALUE = 3;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** The value normalised grapheme by grapheme, with where each normalised code unit came from. */
function normalisedWithOrigins(value: string): { text: string; from: number[]; to: number[] } {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const { segment, index } of graphemes.segment(value)) {
    const n = normalizeText(segment);
    text += n;
    for (let i = 0; i < n.length; i++) {
      from.push(index);
      to.push(index + segment.length);
    }
  }
  return { text, from, to };
}

function snippetOf(value: string, start: number, end: number): string {
  // Widen to grapheme boundaries so the snippet never starts or ends inside a character.
  let left = Math.max(0, start - SNIPPET_CONTEXT);
  let right = Math.min(value.length, end + SNIPPET_CONTEXT);
  for (const { index, segment } of graphemes.segment(value)) {
    if (index < left && index + segment.length > left) left = index;
    if (index < right && index + segment.length > right) right = index + segment.length;
  }
  return `${left > 0 ? '…' : ''}${value.slice(left, right).trim()}${right < value.length ? '…' : ''}`;
}

/** Every match of the terms in one value, in order of position (overlapping matches of different terms kept). */
function matchesIn(value: string, terms: readonly string[]): { start: number; end: number; term: string }[] {
  const { text, from, to } = normalisedWithOrigins(value);
  const found: { start: number; end: number; term: string }[] = [];
  for (const term of terms) {
    let count = 0;
    for (let at = text.indexOf(term); at !== -1 && count < MAX_MATCHES_PER_VALUE; at = text.indexOf(term, at + Math.max(1, term.length))) {
      found.push({ start: from[at]!, end: to[at + term.length - 1]!, term });
      count++;
    }
  }
  return found.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * The highlights of `terms` in the named fields of a record: text fields and lists of texts, in the
 * order the fields are given. Terms are normalised here; empty terms are ignored.
 */
export function highlightsOf(record: Readonly<Record<string, unknown>>, fields: readonly string[], terms: readonly string[]): Highlight[] {
  const wanted = [...new Set(terms.map(normalizeText).filter((t) => t.length > 0))];
  if (wanted.length === 0) return [];
  const out: Highlight[] = [];
  const add = (field: string, value: string, index?: number) => {
    for (const m of matchesIn(value, wanted)) out.push({ field, ...(index === undefined ? {} : { index }), ...m, snippet: snippetOf(value, m.start, m.end) });
  };
  for (const field of fields) {
    const value = record[field];
    if (typeof value === 'string') add(field, value);
    else if (Array.isArray(value)) value.forEach((v, i) => typeof v === 'string' && add(field, v, i));
  }
  return out;
}
