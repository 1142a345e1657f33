import { z } from 'zod';
import { outputOf } from '../../shared/agents/agent-tool';
import { compactPaper } from '../../shared/agents/compact';
import { paperPageParts } from '../../services/public-search/paper-for-agents';
import { eventSchema } from '../../services/events-keys/event.schema';

describe('what agents get of a paper', () => {
  it('reads both summaries and the citation from the page, undoing its HTML escapes', () => {
    const html = `<article><section id="summary-en" class="paper-page-summary" data-field="abstract"><h2>Summary</h2><p lang="en">Costs &amp; &quot;risks&quot; &lt;2030&gt; &#39;now&#39;</p></section>
<section id="summary-ja" class="paper-page-summary"><h2>要約</h2><p lang="ja">水素の要約。</p></section></article>
<section id="cite"><p id="citation-text" class="citation-text">Doe, J. (2024). A &amp; B. https://doi.org/10.1/x</p></section>`;
    expect(paperPageParts(html)).toEqual({ ai_summary_en: 'Costs & "risks" <2030> \'now\'', ai_summary_ja: '水素の要約。', text: 'Doe, J. (2024). A & B. https://doi.org/10.1/x' });
  });

  it('gives null for a summary the page does not show, and fails on a page without a citation', () => {
    const html = '<section id="abstract" class="paper-page-summary"><h2>Abstract</h2><p>Original.</p></section><p id="citation-text">X (n.d.). T. https://x.org/p</p>';
    expect(paperPageParts(html)).toEqual({ ai_summary_en: null, ai_summary_ja: null, text: 'X (n.d.). T. https://x.org/p' });
    expect(() => paperPageParts('<html></html>')).toThrow('#citation-text');
  });

  it('leaves out only the translated titles that repeat the title, with their highlights', () => {
    const record = {
      id: 'p_1',
      title: 'Hydrogen',
      title_ja: '水素',
      title_en: 'Hydrogen',
      highlights: [
        { field: 'title', start: 0, end: 8, term: 'hydrogen', snippet: 'Hydrogen' },
        { field: 'title_en', start: 0, end: 8, term: 'hydrogen', snippet: 'Hydrogen' },
      ],
    };
    expect(compactPaper(record)).toEqual({ id: 'p_1', title: 'Hydrogen', title_ja: '水素', highlights: [record.highlights[0]] });
    expect(Object.keys(compactPaper(record))).toEqual(['id', 'title', 'title_ja', 'highlights']);
  });

  it('makes a response schema with a component id an output schema whose top level is an object', () => {
    // As it is, the response schema renders as a $ref to its component.
    expect(z.toJSONSchema(eventSchema)).toMatchObject({ $ref: '#/$defs/IntelligenceEvent' });
    const json = z.toJSONSchema(outputOf(eventSchema), { target: 'draft-7', io: 'output' }) as { type: string; required: string[] };
    expect(json.type).toBe('object');
    expect(json.required).toEqual(Object.keys(eventSchema.shape));
  });
});
