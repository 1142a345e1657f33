import type { KeywordQuery } from '../../modules/keyword-index/keyword-index.port';
import {
  compareTies,
  FIELD_GROUP_NAMES,
  idf,
  isCjkTerm,
  occurrences,
  PROXIMITY,
  proximityBonus,
  rankedTerms,
  searchTextOf,
  termScore,
  titleLengthFor,
  titleLengths,
  wordCount,
  type SearchText,
} from '../../modules/keyword-index/relevance';
import type { Paper } from '../../shared/papers/paper.schema';
import { nameMatches } from '../../shared/text/person-name';

/**
 * The search computed the plain way, paper by paper, from the model in relevance.ts: which papers
 * match and `total` (every engine), and the order and scores the embedded engine must give.
 */
export function referenceSearch(papers: Paper[], query: KeywordQuery): { total: number; ids: string[]; scores: number[]; matches: Paper[] } {
  const { topic, langs, shelf, minDraftScore, yearFrom, yearTo, venueType, addedSince, author } = query.filters;
  const texts = new Map(papers.map((p) => [p.id, searchTextOf(p)]));
  const holds = (text: SearchText, term: string) => FIELD_GROUP_NAMES.some((g) => text[g].some((v) => v.includes(term)));
  const bestIn = (text: SearchText, term: string) => Math.max(0, ...FIELD_GROUP_NAMES.flatMap((g) => text[g].map((v) => occurrences(v, term).best)));
  // Every term must match; only the scored ones (not those framing a question) order the matches.
  const { scored } = rankedTerms(query.terms);
  // Corpus statistics count every paper, whatever the filters; a paper counts by the quality of its best match.
  const idfs = scored.map((term) => idf(papers.reduce((n, p) => n + bestIn(texts.get(p.id)!, term), 0), papers.length));
  const all = papers.map((p) => texts.get(p.id)!);
  const meanOf = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const titles = all.map((t) => titleLengths(t.title));
  const meanTitles = { cjk: meanOf(titles.map((t) => t.cjk).filter((x) => x > 0)), other: meanOf(titles.map((t) => t.other).filter((x) => x > 0)) };
  const meanBody = meanOf(all.map((t) => wordCount(t.body)));
  const best = (values: string[], term: string) => Math.max(0, ...values.map((v) => occurrences(v, term).best));
  // Written out again rather than calling the engines' helper, so a bug there cannot hide here.
  const matches = papers
    .filter((p) => (topic === undefined || p.topic === topic) && (langs === undefined || (p.lang !== null && langs.includes(p.lang))))
    .filter((p) => (shelf === undefined || p.shelf === shelf) && (minDraftScore === undefined || minDraftScore <= 0 || (p.draft_score ?? -1) >= minDraftScore))
    .filter((p) => (yearFrom === undefined || (p.year ?? -Infinity) >= yearFrom) && (yearTo === undefined || (p.year ?? Infinity) <= yearTo))
    .filter((p) => venueType === undefined || p.venue_type === venueType)
    // A record without created_at (saved before it existed) fails the bound.
    // The one author rule (shared/text/person-name.ts), applied to each author as written.
    .filter((p) => author === undefined || p.authors.some((a) => nameMatches(a, author)))
    .filter((p) => addedSince === undefined || (typeof p.created_at === 'string' && new Date(p.created_at).getTime() >= new Date(addedSince).getTime()))
    // No term matches nothing, but with an author: then every paper the filters admit, scoring 0 (newest first).
    .filter((p) => (query.terms.length > 0 || author !== undefined) && query.terms.every((term) => holds(texts.get(p.id)!, term)))
    .map((p) => {
      const text = texts.get(p.id)!;
      const score = scored.reduce((sum, term, t) => {
        const evidence = { title: best(text.title, term), tags: best(text.tags, term), body: text.body.reduce((f, v) => f + occurrences(v, term).sum, 0) };
        const title = titleLengthFor(titleLengths(text.title), meanTitles, isCjkTerm(term));
        return sum + termScore(idfs[t]!, evidence, { title: title.length, body: wordCount(text.body) }, { title: title.mean, body: meanBody });
      }, 0);
      return { paper: p, score };
    })
    .sort((a, b) => b.score - a.score || compareTies(a.paper, b.paper));
  // Most cited: the greater of the source's count and the corpus's, a paper with neither last.
  const cited = (p: Paper) => Math.max(-1, ...[p.cited_by_count, p.cited_by_corpus_count].filter((n): n is number => typeof n === 'number'));
  if (query.sort === 'newest') matches.sort((a, b) => compareTies(a.paper, b.paper));
  else if (query.sort === 'cited_by') matches.sort((a, b) => cited(b.paper) - cited(a.paper) || compareTies(a.paper, b.paper));
  else if (scored.length > 1) {
    const window = matches.slice(0, PROXIMITY.window).map((m) => ({ ...m, score: m.score + proximityBonus(texts.get(m.paper.id)!, scored, idfs) }));
    window.sort((a, b) => b.score - a.score || compareTies(a.paper, b.paper));
    matches.splice(0, window.length, ...window);
  }
  const listed = query.collapse === 'versions' ? byWork(matches) : matches;
  const page = listed.slice(query.offset, query.offset + query.limit);
  return { total: listed.length, ids: page.map((m) => m.paper.id), scores: page.map((m) => m.score), matches: matches.map((m) => m.paper) };
}

/** The record a work is shown by: journal, conference, report, preprint, then any other kind; the newest; the smallest id. */
const VENUES = ['journal', 'conference', 'report', 'preprint'];
const venueOrder = (p: Paper) => (p.venue_type && VENUES.includes(p.venue_type) ? VENUES.indexOf(p.venue_type) : VENUES.length);
const preferredFirst = (a: Paper, b: Paper) => venueOrder(a) - venueOrder(b) || (b.year ?? -Infinity) - (a.year ?? -Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** collapse=versions: each work once, where its first match stands and with its score, shown by its preferred matching record. */
function byWork(ordered: { paper: Paper; score: number }[]): { paper: Paper; score: number }[] {
  const works = new Map<string, { paper: Paper; score: number }>();
  for (const m of ordered) {
    const work = m.paper.work_id ?? m.paper.id;
    const known = works.get(work);
    if (!known) works.set(work, { ...m });
    else if (preferredFirst(m.paper, known.paper) < 0) known.paper = m.paper;
  }
  return [...works.values()];
}
