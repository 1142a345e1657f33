import type { Paper, VenueType } from '../../shared/papers/paper.schema';

/**
 * The orders of a keyword search that are not relevance, read off a paper the same way by every
 * engine: how often it is cited (`sort=cited_by`) and which record of a work stands for it
 * (`collapse=versions`).
 */

/**
 * What `sort=cited_by` orders by: the greater of the count its source gave (`cited_by_count`) and the
 * papers of this corpus citing it (`cited_by_corpus_count`); null when neither is known (a record an
 * index saved before the corpus count existed, with no count from its source), which sorts last.
 */
export function citationsKnown(paper: Pick<Paper, 'cited_by_count' | 'cited_by_corpus_count'>): number | null {
  const counts = [paper.cited_by_count, paper.cited_by_corpus_count].filter((n): n is number => typeof n === 'number');
  return counts.length ? Math.max(...counts) : null;
}

/** The record of a work shown for it, by kind of venue first: journal, conference, report, preprint, then any other. */
export const VENUE_PREFERENCE: readonly VenueType[] = ['journal', 'conference', 'report', 'preprint'];

/** A venue type's place in `VENUE_PREFERENCE` (0 best); every other kind, and none, after them. */
export const venueRank = (venue: VenueType | null | undefined): number => {
  const at = venue ? VENUE_PREFERENCE.indexOf(venue) : -1;
  return at < 0 ? VENUE_PREFERENCE.length : at;
};
