import { z } from 'zod';
import { SHELVES, TOPIC_SLUGS } from '../../../shared/papers/paper.schema';
import type { NewPaper } from '../../../modules/papers';
import { mapLimited, type ChatClient } from './chat-client';
import type { Relevance, RelevanceScorer, Summaries, Summariser } from './enrichment.port';

const ABSTRACT_CHARS = 4000;

const paperText = (p: NewPaper) =>
  JSON.stringify({ title: p.title, language: p.lang, venue: p.venue, year: p.year, abstract: p.abstract?.slice(0, ABSTRACT_CHARS) ?? null });

const relevanceAnswer = z.object({
  score: z.number().min(0).max(100),
  topic: z.enum(TOPIC_SLUGS),
  tags: z.array(z.string().min(1).max(60)).max(8),
  shelf: z.enum([...SHELVES, 'none']),
  reason: z.string().max(300),
});

/**
 * The JSON Schema a model must answer in (OpenAI strict structured output), from the zod schema that
 * validates the answer: one definition of each answer. String lengths stay with the validation (strict
 * mode does not take them); everything else is what the model is held to.
 */
function answerSchema(schema: z.ZodObject): object {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema) as Record<string, unknown>;
  return JSON.parse(JSON.stringify(json), (key, value) => (key === 'minLength' || key === 'maxLength' ? undefined : value));
}

const RELEVANCE_SCHEMA = answerSchema(relevanceAnswer);

/** The production scorer: a model behind an OpenAI-compatible chat endpoint, one paper per request. */
export class ModelScorer implements RelevanceScorer {
  readonly kind = 'model';

  constructor(private readonly chat: ChatClient, private readonly concurrency: number) {}

  score(papers: readonly NewPaper[]): Promise<Relevance[]> {
    return mapLimited(papers, this.concurrency, async (p) => {
      const a = await this.chat.askJson({
        system:
          'You rate how relevant a research paper is to GX (green transformation), ESG and climate research, from 0 (unrelated) to 100 (central). ' +
          'Choose its primary topic, up to 8 short tags, and a shelf: japan_to_global for Japanese research worth a global audience, ' +
          'global_to_japan for global research relevant to Japan, curated only for exceptional papers, otherwise none.',
        user: paperText(p),
        schemaName: 'paper_relevance',
        schema: RELEVANCE_SCHEMA,
        accept: (v) => relevanceAnswer.parse(v),
      });
      return { score: a.score, topic: a.topic, tags: [...new Set(a.tags.map((t) => t.trim()).filter(Boolean))], shelf: a.shelf === 'none' ? null : a.shelf, reason: a.reason };
    });
  }
}

const summaryAnswer = z.object({
  ai_summary_en: z.string().max(3000).nullable(),
  ai_summary_ja: z.string().max(3000).nullable(),
  title_en: z.string().max(500).nullable(),
  title_ja: z.string().max(500).nullable(),
});

const SUMMARY_SCHEMA = answerSchema(summaryAnswer);

const blankToNull = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());

/** The production summariser: bilingual summaries and translated titles from the same chat endpoint. */
export class ModelSummariser implements Summariser {
  readonly kind = 'model';

  constructor(private readonly chat: ChatClient, private readonly concurrency: number) {}

  summarise(papers: readonly NewPaper[]): Promise<Summaries[]> {
    return mapLimited(papers, this.concurrency, async (p) => {
      const a = await this.chat.askJson({
        system:
          'Summarise the research paper in three to five sentences in English and in Japanese, and give its title in English and in Japanese ' +
          '(translated when the original is in the other language). Use null for a summary when there is no abstract.',
        user: paperText(p),
        schemaName: 'paper_summaries',
        schema: SUMMARY_SCHEMA,
        accept: (v) => summaryAnswer.parse(v),
      });
      return {
        ai_summary_en: blankToNull(a.ai_summary_en),
        ai_summary_ja: blankToNull(a.ai_summary_ja),
        // The original title in its own language is kept; the model fills the other one.
        title_en: p.title_en ?? blankToNull(a.title_en),
        title_ja: p.title_ja ?? blankToNull(a.title_ja),
      };
    });
  }
}
