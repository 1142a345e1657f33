import { z } from 'zod';
import { coded, rule, text } from '../../shared/http/param-schemas';

/** Paper ids are `p_` and a base64url hash (paper-input.ts); the wider set keeps ids of other origins working. */
export const PAPER_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The path of every endpoint about one paper (`/api/v1/papers/{id}`, its references, its cited-by),
 * on both doors: validates the request and renders the OpenAPI documents. Malformed: 400 `invalid_id`.
 */
export const paperPathSchema = z.object({
  id: coded(text().check(rule<string>((v) => PAPER_ID.test(v), 'A paper id is 1 to 128 letters, digits, "_" or "-" (the `id` of a search result).')), 'invalid_id', {
    description: 'A paper id, as a search result gives it.',
    pattern: PAPER_ID.source,
    example: 'p_2s_niYOv-9vRxwD_',
  }),
});
