import { codePointLength, splitTerms } from '../../shared/text/normalize';
import { coded, oneOf, rule, text, wholeNumber, type RuleProblem } from '../../shared/http/param-schemas';
import { param } from '../../shared/agents/agent-tool';
import { VENUE_TYPES, type VenueType } from '../../shared/papers/paper.schema';
import { FACET_NAMES, KEYWORD_COLLAPSES, KEYWORD_SORTS, type FacetName, type KeywordCollapse, type KeywordIndex, type KeywordQuery, type KeywordSearchResult, type KeywordSort, type SortKey } from './keyword-index.port';
import { VENUE_PREFERENCE } from './paper-order';
import { sinceParam } from '../../shared/http/since-param';

/**
 * The rules of a keyword query: q of at least 2 characters once trimmed, white-space-separated terms
 * of at least 2 characters each. The public search (spec 000 §4.1) also takes at most 5 terms; the
 * data API's keyword mode (spec 001 §4.7: q of 2 to 1,000 characters, every term AND-matched) takes
 * as many as its 1,000 characters hold (`termProblem` with `maxTerms: null`).
 */
export const KEYWORD_QUERY = { queryMinChars: 2, maxTerms: 5, termMinChars: 2 } as const;

const K = KEYWORD_QUERY;
const REQUIRED_Q = `q is required and must be at least ${K.queryMinChars} characters.`;
const shortTerm = (q: string) => splitTerms(q).find((t) => codePointLength(t) < K.termMinChars);

/** `q` of both search endpoints: present, 2 to `max` code points once trimmed. */
export const queryText = (max: number) =>
  text({ error: (issue) => (issue.input === undefined ? REQUIRED_Q : undefined) }).check(
    rule<string>((v) => codePointLength(v.trim()) >= K.queryMinChars, REQUIRED_Q),
    rule<string>((v) => codePointLength(v) <= max, `q must be at most ${max} characters.`, 'query_too_long'),
  );

/** What the doors say of q where an author may stand in for it (their OpenAPI descriptions). */
export const Q_UNLESS_AUTHOR = 'Required unless `author` is given: `author` alone (no q) lists every paper with an author of that name that the other filters admit, newest first (the relevance order when nothing is searched for), and the answer echoes `query` as `""`.';
const Q_OR_AUTHOR = `q is required unless author is given, and must be at least ${K.queryMinChars} characters.`;

/**
 * A keyword search needs q or an author (a search by author alone, what the site's author links
 * ask): with neither it is 400 `missing_query`, as the spec answers a search without q. Reported at q.
 */
export const authorAloneProblem = (v: { q?: string; author?: string }): RuleProblem | undefined => (v.q === undefined && v.author === undefined ? { message: Q_OR_AUTHOR } : undefined);

/**
 * The keyword rules on the terms of q: at most `maxTerms` (the public search's 5 unless told; null for
 * no limit but q's length), each at least 2 characters. `where` names the mode they apply in.
 */
export function termProblem(q: string, rules: { where?: string; maxTerms?: number | null } = {}): RuleProblem | undefined {
  const { where, maxTerms = K.maxTerms } = rules;
  const count = splitTerms(q).length;
  if (maxTerms !== null && count > maxTerms) {
    return { code: 'too_many_terms', message: `${where ? `In ${where} mode q` : 'q'} may hold at most ${maxTerms} terms separated by white space; it has ${count}.` };
  }
  const short = shortTerm(q);
  if (short === undefined) return undefined;
  return { code: 'term_too_short', message: `${where ? `In ${where} mode every` : 'Every'} term must be at least ${K.termMinChars} characters; "${short}" is shorter.` };
}

/** `highlight` on both doors' keyword search: what it adds, for their OpenAPI documents. */
export const HIGHLIGHT_DESCRIPTION =
  '`true` adds to each record `highlights`: for every match of a term in a text the record carries (titles, the abstract as returned, tags, topic), the field (and the position in a list field), `start` and `end` as UTF-16 offsets into that value as returned (`value.slice(start, end)` is the matched text; matching is NFKC and case-folded, so `co2` finds `ＣＯ２`), the term, and a snippet around it. A match only in text the record does not carry (a part of a long abstract left out) is not listed. Default `false`.';

