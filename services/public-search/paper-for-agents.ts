import { z } from 'zod';
import { paperSchema } from '../../shared/papers/paper.schema';
import { publicPaperSchema } from '../../shared/papers/public-paper';
import type { ToolRead } from '../../shared/agents/agent-tool';
import { compactPaper, compactPaperSchema } from '../../shared/agents/compact';

/**
 * One paper for an agent (the public door's `getPaper`): its public record (compact, see
 * `compact.ts`), both AI summaries in full, and a ready citation. The record is
 * `GET /api/v1/papers/{id}`; the rest is read, in the same tool call, from what the public site
 * serves for the paper: its page (`GET /papers/{id}`, the record's `url`), which shows the two
 * summaries and the plain-text citation, and its BibTeX download (`GET /papers/{id}.bib`). Nothing
 * is composed here: the citation is the site's, the summaries the stored ones.
 */

export const paperCitationSchema = z
  .object({
    text: z.string().meta({ description: 'A reference to paste: "Authors (Year). Title. Venue. Link (dataset release X)" (the DOI link when there is a DOI; the release the record was read as of), as the paper\'s page shows it.' }),
    bibtex: z.string().meta({ description: 'The BibTeX entry, exactly as `/papers/{id}.bib` serves it.' }),
  })
  .meta({ description: 'A ready citation of the paper.' });

const stored = paperSchema.shape;
// `abstract_ja` is left out: `ai_summary_ja` is the same text in full.
const { highlights: _highlights, abstract_ja: _abstractJa, ...record } = compactPaperSchema(publicPaperSchema).shape as Record<string, z.ZodType>;

/** `getPaper`'s result: the record's fields, the summaries (the stored paper's fields) and the citation. */
export const agentPaperSchema = z.object({
  ...record,
  ai_summary_en: stored.ai_summary_en,
  ai_summary_ja: stored.ai_summary_ja,
  citation: paperCitationSchema,
});

/** The site's paths for a paper: its page and its BibTeX download. */
export const paperPagePath = (id: string) => `/papers/${encodeURIComponent(id)}`;

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** The inverse of the site's `escapeHtml` (services/public-site/html-text.ts): the five entities it writes. */
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) => HTML_ENTITIES[name]!);

/**
 * The parts of a paper's page an agent gets (services/public-site/paper-page.html.ts renders them;
 * tests/site/paper-page.test.ts holds their ids): `#summary-en` and `#summary-ja`, each a section
 * whose paragraph is the summary in full, present when the paper has it; `#citation-text`, always.
 */
export function paperPageParts(html: string): { ai_summary_en: string | null; ai_summary_ja: string | null; text: string } {
  const summary = (lang: 'en' | 'ja') => {
    const match = new RegExp(`<section id="summary-${lang}"[^>]*>[\\s\\S]*?<p\\b[^>]*>([^<]*)</p>`).exec(html);
    return match ? unescapeHtml(match[1]!) : null;
  };
  const text = /<p id="citation-text"[^>]*>([^<]*)<\/p>/.exec(html);
  if (!text) throw new Error('the paper page has no #citation-text');
  return { ai_summary_en: summary('en'), ai_summary_ja: summary('ja'), text: unescapeHtml(text[1]!) };
}

/** The record of `GET /api/v1/papers/{id}` as `getPaper` answers it (reads the page and the BibTeX through the door). */
export async function paperForAgents(answer: Record<string, unknown>, read: ToolRead): Promise<Record<string, unknown>> {
  const page = paperPagePath(String(answer.id));
  const [html, bibtex] = await Promise.all([read({ path: page }), read({ path: `${page}.bib` })]);
  const { ai_summary_en, ai_summary_ja, text } = paperPageParts(html);
  const { abstract_ja: _abstractJa, ...fields } = compactPaper(answer);
  return { ...fields, ai_summary_en, ai_summary_ja, citation: { text, bibtex } };
}
