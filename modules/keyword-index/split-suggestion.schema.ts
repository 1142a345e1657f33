import { z } from 'zod';
import type { SplitLimits } from '../../shared/text/word-split';

/** What a suggestion offers instead of a query that found nothing: its words split apart, or fewer of its terms. */
export const SUGGESTION_KINDS = ['split', 'subset'] as const;

/** The `suggestion` of both doors' keyword search answers (see `splitSuggestion`, `subsetSuggestion`), for their OpenAPI documents. */
export const searchSuggestionSchema = z
  .object({
    kind: z.enum(SUGGESTION_KINDS).meta({
      description:
        '`split`: q with its unspaced Japanese or Chinese split into words, every word kept. `subset` (the data API\'s keyword mode only): the largest set of q\'s terms (of its words, once split) that matches papers together; `dropped` names the terms left out.',
    }),
    q: z.string().meta({ description: 'The suggested query, terms separated by one space, as written in q (Unicode NFKC); send it as q.', examples: ['炭素税 効果'] }),
    total: z.int().min(1).meta({ description: 'Papers (works, with `collapse=versions`) the suggested query matches with the same filters (its `total`).' }),
    dropped: z
      .array(z.string())
      .min(1)
      .optional()
      .meta({ description: 'With `kind` `subset`: the terms of q (its words, once split) the suggested query leaves out, in q\'s order, as written.', examples: [['does', 'affect']] }),
    reason: z.string().meta({ description: 'Why the suggestion is made, in one English sentence for people.' }),
  })
  .meta({ id: 'SearchSuggestion' });

/** When a `split` suggestion appears, for the description of each door's answer. */
export const suggestionDescription = (limits: Pick<SplitLimits, 'maxTerms' | 'minTermChars'>): string =>
  `Present only when \`total\` is 0. \`kind\` \`split\`: q holds a run of two or more Japanese or Chinese characters (Han, hiragana, katakana) without spaces, and q split into words by a dictionary word segmenter (particles, function words and punctuation dropped; other terms kept; ${Number.isFinite(limits.maxTerms) ? `at most ${limits.maxTerms} terms ` : 'terms '}of at least ${limits.minTermChars} characters) differs from q and matches papers with the same filters. Terms are matched as substrings and AND-combined, so an unspaced phrase must appear verbatim. \`total\` and the records are always those of q as sent.`;
