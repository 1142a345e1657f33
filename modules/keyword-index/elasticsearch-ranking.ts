import type { estypes } from '@elastic/elasticsearch';
import type { Paper } from '../../shared/papers/paper.schema';
import {
  compareTies,
  FIELD_GROUP_NAMES,
  FIELD_GROUPS,
  idf,
  isCjkTerm,
  PROXIMITY,
  proximityBonus,
  SATURATION,
  saturate,
  searchTextOf,
  type FieldGroup,
} from './relevance';

/**
 * How Elasticsearch orders keyword matches: the model of `relevance.ts` as far as structured DSL
 * can carry it. The match set is not decided here (see `termMatch` in `elasticsearch-query.ts`).
 *
 * Per term and field group, the best of three tiers (`dis_max`), each worth group boost × idf × evidence:
 * - **whole word**: the term is a token of the group's `words_*` field, whose analyzer (`gx_words`)
 *   splits exactly where `matchQuality` sees word boundaries (runs of letters, digits and marks).
 *   Title and body are scored by the scripted similarities `gx_title` and `gx_body` of the mapping,
 *   which are the model's `saturate` (k1 1.2, b 0.75) over the field's own token count and mean:
 *   a title counts 1 whatever the frequency (its best quality), the body its whole-word frequency.
 *   Tags are not length-normalised in the model, so a constant does.
 * - **starts a word** (`prefix` on the tokens) and **inside a word** (the wildcard only): Elasticsearch
 *   does not know how much of the word the term covers, so these tiers count the quality the model
 *   would give a word a little longer than the term (`partialQuality`), saturated at average length.
 * - Japanese and Chinese terms, and terms whose both edges are not letters or digits, have quality 1
 *   wherever they occur: one constant per group holding them.
 * idf is the model's formula over document frequencies the adapter counts first (`corpusStatsAggregation`);
 * a paper counts by the tier of its best match. The proximity rescoring is `rescoreWindow`, applied
 * by the adapter to the best `PROXIMITY.window` hits with the model's own `proximityBonus`.
 *
 * What it cannot do: know a partial match's exact quality (so idf counts partial matches at the
 * estimate too), count a body's partial matches as frequency or normalise partial matches by length,
 * do either for a Japanese or Chinese term, or measure a title in the term's script (it counts the
 * tokens of all the distinct title values). Scores are 32-bit floats.
 */

type Query = estypes.QueryDslQueryContainer;

/** The tokenised copy of each field group (mapping: analyzer `gx_words`), for whole-word evidence. */
export const WORD_FIELDS: Readonly<Record<FieldGroup, string>> = { title: 'words_title', tags: 'words_tags', body: 'words_body' };

/** Tokens longer than this are cut by the mapping's `truncate` filter (Lucene refuses terms over 32 KiB). */
export const MAX_WORD_LENGTH = 255;

// Built at run time so that no transpiler rewrites the `\p{…}` classes into huge explicit ranges.
const WORD_CHAR = new RegExp('[\\p{L}\\p{N}\\p{M}]', 'u');
const WORD_RUN = new RegExp('[\\p{L}\\p{N}\\p{M}]+', 'gu');
const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c);

