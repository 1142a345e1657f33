import { toBibtex } from './citation/bibtex';
import { citationFileName, plainCitation, type CitationSource } from './citation/citation-source';
import { attr, escapeHtml, httpUrl } from './html-text';
import { citationMetaTags, jsonLdScript } from './scholarly-metadata';

export const SITE_NAME = 'GX Research Papers';
/** The page's script and styles (served from `/assets/`; site.css is the search page's): external files, as the CSP allows no inline ones. */
const SCRIPT = 'paper-page.js';
const STYLES = ['site.css', 'paper-page.css'];

/** The address a page links an asset by: its versioned URL (site.routes.ts SiteAssets.url), so a deploy is picked up at once. */
export type AssetUrl = (name: string) => string;
const unversioned: AssetUrl = (name) => `/assets/${name}`;

/** The downloads of the citation block: path suffix, label, media type and element id (also its `data-testid`). */
export const CITATION_DOWNLOADS = [
  { extension: 'bib', label: 'BibTeX', type: 'application/x-bibtex', id: 'download-bibtex' },
  { extension: 'ris', label: 'RIS', type: 'application/x-research-info-systems', id: 'download-ris' },
  { extension: 'json', label: 'CSL-JSON', type: 'application/vnd.citationstyles.csl+json', id: 'download-csl-json' },
] as const;

/** The page language: the paper's own (ja or en); multilingual and unknown papers get the English interface's. */
const pageLang = (lang: string | null) => (lang === 'ja' ? 'ja' : 'en');

/** The `lang` of the original-language title: ja/en as the paper says; a multilingual paper's is unknown (""). */
const originalLang = (lang: string | null) => (lang === 'ja' || lang === 'en' ? lang : '');

/** The licence notes of spec §1, at the foot of every page. */
const LICENCE_NOTES = `<footer id="licence" class="site-footer licence-notes" lang="en"><div class="wrap">
<p>AI-generated summaries and metadata written by this service are licensed
<a rel="license" href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a> unless otherwise stated.</p>
<p>Third-party metadata, abstracts, DOIs and source links remain under their original publishers' terms.</p>
</div></footer>`;

function documentShell(lang: string, title: string, head: string, body: string, assetUrl: AssetUrl): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${STYLES.map((name) => `<link rel="stylesheet" href="${escapeHtml(assetUrl(name))}">`).join('\n')}
<link rel="icon" href="${escapeHtml(assetUrl('favicon.svg'))}" type="image/svg+xml">
${head}
</head>
<body>
<header class="site-header" lang="en"><div class="wrap"><p class="brand"><a href="/">${SITE_NAME}</a></p><p class="tagline"><a href="/">Search papers</a></p></div></header>
${body}
${LICENCE_NOTES}
</body>
</html>
`;
}

/** One row of the record's facts: a label and its value (already HTML), skipped when there is no value. */
const fact = (field: string, label: string, html: string | null) =>
  html === null ? '' : `<dt lang="en">${label}</dt><dd data-field="${field}">${html}</dd>\n`;

const link = (url: string | null, text: string) => (url === null ? null : `<a href="${escapeHtml(url)}" rel="noopener">${escapeHtml(text)}</a>`);

function titles(source: CitationSource): string {
  const { record } = source;
  const main = record.title ?? record.title_en ?? record.title_ja ?? record.id;
  const mainField = record.title !== null ? 'title' : record.title_en !== null ? 'title_en' : 'title_ja';
  const mainLang = record.title !== null ? originalLang(record.lang) : record.title_en !== null ? 'en' : 'ja';
  const other = (field: 'title_ja' | 'title_en', lang: string) =>
    record[field] !== null && field !== mainField && record[field] !== main ? `<p class="paper-page-alt-title" id="paper-${field.replace('_', '-')}" data-field="${field}" lang="${lang}">${escapeHtml(record[field]!)}</p>\n` : '';
  return `<h1 id="paper-title" class="paper-page-title" data-field="${mainField}" lang="${mainLang}">${escapeHtml(main)}</h1>\n${other('title_ja', 'ja')}${other('title_en', 'en')}`;
}

/**
 * The summaries: the English and Japanese AI summaries in full where present; a paper without
 * either shows its record's abstract (the original, shortened to 600 characters).
 */
function summaries({ record, paper }: CitationSource): string {
  const section = (id: string, field: string | null, lang: string, heading: string, text: string) =>
    `<section id="${id}" class="paper-page-summary"${attr('data-field', field)} lang="${lang}"><h2 lang="en">${heading}</h2><p>${escapeHtml(text)}</p></section>\n`;
  const en = paper.ai_summary_en;
  const ja = paper.ai_summary_ja;
  if (en === null && ja === null) {
    return record.abstract === null ? '' : section('abstract', 'abstract', originalLang(record.lang), 'Abstract', record.abstract);
  }
  // The record's `abstract` is the English summary (else the Japanese one), shortened: that section carries the field.
  return (en === null ? '' : section('summary-en', 'abstract', 'en', 'Summary (English, AI-generated)', en))
    + (ja === null ? '' : section('summary-ja', en === null ? 'abstract' : null, 'ja', 'Summary (Japanese, AI-generated)', ja));
}

function citationBlock(source: CitationSource): string {
  const { record } = source;
  const id = encodeURIComponent(record.id);
  const downloads = CITATION_DOWNLOADS.map((d) => `<li><a id="${d.id}" data-testid="${d.id}" class="citation-download" href="/papers/${id}.${d.extension}" type="${d.type}" download="${escapeHtml(citationFileName(record, d.extension))}">${d.label}</a></li>`).join('\n');
  // Copy buttons start hidden: the page's script shows them where the browser can copy.
  return `<section id="cite" class="citation" lang="en" aria-labelledby="cite-heading">
