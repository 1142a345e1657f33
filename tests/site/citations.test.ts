import { citationKey, escapeBibtex, plainCitation, toBibtex, toCslJson, toRis, type CitationSource } from '../../modules/citations';
import { toPublicPaper } from '../../shared/papers/public-paper';
import type { PaperInput } from '../../modules/papers/paper-input';
import { displayName, parseCitation } from './citation-parse';
import { EN_PAPER, HOSTILE_PAPER, HOSTILE_TITLE, JA_PAPER, storedPaper } from './site-fixtures';

const BASE = 'https://papers.example.org';
const RELEASE = '2026-11-28';
const sourceOf = (input: PaperInput, release = RELEASE): CitationSource => {
  const paper = storedPaper(input);
  return { paper, record: toPublicPaper(paper, BASE), release };
};

const FORMATS = [
  ['BibTeX', toBibtex, '@biblatex/text'],
  ['RIS', toRis, '@ris/file'],
  ['CSL-JSON', toCslJson, '@csl/list+object'],
] as const;

/** A title with every character BibTeX treats specially (and a brace pair that must not vanish). */
const SPECIAL_TITLE: PaperInput = {
  ...EN_PAPER,
  id: 'special-1',
  title: 'Costs {and} benefits: 50% of "net zero" & {CO2} pricing',
  authors: ['Zoë Müller', 'Li Wei'],
  doi: '10.1234/special.5',
  venue_type: 'journal',
};

describe.each(FORMATS)('%s citations, read back by citation-js', (_name, render, type) => {
  it.each([
    ['a Japanese journal paper', JA_PAPER],
    ['an English conference paper without DOI', EN_PAPER],
    ['a title with { } % & "', SPECIAL_TITLE],
    ['a hostile paper', HOSTILE_PAPER],
  ])('round-trips title, authors, year and DOI of %s', (_label, input) => {
    const source = sourceOf(input);
    const item = parseCitation(render(source), type);
    expect(item.title).toBe(source.record.title);
    expect((item.author ?? []).map(displayName)).toEqual(source.record.authors);
    expect(item.issued?.['date-parts']?.[0]?.[0]).toBe(source.record.year);
    expect(item.DOI?.toLowerCase()).toBe(source.record.doi ?? undefined);
  });

  it('keeps the venue, the language and the link', () => {
    const source = sourceOf(JA_PAPER);
    const item = parseCitation(render(source), type);
    expect(item['container-title']).toBe('Journal of GX Studies');
    expect(item.URL).toBe('https://example.org/papers/h2');
    if (type !== '@biblatex/text') expect(item.language).toBe('ja');
    expect(item.type).toBe('article-journal');
  });
});

describe('the release a citation was made as of', () => {
  it.each(FORMATS)('%s keeps it through citation-js, as the item\'s note', (_name, render, type) => {
    const item = parseCitation(render(sourceOf(EN_PAPER, '2026-11-28.2')), type) as { note?: string };
    expect(item.note).toBe('Dataset release 2026-11-28.2');
  });

  it('is one BibTeX note with the English title, when there is one', () => {
    const entry = toBibtex(sourceOf(JA_PAPER));
    expect(entry).toContain('note = {English title: Carbon intensity of hydrogen supply chains. Dataset release 2026-11-28}');
    expect(entry.match(/^ {2}note = /gm)).toHaveLength(1);
    expect((parseCitation(entry, '@biblatex/text') as { note?: string }).note).toBe('English title: Carbon intensity of hydrogen supply chains. Dataset release 2026-11-28');
  });

  it('is an N1 line in RIS', () => {
    expect(toRis(sourceOf(EN_PAPER, 'v0.3-2026Q3')).split('\r\n')).toContain('N1  - Dataset release v0.3-2026Q3');
  });

  it('ends the plain-text citation, the link leading to the page as of the release when the citation was asked for as of it', () => {
    const source = sourceOf({ ...EN_PAPER, doi: null });
    expect(plainCitation(source)).toBe(`${plainCitation(source).split(' (dataset release')[0]} (dataset release 2026-11-28)`);
    expect(plainCitation(source)).toMatch(new RegExp(`${source.record.url.replace(/[.?]/g, '\\$&')} \\(dataset release 2026-11-28\\)$`));
    expect(plainCitation({ ...source, pinned: true })).toMatch(/\/papers\/[^ ]+\?as_of=2026-11-28 \(dataset release 2026-11-28\)$/);
    // A DOI link stays the DOI's.
    const doi = sourceOf(JA_PAPER);
    expect(plainCitation({ ...doi, pinned: true })).toMatch(/https:\/\/doi\.org\/10\.5555\/gx\.2024\.001 \(dataset release 2026-11-28\)$/);
    expect(plainCitation(sourceOf(EN_PAPER, '2026-11-28+unreleased'))).toMatch(/\(dataset release 2026-11-28\+unreleased\)$/);
  });
});

