import { z } from 'zod';
import type { SplitLimits } from '../../shared/text/word-split';

/** The `suggestion` of both doors' keyword search answers (see `splitSuggestion`), for their OpenAPI documents. */
export const searchSuggestionSchema = z
  .object({
    q: z.string().meta({ description: 'The suggested query: the same text with its Japanese or Chinese split into words, other terms kept; send it as q.', examples: ['炭素税 効果'] }),
    total: z.int().min(1).meta({ description: 'Papers the suggested query matches with the same filters (its `total`).' }),
    reason: z.string().meta({ description: 'Why the suggestion is made, in one English sentence for people.' }),
  })
  .meta({ id: 'SearchSuggestion' });

/** When the field appears, for the description of each door's answer. */
export const suggestionDescription = (limits: Pick<SplitLimits, 'maxTerms' | 'minTermChars'>): string =>
  `Present only when \`total\` is 0 and q holds a run of two or more Japanese or Chinese characters (Han, hiragana, katakana) without spaces: q split into words by a dictionary word segmenter (particles, function words and punctuation dropped; other terms kept; at most ${limits.maxTerms} terms of at least ${limits.minTermChars} characters), when that differs from q and matches papers with the same filters. Terms are matched as substrings and AND-combined, so an unspaced phrase must appear verbatim. \`total\` and the records are always those of q as sent.`;