/** The newest and oldest years a year filter accepts. */
const YEARS = { min: 1000, max: 2100 } as const;

/** The longest `author` value, in code points once trimmed. */
export const AUTHOR_MAX_CHARS = 200;

const AUTHOR_DESCRIPTION = `Only papers with an author of this name, 1 to ${AUTHOR_MAX_CHARS} characters: the whole name or the family name, case-, accent- and width-insensitively (\`muller\` finds Müller, \`smith\` finds Ｓｍｉｔｈ); a family name is the last word, or what comes before a comma (\`Hasegawa, Misaki\`), or the first word of a Japanese, Chinese or Korean name, and an unspaced one (長谷川美咲) is found by its leading characters (\`長谷川\`) and by the whole name with or without its space. q never searches authors.`;
const COLLAPSE_DESCRIPTION = `\`versions\`: one record per work — the versions of a paper (preprint, conference, journal, report records of the same work, \`work_id\`) are folded into one, shown by the preferred record among the matches (${VENUE_PREFERENCE.join(' over ')}, other kinds after; then the newest year; then the id) and placed where the work's best match stands in the order asked for. \`total\` then counts works, and each facet value counts the works with a match of that value (a work with a journal and a preprint record counts under both, so a facet's counts may add up to more than \`total\`; each equals the \`total\` of filtering by that value). Offset paging only (not with \`cursor\`).`;

/**
 * The parameters both doors' keyword search share beyond q and paging: what to count (`facets`), the
 * order (`sort`), folding versions (`collapse`), and the author, since, year and venue-type filters.
 * One definition, so both doors and both OpenAPI documents say the same.
 */
export const keywordParams = {
  facets: coded(
    text()
      .check(
        rule<string>(
          (v) => v.split(',').every((f) => (FACET_NAMES as readonly string[]).includes(f.trim())),
          (v) => `facets is a comma-separated list of ${FACET_NAMES.join(', ')}; got "${v}".`,
        ),
      )
      .transform((v) => [...new Set(v.split(',').map((f) => f.trim() as FacetName))])
      .optional(),
    'invalid_facets',
    {
      description: `Count the whole match set by these fields (comma-separated: ${FACET_NAMES.join(', ')}): \`facets\` in the answer gives, per field, each value with its count, most frequent first, papers without a value counted under \`null\`, so each field's counts add up to \`total\`.`,
    },
  ),
  sort: coded(oneOf(KEYWORD_SORTS).optional(), 'invalid_sort', {
    description:
      '`relevance` (the default without `cursor`): best first by the relevance model; `newest` (the order of `cursor` paging): publication year descending (papers without a year last), then a stable order; `cited_by`: most cited first, by the greater of `cited_by_count` (the source\'s count) and `cited_by_corpus_count` (papers of this corpus citing it), papers with neither last, ties newest first (offset paging only).',
  }),
  collapse: coded(oneOf(KEYWORD_COLLAPSES).optional(), 'invalid_collapse', { description: COLLAPSE_DESCRIPTION }),
  cursor: coded(
    text()
      .check(rule<string>((v) => v === '*' || decodeCursor(v) !== undefined, 'cursor is * (the first page) or the next_cursor of a previous answer, unchanged.'))
      .transform((v) => (v === '*' ? null : decodeCursor(v)!))
      .optional(),
    'invalid_cursor',
    {
      description:
        'Deep paging: `*` for the first page, then each answer\'s `next_cursor` (absent on the last page), with the same other parameters. Pages come newest first and go through the whole match set with no depth limit; a page sequence never repeats or skips a paper that existed when it began, while others are added or updated (unless a paper\'s year itself changes). Not with `offset`, with a `sort` other than `newest`, nor with `collapse`.',
    },
  ),
  year_from: coded(wholeNumber(YEARS.min, YEARS.max).optional(), 'invalid_year_from', { description: 'Only papers published in or after this year (papers without a year are left out).' }),
  year_to: coded(wholeNumber(YEARS.min, YEARS.max).optional(), 'invalid_year_to', { description: 'Only papers published in or before this year (papers without a year are left out).' }),
  venue_type: coded(oneOf(VENUE_TYPES).optional(), 'invalid_venue_type', { description: `Only papers of this kind of venue: ${VENUE_TYPES.join(', ')}.` }),
  author: coded(
    text()
      .check(rule<string>((v) => codePointLength(v.trim()) >= 1 && codePointLength(v.trim()) <= AUTHOR_MAX_CHARS, `author must be 1 to ${AUTHOR_MAX_CHARS} characters once trimmed.`))
      .transform((v) => v.trim())
      .optional(),
    'invalid_author',
    { description: AUTHOR_DESCRIPTION, maxLength: AUTHOR_MAX_CHARS },
  ),
  since: sinceParam(),
};