describe('BibTeX', () => {
  it('types journal papers @article, conference papers @inproceedings, the rest @misc', () => {
    expect(toBibtex(sourceOf(JA_PAPER))).toMatch(/^@article\{/);
    expect(toBibtex(sourceOf(EN_PAPER))).toMatch(/^@inproceedings\{[^,]+,[\s\S]*booktitle = \{GX Conference 2022\}/);
    expect(toBibtex(sourceOf({ ...EN_PAPER, venue_type: 'preprint' }))).toMatch(/^@misc\{[^,]+,[\s\S]*howpublished = /);
  });

  it('keys entries by first author, year and first title word, folded to ASCII', () => {
    expect(citationKey(sourceOf(EN_PAPER))).toBe('garcia2022carbon');
    expect(citationKey(sourceOf(SPECIAL_TITLE))).toBe('muller2022costs');
    // Latin words of the English title stand in when the first author's name has none.
    expect(citationKey(sourceOf(JA_PAPER))).toBe('2024carbon');
    const allJapanese = sourceOf({ ...JA_PAPER, title_en: null, doi: '10.5555/ja.only' });
    expect(citationKey(allJapanese)).toBe(allJapanese.record.id);
  });

  it('escapes LaTeX specials and keeps braces balanced', () => {
    expect(escapeBibtex('{a} 50% & $1 #2 b_c ~ ^ \\')).toBe('\\{a\\} 50\\% \\& \\$1 \\#2 b\\_c \\textasciitilde{} \\textasciicircum{} \\textbackslash{}');
    const entry = toBibtex(sourceOf(HOSTILE_PAPER));
    let depth = 0;
    for (const [i, c] of [...entry].entries()) {
      if (entry[i - 1] === '\\') continue;
      if (c === '{') depth++;
      if (c === '}') depth--;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
    expect(parseCitation(entry, '@biblatex/text').title).toBe(HOSTILE_TITLE);
  });

  it('keeps CJK names whole', () => {
    expect(toBibtex(sourceOf(JA_PAPER))).toContain('author = {{山田 太郎} and Jane Doe}');
  });
});

describe('RIS', () => {
  it('writes one tag a line, CRLF, ending with ER, a value never breaking a line', () => {
    const ris = toRis(sourceOf({ ...JA_PAPER, abstract: null, ai_summary_ja: null, ai_summary_en: 'two\nlines\r\nhere' }));
    const lines = ris.split('\r\n');
    expect(lines[0]).toBe('TY  - JOUR');
    expect(lines.at(-2)).toBe('ER  - ');
    expect(lines.at(-1)).toBe('');
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^[A-Z][A-Z0-9]  - /);
    expect(lines).toContain('AB  - two lines here');
    expect(lines).toEqual(expect.arrayContaining(['AU  - 山田 太郎', 'AU  - Jane Doe', 'PY  - 2024', 'DA  - 2024/03/15', 'DO  - 10.5555/gx.2024.001', 'LA  - ja']));
    expect(ris).not.toContain('Carbon intensity');
  });
});

describe('CSL-JSON', () => {
  it('is an array of one item with date parts, DOI, URL, container title, language and abstract', () => {
    const source = sourceOf(JA_PAPER);
    const [item] = JSON.parse(toCslJson(source));
    expect(item).toEqual({
      id: source.record.id,
      type: 'article-journal',
      title: '水素サプライチェーンの炭素強度評価',
      author: [{ literal: '山田 太郎' }, { literal: 'Jane Doe' }],
      issued: { 'date-parts': [[2024, 3, 15]] },
      DOI: '10.5555/gx.2024.001',
      URL: 'https://example.org/papers/h2',
      'container-title': 'Journal of GX Studies',
      language: 'ja',
      abstract: 'An English AI summary of hydrogen supply chains.',
      keyword: '水素, supply chain, fixtureja',
      note: 'Dataset release 2026-11-28',
    });
  });

  it('splits "Family, Given" names, keeps other names literal', () => {
    const [item] = JSON.parse(toCslJson(sourceOf({ ...EN_PAPER, authors: ['Doe, Jane', 'Ana García'] })));
    expect(item.author).toEqual([{ family: 'Doe', given: 'Jane' }, { literal: 'Ana García' }]);
  });
});