/** The tokens `gx_words` makes of normalised text: the runs of letters, digits and marks, cut at `MAX_WORD_LENGTH`. */
export function wordsOf(text: string): string[] {
  return (text.match(WORD_RUN) ?? []).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/**
 * How a term's matches are told apart:
 * - `anywhere`: every match has quality 1 (Japanese or Chinese, or both edges not letters or digits);
 * - `word`: one word (letters, digits, marks): a token, a token's start, or inside a token;
 * - `words`: several words or a punctuated edge (`r&d`, `50%`): a phrase of tokens, or inside text.
 */
export type TermKind = 'anywhere' | 'word' | 'words';

export function termKind(term: string): TermKind {
  if (isCjkTerm(term) || (!isWordChar(term[0]) && !isWordChar(term[term.length - 1]))) return 'anywhere';
  const words = wordsOf(term);
  return words.length === 1 && words[0] === term ? 'word' : 'words';
}

/**
 * The quality `matchQuality` gives a match inside a longer word, estimated for a word two characters
 * longer than the term when the match starts it (`emission` in *emissions*), four when it does not
 * (`ai` in *Hokkaido*): the square of the share covered, halved inside a word, as in the model.
 */
export function partialQuality(termLength: number, startsWord: boolean): number {
  const cover = termLength / (termLength + (startsWord ? 2 : 4));
  return startsWord ? cover * cover : 0.5 * cover * cover;
}

/** A partial match's evidence: its quality saturated at average length (the field's length is not known to a constant). */
const partialEvidence = (quality: number) => saturate(quality, 1, 1);

const constant = (filter: Query, boost: number): Query => ({ constant_score: { filter, boost } });

/** Escapes the wildcard syntax (`*`, `?` and the escape character `\`) so that a term matches literally. */
export function escapeWildcard(term: string): string {
  return term.replace(/[\\*?]/g, (c) => `\\${c}`);
}

/** The term as a substring of a value of the group's `wildcard` field (the match of DESIGN §4). */
export const wildcardQuery = (group: FieldGroup, term: string): Query => ({ wildcard: { [group]: { value: `*${escapeWildcard(term)}*` } } });

/**
 * A whole-word match in one group: title and body are scored by their field's similarity (which
 * multiplies the boost by the saturated evidence, once per token of a phrase: hence the division).
 */
function wholeWord(group: FieldGroup, term: string, kind: 'word' | 'words', weight: number): Query {
  const field = WORD_FIELDS[group];
  if (kind === 'word') return group === 'tags' ? constant({ term: { [field]: term } }, weight) : { term: { [field]: { value: term, boost: weight } } };
  // A phrase of tokens can occur where the substring does not (`r d` for `r&d`): the group must hold the term too.
  const guard = wildcardQuery(group, term);
  if (group === 'tags') return constant({ bool: { filter: [{ match_phrase: { [field]: term } }, guard] } }, weight);
  return { bool: { must: [{ match_phrase: { [field]: { query: term, boost: weight / wordsOf(term).length } } }], filter: [guard] } };
}

/** The score of one term in a paper that holds it: the sum over the groups of the best tier present in each. */
export function termScoring(term: string, termIdf: number): Query {
  const kind = termKind(term);
  const should = FIELD_GROUP_NAMES.map((group): Query => {
    const weight = termIdf * FIELD_GROUPS[group].boost;
    if (kind === 'anywhere') return constant(wildcardQuery(group, term), weight);
    const field = WORD_FIELDS[group];
    if (kind === 'words') {
      const quality = partialQuality(term.length, !isWordChar(term[0]));
      return { dis_max: { queries: [constant(wildcardQuery(group, term), weight * partialEvidence(quality)), wholeWord(group, term, kind, weight)] } };
    }
    // The tiers exclude each other, so a long field's whole-word score is not lifted to a partial tier's constant.
    const prefix: Query = { prefix: { [field]: { value: term } } };
    return {
      dis_max: {
        queries: [
          constant({ bool: { filter: [wildcardQuery(group, term)], must_not: [prefix] } }, weight * partialEvidence(partialQuality(term.length, false))),
          constant({ bool: { filter: [prefix], must_not: [{ term: { [field]: term } }] } }, weight * partialEvidence(partialQuality(term.length, true))),
          wholeWord(group, term, kind, weight),
        ],
      },
    };
  });
  return { bool: { should } };
}

/** Names of the document-frequency buckets of term `i`. */
const bucket = (i: number, tier: 'any' | 'start' | 'whole') => `t${i}_${tier}`;
const anyGroup = (make: (group: FieldGroup) => Query): Query => ({ bool: { should: FIELD_GROUP_NAMES.map(make), minimum_should_match: 1 } });

/**
 * The corpus statistics of the model's idf, counted over every paper whatever the filters (a
 * `global` aggregation): for each term, the papers holding it, and of those the papers where it
 * starts a word and where it is a whole word, so that each paper counts by its best match.
 */
export function corpusStatsAggregation(terms: string[]): Record<string, estypes.AggregationsAggregationContainer> {
  const filters: Record<string, Query> = {};
  terms.forEach((term, i) => {
    const kind = termKind(term);
    filters[bucket(i, 'any')] = anyGroup((g) => wildcardQuery(g, term));
    if (kind === 'word') {
      filters[bucket(i, 'start')] = anyGroup((g) => ({ prefix: { [WORD_FIELDS[g]]: { value: term } } }));
      filters[bucket(i, 'whole')] = anyGroup((g) => ({ term: { [WORD_FIELDS[g]]: term } }));
    } else if (kind === 'words') {
      filters[bucket(i, 'whole')] = { bool: { filter: [filters[bucket(i, 'any')]!], should: FIELD_GROUP_NAMES.map((g) => ({ match_phrase: { [WORD_FIELDS[g]]: term } })), minimum_should_match: 1 } };
    }
  });
  return { corpus: { global: {}, aggs: { df: { filters: { filters } } } } };
}

/** The answer of `corpusStatsAggregation`, as Elasticsearch returns it under `aggregations`. */
export interface CorpusStatsAnswer {
  corpus?: { doc_count: number; df?: { buckets: Record<string, { doc_count: number }> } };
}

/** Each term's idf from the counted statistics, by the formula of `relevance.ts`. */
export function idfsFromCorpusStats(terms: string[], aggregations: CorpusStatsAnswer | undefined): number[] {
  const corpus = aggregations?.corpus;
  if (!corpus?.df) throw new Error('Elasticsearch answered without the corpus statistics aggregation');
  const papers = corpus.doc_count;
  const count = (name: string) => corpus.df!.buckets[name]?.doc_count ?? 0;
  return terms.map((term, i) => {
    const kind = termKind(term);
    const any = count(bucket(i, 'any'));
    if (kind === 'anywhere') return idf(any, papers);
    const whole = Math.min(count(bucket(i, 'whole')), any);
    if (kind === 'words') return idf(whole + partialQuality(term.length, !isWordChar(term[0])) * (any - whole), papers);
    const start = Math.min(Math.max(count(bucket(i, 'start')), whole), any);
    return idf(whole + partialQuality(term.length, true) * (start - whole) + partialQuality(term.length, false) * (any - start), papers);
  });
}

/**
 * The model's proximity rescoring of the best `PROXIMITY.window` hits (given best first): each gets
 * `proximityBonus` and the window is sorted again, ties in tie order. Elasticsearch's own `rescore`
 * cannot do it: it refuses a sort other than `_score` and breaks ties by Lucene's document order.
 */
export function rescoreWindow<H extends { paper: Paper; score: number }>(hits: H[], terms: string[], idfs: number[]): H[] {
  if (terms.length < 2) return hits;
  const window = hits.slice(0, PROXIMITY.window).map((h) => ({ ...h, score: h.score + proximityBonus(searchTextOf(h.paper), terms, idfs) }));
  window.sort((a, b) => b.score - a.score || compareTies(a.paper, b.paper));
  return [...window, ...hits.slice(PROXIMITY.window)];
}

/**
 * The Painless source of the mapping's similarities `gx_title` (`perOccurrence` false: a whole word
 * counts 1, the best quality) and `gx_body` (each occurrence counts): `saturate` of `relevance.ts`
 * over the field's token count and the corpus mean, times the query's boost (group boost × idf).
 */
export function saturationScript(perOccurrence: boolean): string {
  const { k1, b } = SATURATION;
  return [
    'double mean = (double) field.sumTotalTermFreq / field.docCount;',
    `double norm = ${1 - b} + ${b} * doc.length / mean;`,
    `double x = ${perOccurrence ? 'doc.freq' : '1'};`,
    `return query.boost * x * ${k1 + 1} / (x + ${k1} * norm);`,
  ].join(' ');
}
