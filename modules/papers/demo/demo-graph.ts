import type { VenueType } from '../../../shared/papers/paper.schema';
import { mulberry32, recordSeed, type Random } from '../../../shared/random/seeded-random';
import type { PaperInput } from '../paper-input';

/**
 * The connections of the demo corpus: which demo papers cite which, and which records are two
 * versions (a preprint and its journal article) of one work. Each record's connections come from a
 * random stream of its own (so adding them left every other generated field as it was) and name
 * only earlier records, so record n is still the same whatever count is asked for, and every
 * reference to a demo paper resolves in any corpus that holds record n.
 *
 * - **Citations.** A paper cites earlier demo papers with a DOI published no later than itself:
 *   half its draws favour the first records (the field's classics: a few papers are cited by a
 *   tenth of the corpus), half are uniform. Datasets cite nothing; about one paper in nine lists no
 *   references. A quarter of the references are invented works outside the corpus
 *   (`10.5555/gx-demo-external.{k}`, from a pool many papers share).
 * - **Versions.** About one record in a hundred is the journal article of an earlier preprint: the
 *   same titles, authors, summaries, topic and tags, published a year later in a journal, with the
 *   preprint's references. Half of them say so (`has_preprint` naming the preprint's DOI); the rest
 *   are recognised by title and first author, as the papers store groups works.
 */

/** Invented works outside the corpus: their DOIs (under the test prefix 10.5555, so no real work). */
export const DEMO_EXTERNAL_DOI_PREFIX = '10.5555/gx-demo-external.';
const EXTERNAL_POOL = 400;

/** The share of records that are the journal version of an earlier preprint (when one is free). */
const VERSION_SHARE = 0.01;
/** Versions start after the first records, so the classics have had time to be preprints. */
const FIRST_VERSION = 20;
const MAX_DRAWS = 12;
const LATEST_YEAR = 2026;

/** What the graph remembers of a record it has seen. */
interface Node {
  year: number;
  doi: string | null;
  venueType: VenueType | null;
  /** Paired with another record as versions of one work (or is itself a copy). */
  paired: boolean;
}

/** A journal's venue name for a paper in the given language (the generator's own wording). */
export type JournalVenue = (lang: PaperInput['lang'], year: number, rand: Random) => string;

/** Adds the connections of each record, in order (record n after records 1 … n−1). */
export class DemoGraph {
  private readonly nodes: Node[] = [];
  private readonly records: PaperInput[] = [];

  constructor(
    private readonly seed: number,
    private readonly journalVenue: JournalVenue,
  ) {}

  /** Record n with its references, or the journal version of an earlier preprint in its place. */
  add(n: number, generated: PaperInput): PaperInput {
    if (n !== this.records.length + 1) throw new Error(`demo records are connected in order: expected ${this.records.length + 1}, got ${n}`);
    const rand = mulberry32(recordSeed(this.seed ^ 0x0c17ed, n));
    const preprint = n > FIRST_VERSION && rand() < VERSION_SHARE ? this.freePreprint(n, rand) : undefined;
    const record = preprint === undefined ? { ...generated, references: this.referencesOf(n, generated, rand) } : this.journalVersion(generated, preprint, rand);
    this.records.push(record);
    this.nodes.push({ year: record.year!, doi: record.doi ?? null, venueType: record.venue_type ?? null, paired: preprint !== undefined });
    if (preprint !== undefined) this.nodes[preprint - 1]!.paired = true;
    return record;
  }

  /** An earlier preprint not yet paired, published before the last year (its journal version comes a year later). */
  private freePreprint(n: number, rand: Random): number | undefined {
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const m = 1 + Math.floor((n - 1) * rand() ** 2);
      const node = this.nodes[m - 1]!;
      if (node.venueType === 'preprint' && !node.paired && node.year < LATEST_YEAR) return m;
    }
    return undefined;
  }

  /**
   * The journal article of preprint m: its text and authors, a year later, in a journal, with this
   * record's own identity (id, DOI, links) and dates moved to the new year.
   */
  private journalVersion(own: PaperInput, m: number, rand: Random): PaperInput {
    const preprint = this.records[m - 1]!;
    const year = preprint.year! + 1;
    const stated = preprint.doi && rand() < 0.5 ? { has_preprint: [preprint.doi] } : {};
    return {
      ...own,
      title: preprint.title,
      title_ja: preprint.title_ja,
      title_en: preprint.title_en,
      authors: preprint.authors,
      abstract: preprint.abstract,
      ai_summary_en: preprint.ai_summary_en,
      ai_summary_ja: preprint.ai_summary_ja,
      topic: preprint.topic,
      tags: preprint.tags,
      lang: preprint.lang,
      year,
      venue_type: 'journal',
      venue: this.journalVenue(preprint.lang, year, rand),
      is_peer_reviewed: true,
      publication_date: own.publication_date ? `${year}${own.publication_date.slice(4)}` : null,
      references: preprint.references ?? [],
      ...stated,
    };
  }

  /** The works record n cites: earlier demo papers with a DOI, no newer than itself, then invented outside works. */
  private referencesOf(n: number, record: PaperInput, rand: Random): string[] {
    if (record.venue_type === 'dataset' || rand() < 0.11) return [];
    const wanted = 1 + Math.floor(12 * rand() ** 1.8);
    const refs = new Set<string>();
    for (let i = 0; i < wanted; i++) {
      if (rand() < 0.25) {
        refs.add(`${DEMO_EXTERNAL_DOI_PREFIX}${1 + Math.floor(EXTERNAL_POOL * rand() ** 2)}`);
        continue;
      }
      for (let draw = 0; draw < MAX_DRAWS && n > 1; draw++) {
        const classic = rand() < 0.5;
        const m = 1 + Math.floor((n - 1) * (classic ? rand() ** 2 : rand()));
        const node = this.nodes[m - 1]!;
        if (node.doi && node.year <= record.year! && !refs.has(node.doi)) {
          refs.add(node.doi);
          break;
        }
      }
    }
    return [...refs];
  }
}