<h2 id="cite-heading">Cite this paper</h2>
<p id="citation-text" class="citation-text">${escapeHtml(plainCitation(source))}</p>
<button type="button" class="copy-button" id="copy-citation" data-testid="copy-citation" data-copy-target="citation-text" hidden>Copy citation</button>
<pre id="citation-bibtex" class="citation-bibtex">${escapeHtml(toBibtex(source))}</pre>
<button type="button" class="copy-button" id="copy-bibtex" data-testid="copy-bibtex" data-copy-target="citation-bibtex" hidden>Copy BibTeX</button>
<p id="copy-status" class="copy-status" role="status" aria-live="polite"></p>
<h3>Download the citation</h3>
<ul class="citation-downloads">
${downloads}
</ul>
</section>`;
}

/** The server-rendered page of one paper (the record's `url`): every field, citation metadata, downloads. */
export function renderPaperPage(source: CitationSource, assetUrl: AssetUrl = unversioned): string {
  const { record, paper } = source;
  const title = record.title ?? record.title_en ?? record.title_ja ?? record.id;
  const alternates = CITATION_DOWNLOADS.map((d) => `<link rel="alternate" type="${d.type}" href="/papers/${encodeURIComponent(record.id)}.${d.extension}" title="${d.label}">`).join('\n');
  const head = `<link rel="canonical" href="${escapeHtml(record.url)}">
${alternates}
<script src="${escapeHtml(assetUrl(SCRIPT))}" defer></script>
${citationMetaTags(source)}
${jsonLdScript(source)}`;
  const authors = record.authors.length === 0 ? ''
    : `<ul id="paper-authors" class="paper-page-authors" data-field="authors">${record.authors.map((a) => `<li class="author">${escapeHtml(a)}</li>`).join('')}</ul>\n`;
  const tags = record.tags.length === 0 ? null : `<ul class="chips paper-page-tags">${record.tags.map((t) => `<li class="chip tag">${escapeHtml(t)}</li>`).join('')}</ul>`;
  const facts = [
    fact('year', 'Year', record.year === null ? null : escapeHtml(record.year)),
    fact('publication_date', 'Published', paper.publication_date === null ? null : `<time datetime="${escapeHtml(paper.publication_date)}">${escapeHtml(paper.publication_date)}</time>`),
    fact('venue', 'Venue', record.venue === null ? null : escapeHtml(record.venue)),
    fact('venue_type', 'Venue type', record.venue_type === null ? null : escapeHtml(record.venue_type)),
    fact('topic', 'Topic', record.topic === null ? null : escapeHtml(record.topic)),
    fact('tags', 'Tags', tags),
    fact('lang', 'Language', record.lang === null ? null : escapeHtml(record.lang)),
    fact('doi', 'DOI', record.doi === null ? null : link(`https://doi.org/${record.doi}`, record.doi)),
    fact('source_url', 'Source', link(httpUrl(record.source_url), record.source_url ?? '')),
    fact('pdf_url', 'PDF', link(httpUrl(paper.pdf_url), paper.pdf_url ?? '')),
    fact('citation_url', 'Citation link', link(httpUrl(record.citation_url), record.citation_url)),
    fact('url', 'This page', link(httpUrl(record.url), record.url)),
    fact('id', 'Paper id', `<code>${escapeHtml(record.id)}</code>`),
    fact('updated_at', 'Updated', record.updated_at === null ? null : `<time datetime="${escapeHtml(record.updated_at)}">${escapeHtml(record.updated_at)}</time>`),
  ].join('');
  const body = `<main id="paper" class="wrap paper-page" data-paper-id="${escapeHtml(record.id)}">
<article>
${titles(source)}${authors}<dl class="paper-page-facts">
${facts}</dl>
${summaries(source)}</article>
${citationBlock(source)}
</main>`;
  return documentShell(pageLang(record.lang), `${title} — ${SITE_NAME}`, head, body, assetUrl);
}

/** The page for a paper id that is not in the corpus (or is no id at all). */
export function renderNotFoundPage(assetUrl: AssetUrl = unversioned): string {
  const body = `<main id="not-found" class="wrap not-found">
<h1>Paper not found</h1>
<p>There is no paper at this address. It may have been removed, or the link may be mistyped.</p>
<p><a href="/">Search the papers</a></p>
</main>`;
  return documentShell('en', `Paper not found — ${SITE_NAME}`, '<meta name="robots" content="noindex">', body, assetUrl);
}
