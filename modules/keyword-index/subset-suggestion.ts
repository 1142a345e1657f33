import { normalizeText } from '../../shared/text/normalize';
import { splitQuery, type SplitLimits } from '../../shared/text/word-split';
import type { KeywordCollapse, KeywordFilters, KeywordIndex } from './keyword-index.port';
import { largestMatchingSubset, type SubsetFound } from './largest-subset';
import type { SearchSuggestion } from './split-suggestion';

/**
 * The bounds of the search for the largest matching subset (`largestMatchingSubset`): the first
 * `maxTerms` distinct terms of q are tried, with at most `maxCounts` sets counted, so a query of
 * hundreds of terms costs what one of 16 does (a few `countEach` calls; on Elasticsearch a few
 * `_msearch` requests, and one count request per greedy step).
 */
export const SUBSET_SEARCH = { maxTerms: 16, maxCounts: 64 } as const;

/** The terms left out that the reason names (`dropped` lists them all). */
const NAMED_IN_REASON = 8;
/** Any white space separates terms, as in `splitTerms`. */
const WHITE_SPACE = /\s+/u;

/**
 * The suggestion of the data API's keyword search when its terms find nothing together: the largest
 * set of them that matches papers with the same filters (`largestMatchingSubset`, within
 * `SUBSET_SEARCH`), and its count. A query with unspaced Japanese or Chinese is tried as its words
 * (`splitQuery`), since its phrases are what found nothing. Undefined when the query found something,
 * has fewer than two terms (or words) to choose from, no term finds anything alone, or the index fails:
 * a hint is not worth failing the answer the index just gave, which is never changed.
 */
export async function subsetSuggestion(
  index: KeywordIndex,
  asked: { query: string; total: number; filters: KeywordFilters; collapse?: KeywordCollapse },
  limits: SplitLimits,
): Promise<SearchSuggestion | undefined> {
  if (asked.total > 0) return undefined;
  const split = splitQuery(asked.query, limits);
  const written = distinctTerms(split ? split.q : asked.query);
  const tried = written.slice(0, SUBSET_SEARCH.maxTerms);
  if (tried.length < 2) return undefined;
  let found: SubsetFound | undefined;
  try {
    found = await largestMatchingSubset(tried.length, (sets) => index.countEach(sets.map((set) => set.map((i) => tried[i]!.key)), asked.filters, asked.collapse), {
      maxCounts: SUBSET_SEARCH.maxCounts,
      // The query as asked matched nothing; its words once split were counted by the split suggestion, not here.
      wholeKnownEmpty: !split && tried.length === written.length,
    });
  } catch {
    return undefined;
  }
  if (!found) return undefined;
  const kept = new Set(found.kept.map((i) => tried[i]!));
  const dropped = written.filter((t) => !kept.has(t)).map((t) => t.text);
  const what = split ? 'words' : 'terms';
  const unit = asked.collapse ? (found.total === 1 ? 'work' : 'works') : found.total === 1 ? 'paper' : 'papers';
  const quoted = dropped.slice(0, NAMED_IN_REASON).map((t) => `"${t}"`).join(', ') + (dropped.length > NAMED_IN_REASON ? ` and ${dropped.length - NAMED_IN_REASON} more` : '');
  const q = [...kept].map((t) => t.text).join(' ');
  return {
    kind: 'subset',
    q,
    total: found.total,
    dropped,
    reason:
      `Every term is matched as a substring and all must match, and no ${asked.collapse ? 'work' : 'paper'} holds all ${written.length} ${what} of the query${split ? ' (its Japanese or Chinese split into words)' : ''} together. ` +
      `Leaving out ${quoted}, ${kept.size === 1 ? `"${q}" alone matches` : `the other ${kept.size} ${what} match`} ${found.total} ${unit}` +
      `${written.length > tried.length ? ` (the first ${tried.length} ${what} were tried)` : ''}.`,
  };
}

/** The terms of a query as written (Unicode NFKC, case kept), each once by its normalised form, in order. */
function distinctTerms(query: string): { text: string; key: string }[] {
  const seen = new Set<string>();
  const terms: { text: string; key: string }[] = [];
  for (const text of query.normalize('NFKC').split(WHITE_SPACE)) {
    const key = normalizeText(text);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    terms.push({ text, key });
  }
  return terms;
}