/** A key as a cursor: opaque to clients (base64url of `[year, id]`), so its form may change. */
export const encodeCursor = (key: SortKey): string => Buffer.from(JSON.stringify([key.year, key.id])).toString('base64url');

export function decodeCursor(value: string): SortKey | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 2) return undefined;
    const [year, id] = decoded as unknown[];
    if (!((year === null || Number.isInteger(year)) && typeof id === 'string' && id.length > 0 && id.length <= 128)) return undefined;
    return encodeCursor({ year: year as number | null, id }) === value ? { year: year as number | null, id } : undefined;
  } catch {
    return undefined;
  }
}

/** A cursor pages newest first from the start of the match set, paper by paper: with an offset, another order or collapsed works it is a mistake. */
export const cursorProblem = (v: { cursor?: SortKey | null; offset?: number; sort?: KeywordSort; collapse?: KeywordCollapse }) =>
  v.cursor === undefined
    ? undefined
    : v.offset
      ? { message: 'cursor paging does not take offset: send cursor=* for the first page, then each next_cursor.' }
      : v.sort !== undefined && v.sort !== 'newest'
        ? { message: 'cursor paging is newest first: leave sort out, or send sort=newest.' }
        : v.collapse !== undefined
          ? { message: 'cursor paging goes paper by paper: collapse=versions pages by offset.' }
          : undefined;

/** `highlight` on both doors: `true` or `false` (the default); `more` adds what a door's own modes do. */
export const highlightParam = (more = '') =>
  coded(oneOf(['true', 'false'], (v) => `highlight is true or false; got "${v}".`).default('false'), 'invalid_highlight', {
    description: more ? `${HIGHLIGHT_DESCRIPTION} ${more}` : HIGHLIGHT_DESCRIPTION,
  });

/** What `keywordParams` ask of a keyword search, as both doors pass it on to the index. */
export interface KeywordOptions {
  sort: KeywordSort;
  /** Fold the versions of a work into one record (`collapse=versions`). */
  collapse?: KeywordCollapse;
  /** The author filter, as the client wrote it (trimmed). */
  author?: string;
  /** The since filter: an ISO 8601 instant (UTC, to the millisecond). */
  addedSince?: string;
  /** Keyset paging: null for the first page (`cursor=*`), the key after which to continue, or absent for offset paging. */
  cursor?: SortKey | null;
  facets: FacetName[];
  yearFrom?: number;
  yearTo?: number;
  venueType?: VenueType;
}

/** The parsed `keywordParams` as options: relevance first, unless a cursor walk (newest first) was asked for. */
export const keywordOptionsOf = (p: {
  sort?: KeywordSort;
  collapse?: KeywordCollapse;
  author?: string;
  since?: string;
  cursor?: SortKey | null;
  facets?: FacetName[];
  year_from?: number;
  year_to?: number;
  venue_type?: VenueType;
}): KeywordOptions => ({
  sort: p.sort ?? (p.cursor === undefined ? 'relevance' : 'newest'),
  ...(p.collapse && { collapse: p.collapse }),
  ...(p.author !== undefined && { author: p.author }),
  ...(p.since !== undefined && { addedSince: p.since }),
  cursor: p.cursor,
  facets: p.facets ?? [],
  yearFrom: p.year_from,
  yearTo: p.year_to,
  venueType: p.venue_type,
});

