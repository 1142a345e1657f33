import { z } from 'zod';
import { RELATED_LIMITS as RELATED_QUERY_LIMITS, relatedQuerySchemaWith, yearRangeProblem } from '../../modules/keyword-index';
import { bodyField, coded, crossRule, oneOf, rule, text } from '../../shared/http/param-schemas';
import { ERROR_CODE, parseBody, parseQuery, UNKNOWN_FIELD_CODE, type RawQuery } from '../../shared/http/request-schema';
import { parseSince, SINCE_DESCRIPTION, SINCE_RULE } from '../../shared/http/since-param';
import { type PaperLang, TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import type { RelatedFilters } from '../../shared/papers/related-papers';
import { semanticQuerySchema } from './semantic-params';
import { asOfParam, PAPER_ID, paperPathSchema } from '../../modules/papers';

/** Related papers and recommendations: how many, and how many papers a recommendation may start from. */
export const RELATED_LIMITS = { ...RELATED_QUERY_LIMITS, maxGivenIds: 100 } as const;
const L = RELATED_LIMITS;
const ID_RULE = 'A paper id is 1 to 128 letters, digits, "_" or "-" (the `id` of a search result).';


export const LANGS_FOR_FILTER: Record<'ja' | 'en' | 'all', PaperLang[] | undefined> = { ja: ['ja', 'mul'], en: ['en', 'mul'], all: undefined };

/** The path of `GET /api/v1/papers/{id}/related`: the one paper-id rule of every path about a paper. */
export const relatedPathSchema = paperPathSchema;

/** The query of `GET /api/v1/papers/{id}/related` on the data API: the search's filters, their rules and codes, and `since`. */
export const relatedQuerySchema = relatedQuerySchemaWith({ topic: semanticQuerySchema.shape.topic, lang: semanticQuerySchema.shape.lang }).safeExtend({ as_of: asOfParam });

export interface RelatedParams {
  limit: number;
  filters: RelatedFilters;
  /** The release to answer as of (`as_of`); absent: the corpus now. */
  asOf?: string;
}

export function parseRelatedParams(query: RawQuery): RelatedParams {
  const p = parseQuery(relatedQuerySchema, query);
  return {
    limit: p.limit,
    filters: { topic: p.topic, langs: LANGS_FOR_FILTER[p.lang], yearFrom: p.year_from, yearTo: p.year_to, addedSince: p.since },
    ...(p.as_of !== undefined && { asOf: p.as_of }),
  };
}

/** A message for a value of the wrong kind, leaving absent values to the common "is required". */
const wrong = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? undefined : message);

const paperIds = (name: string) =>
  z.array(text({ error: wrong(`{path} must be a paper id (a string).`) }).check(rule<string>((v) => PAPER_ID.test(v), `{path}: ${ID_RULE}`, 'invalid_id')), {
    error: wrong(`${name} must be an array of paper ids.`),
  });

const year = (name: string) =>
  coded(z.int({ error: wrong(`${name} must be a whole number from 1000 to 2100.`) }).min(1000).max(2100).nullish(), `invalid_${name}`, {
    description: `Only papers published ${name === 'year_from' ? 'in or after' : 'in or before'} this year (papers without a year are left out).`,
  });

const FIELDS = ['positive', 'negative', 'limit', 'topic', 'lang', 'year_from', 'year_to', 'since'];

/** The body of `POST /api/v1/papers/recommendations`; the OpenAPI document shows the same schema. */
export const recommendationsBodySchema = z
  .strictObject(
    {
      positive: bodyField(
        'positive',
        paperIds('positive').check(rule<string[]>((v) => v.length > 0, 'positive must hold at least one paper id.', 'missing_field:positive')),
        { description: 'Papers the recommendations should be like: at least one id (as search results give them).' },
      ),
      negative: coded(paperIds('negative').nullish().transform((v) => v ?? []), 'invalid_field:negative', {
        description: 'Papers the recommendations should be unlike: their neighbours are pushed down. Optional.',
      }),
      limit: coded(z.int({ error: wrong(`limit must be a whole number from ${L.limitMin} to ${L.limitMax}.`) }).min(L.limitMin).max(L.limitMax).nullish().transform((v) => v ?? L.limitDefault), 'invalid_limit', {
        description: `Recommendations to return, ${L.limitMin} to ${L.limitMax} (default ${L.limitDefault}).`,
        default: L.limitDefault,
      }),
      topic: coded(oneOf(TOPIC_SLUGS, (v) => `topic must be one of the 25 topic slugs; got "${v}".`).nullish(), 'invalid_topic', { description: 'Only papers whose primary_topic is this slug.' }),
      lang: coded(oneOf(['ja', 'en', 'all']).nullish().transform((v) => v ?? 'all'), 'invalid_lang', { description: '`ja` and `en` include multilingual (`mul`) papers; `all` (the default) applies no filter.' }),
      year_from: year('year_from'),
      year_to: year('year_to'),
      since: coded(
        z
          .string({ error: wrong(`${SINCE_RULE}.`) })
          .transform((value, ctx) => {
            const at = parseSince(value);
            if (at) return at;
            ctx.issues.push({ code: 'custom', input: value, message: `${SINCE_RULE}; got "${value.slice(0, 100)}".` });
            return z.NEVER;
          })
          .nullish(),
        'invalid_since',
        { description: SINCE_DESCRIPTION },
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `{path} is not a field of a recommendation request (fields: ${FIELDS.join(', ')}).`
          : issue.code === 'invalid_type'
            ? 'The body must be a JSON object.'
            : undefined,
    },
  )
  .check(
    crossRule<{ year_from?: number | null; year_to?: number | null }>(['year_from', 'year_to'], 'year_to', (v) => yearRangeProblem({ year_from: v.year_from ?? undefined, year_to: v.year_to ?? undefined })),
    crossRule<{ positive: string[]; negative: string[] }>(['positive', 'negative'], 'negative', (v) =>
      v.positive.length + v.negative.length > L.maxGivenIds
        ? { code: 'too_many_ids', message: `positive and negative may hold at most ${L.maxGivenIds} ids together; they hold ${v.positive.length + v.negative.length}.` }
        : undefined,
    ),
    crossRule<{ positive: string[]; negative: string[] }>(['positive', 'negative'], 'negative', (v) => {
      const both = v.negative.filter((id) => v.positive.includes(id));
      return both.length > 0 ? { code: 'conflicting_ids', message: `A paper cannot be both positive and negative: ${[...new Set(both)].join(', ')}.` } : undefined;
    }),
  )
  .meta({ [ERROR_CODE]: 'invalid_body', [UNKNOWN_FIELD_CODE]: 'invalid_field:{field}' });

export interface RecommendationParams {
  /** Distinct, in the order given. */
  positive: string[];
  negative: string[];
  limit: number;
  filters: RelatedFilters;
}

export function parseRecommendationsBody(body: unknown): RecommendationParams {
  const b = parseBody(recommendationsBodySchema, body);
  return {
    positive: [...new Set(b.positive)],
    negative: [...new Set(b.negative)],
    limit: b.limit,
    filters: {
      topic: b.topic ?? undefined,
      langs: LANGS_FOR_FILTER[b.lang],
      yearFrom: b.year_from ?? undefined,
      yearTo: b.year_to ?? undefined,
      addedSince: b.since ?? undefined,
    },
  };
}
