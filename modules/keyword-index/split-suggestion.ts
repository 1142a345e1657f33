import type { z } from 'zod';
import { splitTerms } from '../../shared/text/normalize';
import { splitQuery, type SplitLimits } from '../../shared/text/word-split';
import type { KeywordCollapse, KeywordFilters, KeywordIndex } from './keyword-index.port';
import type { searchSuggestionSchema } from './split-suggestion.schema';

/** A query worth trying instead of one that found nothing: its unspaced Japanese or Chinese split into words, or fewer of its terms. */
export type SearchSuggestion = z.output<typeof searchSuggestionSchema>;

/**
 * The suggestion of a keyword search (both doors): when the query found nothing and holds unspaced
 * Japanese or Chinese, the same text split into words (`splitQuery`), counted with the same filters
 * by running it. Undefined when the query found something, nothing splits, or the split query finds
 * nothing either. It costs one more search, only for such queries; the answer to the query asked is
 * never changed.
 */
export async function splitSuggestion(
  index: KeywordIndex,
  asked: { query: string; total: number; filters: KeywordFilters; collapse?: KeywordCollapse },
  limits: SplitLimits,
): Promise<SearchSuggestion | undefined> {
  if (asked.total > 0) return undefined;
  const split = splitQuery(asked.query, limits);
  if (!split) return undefined;
  let total: number;
  try {
    // Counted as the query asked was (works under collapse=versions).
    ({ total } = await index.search({ terms: splitTerms(split.q), filters: asked.filters, offset: 0, limit: 0, collapse: asked.collapse }));
  } catch {
    // A hint is not worth failing the answer the index just gave.
    return undefined;
  }
  if (total === 0) return undefined;
  const phrases = split.split.map((t) => `"${t}"`).join(', ');
  return {
    kind: 'split',
    q: split.q,
    total,
    reason: `Each term is matched as one string, and Japanese and Chinese have no spaces between words, so nothing matches ${phrases} as written. Split into words, without particles and punctuation, the query matches ${total} ${asked.collapse ? (total === 1 ? 'work' : 'works') : total === 1 ? 'paper' : 'papers'}.`,
  };
}
