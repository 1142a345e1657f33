import type { Paper } from '../papers/paper';
import type { KeywordFilters } from './keyword-index.port';
import { normalizeText } from '../text/normalize';

/**
 * The explicit relevance formula every keyword engine implements, so that the embedded index and
 * Elasticsearch return the same total, ids and order (DESIGN §3):
 *
 *   score = Σ over query terms, Σ over field groups: boost(group) if the term is a substring of a value in that group
 *
 * Ties are broken by year descending (papers without a year last), then by id ascending.
 */
export const FIELD_GROUPS = {
  title: { boost: 3, fields: ['title', 'title_ja', 'title_en'] },
  tags: { boost: 2, fields: ['tags', 'topic'] },
  body: { boost: 1, fields: ['abstract', 'ai_summary_en', 'ai_summary_ja'] },
} as const satisfies Record<string, { boost: number; fields: readonly (keyof Paper)[] }>;

export type FieldGroup = keyof typeof FIELD_GROUPS;
export const FIELD_GROUP_NAMES = Object.keys(FIELD_GROUPS) as FieldGroup[];

/** The normalised searchable values of a paper, one array per field group (one entry per field value). */
export type SearchText = Record<FieldGroup, string[]>;

export function searchTextOf(paper: Paper): SearchText {
  const out = { title: [], tags: [], body: [] } as SearchText;
  for (const group of FIELD_GROUP_NAMES) {
    for (const field of FIELD_GROUPS[group].fields) {
      const value = paper[field];
      const values = Array.isArray(value) ? value : value == null ? [] : [String(value)];
      for (const v of values) if (v.length > 0) out[group].push(normalizeText(v));
    }
  }
  return out;
}

/** Reference implementation of the formula: the score of one paper, or 0 when a term does not match. */
export function scorePaper(text: SearchText, terms: string[]): number {
  let score = 0;
  for (const term of terms) {
    let termScore = 0;
    for (const group of FIELD_GROUP_NAMES) {
      if (text[group].some((v) => v.includes(term))) termScore += FIELD_GROUPS[group].boost;
    }
    if (termScore === 0) return 0;
    score += termScore;
  }
  return score;
}

/** Tie order: year descending with missing years last, then id ascending (code-point order). */
export function compareTies(a: { year: number | null; id: string }, b: { year: number | null; id: string }): number {
  const ya = a.year ?? -Infinity;
  const yb = b.year ?? -Infinity;
  if (ya !== yb) return yb - ya;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The filters' meaning, for engines that filter in process and for reference computations. */
export function passesFilters(p: Paper, f: KeywordFilters): boolean {
  return (
    (f.topic === undefined || p.topic === f.topic) &&
    (f.langs === undefined || (p.lang !== null && f.langs.includes(p.lang))) &&
    (f.shelf === undefined || p.shelf === f.shelf) &&
    (f.minDraftScore === undefined || f.minDraftScore <= 0 || (p.draft_score !== null && p.draft_score >= f.minDraftScore))
  );
}
