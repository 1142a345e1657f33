import { graphFieldsOf, type Paper, type PaperLang, type TopicSlug } from './paper.schema';

/**
 * What both doors' related papers and the data API's recommendations share: the text a "more like
 * this" query is built from, the filters every result is held to, and which records count as the
 * same work as the papers asked about.
 */

/** Terms of a "more like this" query for one paper (Lucene's MoreLikeThis takes 25 from whole documents; a title and tags hold fewer). */
export const MORE_LIKE_THIS_TERMS = 12;

/** The terms of a "more like this" query for several papers: a few more a paper, at most 25. */
export const moreLikeThisTerms = (papers: number) => Math.min(25, MORE_LIKE_THIS_TERMS + 4 * Math.max(0, papers - 1));

/**
 * The text papers like these hold: each title once (a translated title that repeats the original
 * is one occurrence), the tags and the topic. Abstracts are left out: their common words would
 * outweigh what the paper is about, and the title and tags already name it.
 */
export function likeText(papers: readonly Paper[]): string {
  const values = new Set<string>();
  for (const p of papers) {
    for (const value of [p.title, p.title_en, p.title_ja, ...p.tags, p.topic?.replaceAll('_', ' ')]) if (value) values.add(value);
  }
  return [...values].join('\n');
}

/** The filters of related papers and recommendations (absent: no condition). */
export interface RelatedFilters {
  topic?: TopicSlug;
  /** Papers whose `lang` is one of these. */
  langs?: PaperLang[];
  yearFrom?: number;
  yearTo?: number;
  /** Papers added to the corpus at or after this instant (ISO 8601, their `created_at`). */
  addedSince?: string;
}

/**
 * The works of the given papers: never shown as related to them nor recommended from them. A
 * paper's work is its `work_id`; its `versions` name the other records of it.
 */
export class GivenWorks {
  readonly ids = new Set<string>();
  readonly works = new Set<string>();

  constructor(papers: readonly Paper[]) {
    for (const p of papers) {
      const { work_id, versions } = graphFieldsOf(p);
      this.ids.add(p.id);
      this.works.add(work_id);
      for (const v of versions) this.ids.add(v.id);
    }
  }

  /** The given papers and every version of them the records name (the seeds of graph signals). */
  get seeds(): string[] {
    return [...this.ids];
  }

  has(candidate: { id: string; work_id: string }): boolean {
    return this.ids.has(candidate.id) || this.works.has(candidate.work_id);
  }
}

/** The first of each work, in order: a related list shows each work once, by its best-ranked version. */
export function onePerWork<T>(items: readonly T[], workOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const work = workOf(item);
    if (seen.has(work)) return false;
    seen.add(work);
    return true;
  });
}

/** A ranked hit: its id and work known at once, its paper possibly decoded only when read (`KeywordHit`). */
export interface RankedHit {
  id: string;
  work_id: string;
  paper: Paper;
  score: number;
}

/** What the lexical signal needs of a keyword index: its ranked retrieval (`KeywordIndex.rank`, which applies every filter). */
export interface RankedRetrieval {
  rank(query: { text: string; filters: RelatedFilters; limit: number; moreLikeThis: { maxTerms: number } }): Promise<RankedHit[]>;
}

/** The deepest a lexical signal reads when filters or versions leave too few papers. */
const MAX_LEXICAL_DEPTH = 1_000;

/**
 * Papers like the given ones by their words: a "more like this" query from their text (its most
 * distinctive terms by the index's statistics) through the index's ranked retrieval, filters applied
 * inside it (both engines' contract suite holds `rank` to every filter). Up to `want` papers, best
 * first, each work once, none of the given works. Reads deeper, four times as deep each time, while
 * too few remain.
 */
export async function lexicalNeighbours(
  index: RankedRetrieval,
  papers: readonly Paper[],
  filters: RelatedFilters,
  given: GivenWorks,
  want: number,
): Promise<RankedHit[]> {
  const text = likeText(papers);
  const maxTerms = moreLikeThisTerms(papers.length);
  for (let depth = 2 * want + given.ids.size + 10; ; depth = Math.min(MAX_LEXICAL_DEPTH, depth * 4)) {
    const hits = await index.rank({ text, filters, limit: depth, moreLikeThis: { maxTerms } });
    // The engine applied the filters; a hit's paper is decoded only if it is shown.
    const kept = onePerWork(
      hits.filter((h) => !given.has(h)),
      (h) => h.work_id,
    );
    if (kept.length >= want || hits.length < depth || depth >= MAX_LEXICAL_DEPTH) return kept.slice(0, want);
  }
}