/** year_from after year_to is a mistake, not an empty answer. */
export const yearRangeProblem = (v: { year_from?: number; year_to?: number }) =>
  v.year_from !== undefined && v.year_to !== undefined && v.year_from > v.year_to ? { message: `year_from (${v.year_from}) is after year_to (${v.year_to}).` } : undefined;

/** The error codes of these parameters, for each door's 400 documentation. */
export const KEYWORD_PARAM_CODES = {
  invalid_author: `author is not 1 to ${AUTHOR_MAX_CHARS} characters once trimmed`,
  invalid_since: 'since is not an ISO 8601 date or a date and time with its offset',
  invalid_facets: `facets is not a comma-separated list of ${FACET_NAMES.join(', ')}`,
  invalid_sort: `sort is not one of ${KEYWORD_SORTS.join(', ')}`,
  invalid_collapse: `collapse is not one of ${KEYWORD_COLLAPSES.join(', ')}`,
  invalid_year_from: `year_from is not a whole number from ${YEARS.min} to ${YEARS.max}`,
  invalid_year_to: `year_to is not a whole number from ${YEARS.min} to ${YEARS.max}, or is before year_from`,
  invalid_venue_type: `venue_type is not one of ${VENUE_TYPES.join(', ')}`,
  invalid_cursor: 'cursor is not * or a next_cursor of this search, or is sent with offset, a sort other than newest, or collapse',
} as const;

/** The same parameters in both doors' MCP search tools (typed by JSON, documented with the limits above). */
export const KEYWORD_TOOL_PARAMS = {
  facets: param.optionalText({ description: `Count the whole match set by these fields, comma-separated: ${FACET_NAMES.join(', ')} (keyword matching only).` }),
  sort: param.optionalText({
    description: 'relevance (the default), newest (publication year descending) or cited_by (most cited first: the greater of the source\'s and the corpus\'s count) (keyword matching only).',
    enum: KEYWORD_SORTS,
    default: 'relevance',
  }),
  collapse: param.optionalText({
    description: 'versions: one record per work, its versions (preprint, journal, conference, report) folded into the preferred one among the matches; total counts works (keyword matching only; not with cursor).',
    enum: KEYWORD_COLLAPSES,
  }),
  cursor: param.optionalText({ description: 'Deep paging (keyword matching only): * for the first page, then each answer\'s next_cursor, unchanged; newest first, every match once, no depth limit. Not with offset, another sort or collapse.' }),
  year_from: param.optionalInteger({ description: 'Only papers published in or after this year (keyword matching only).', minimum: YEARS.min, maximum: YEARS.max }),
  year_to: param.optionalInteger({ description: 'Only papers published in or before this year (keyword matching only).', minimum: YEARS.min, maximum: YEARS.max }),
  venue_type: param.optionalText({ description: 'Only papers of this kind of venue (keyword matching only).', enum: VENUE_TYPES }),
  author: param.optionalText({
    description: 'Only papers with an author of this name (keyword matching only): a family name (Hasegawa, Müller, 長谷川) or a whole name; case, accents and full-width letters do not matter. The query q never searches authors.',
    minLength: 1,
    maxLength: AUTHOR_MAX_CHARS,
  }),
  since: param.optionalText({ description: 'Only papers first added to the corpus at or after this ISO 8601 date (2026-01-01) or date and time with offset (2026-01-01T09:00:00+09:00) (keyword matching only).' }),
};

/**
 * One page of a keyword search, by offset or (`cursor`: null for the first page) by keyset: a keyset
 * page asks for one more match than it shows, so it knows whether a next page exists and gives its cursor.
 */
export async function searchPage(index: KeywordIndex, query: KeywordQuery, cursor: SortKey | null | undefined): Promise<KeywordSearchResult & { nextCursor?: string }> {
  if (cursor === undefined) return index.search(query);
  const result = await index.search({ ...query, offset: 0, limit: query.limit + 1, sort: 'newest', ...(cursor && { after: cursor }) });
  const hits = result.hits.slice(0, query.limit);
  const last = hits.at(-1)?.paper;
  return { ...result, hits, ...(result.hits.length > query.limit && last && { nextCursor: encodeCursor({ year: last.year, id: last.id }) }) };
}
