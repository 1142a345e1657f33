import { z } from 'zod';
import { coded, crossRule, wholeNumber, withDefault } from '../../shared/http/param-schemas';
import { sinceParam } from '../../shared/http/since-param';
import { keywordParams, yearRangeProblem } from './keyword-query';

/** How many related papers a request may ask for, on either door. */
export const RELATED_LIMITS = { limitMin: 1, limitMax: 50, limitDefault: 10 } as const;
const L = RELATED_LIMITS;

/**
 * The query of `GET /api/v1/papers/{id}/related`: the door's own `topic` and `lang` (each door's
 * search rules and codes), and the rest alike on both doors — `limit`, the year bounds and `since`.
 */
export function relatedQuerySchemaWith<Topic extends z.ZodType, Lang extends z.ZodType>(door: { topic: Topic; lang: Lang }) {
  return z
    .object({
      topic: door.topic,
      lang: door.lang,
      limit: coded(withDefault(wholeNumber(L.limitMin, L.limitMax), L.limitDefault), 'invalid_limit', { description: `Related papers to return, ${L.limitMin} to ${L.limitMax}.` }),
      year_from: keywordParams.year_from,
      year_to: keywordParams.year_to,
      since: sinceParam(),
    })
    .check(crossRule<{ year_from?: number; year_to?: number }>(['year_from', 'year_to'], 'year_to', yearRangeProblem));
}
