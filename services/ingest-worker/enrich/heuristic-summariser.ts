import type { NewPaper } from '../../../modules/papers';
import type { Summaries, Summariser } from './enrichment.port';

/** Summaries longer than this are cut at the last sentence end before it. */
const MAX_SUMMARY = 1200;

/**
 * The embedded summariser: the summary is the cleaned original abstract (in the paper's language;
 * both for `mul`), cut at a sentence end when long. It translates nothing: a title in another
 * language stays null until a translator (the production summariser) is configured.
 */
export class HeuristicSummariser implements Summariser {
  readonly kind = 'heuristic';

  async summarise(papers: readonly NewPaper[]): Promise<Summaries[]> {
    return papers.map((p) => {
      const summary = p.abstract ? shorten(p.abstract) : null;
      return {
        ai_summary_en: p.lang === 'en' || p.lang === 'mul' ? summary : null,
        ai_summary_ja: p.lang === 'ja' || p.lang === 'mul' ? summary : null,
        title_en: p.title_en,
        title_ja: p.title_ja,
      };
    });
  }
}

function shorten(text: string): string {
  if (text.length <= MAX_SUMMARY) return text;
  const cut = text.slice(0, MAX_SUMMARY);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('。'));
  return end > MAX_SUMMARY / 2 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}
