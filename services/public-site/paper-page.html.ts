import { citationFileName, pageAsOf, plainCitation, toBibtex, type CitationSource } from '../../modules/citations';
import { attr, escapeHtml, httpUrl, jsonForScript } from './html-text';
import { authorsHtml, connectionsHtml, versionsHtml } from './paper-connections.html';
import { MESSAGES, withLanguage, type SiteLang } from './i18n/site-language';
import { citationMetaTags, jsonLdScript } from './scholarly-metadata';
import { sitePage, type AssetUrl } from './site-page.html';

export type { AssetUrl } from './site-page.html';
/**
 * The page's scripts and its styles besides site.css (served from `/assets/`): external files, as
 * the CSP allows no inline ones. `paper-page.js` copies citations and finds the way back;
 * `paper-connections.js` fills the References, Cited by and Related sections from the API.
 */
const SCRIPT = 'paper-page.js';
const CONNECTIONS_SCRIPT = 'paper-connections.js';
const STYLES = ['paper-page.css'];

/** The downloads of the citation block: path suffix, label, media type and element id (also its `data-testid`). */
export const CITATION_DOWNLOADS = [
  { extension: 'bib', label: 'BibTeX', type: 'application/x-bibtex', id: 'download-bibtex' },
  { extension: 'ris', label: 'RIS', type: 'application/x-research-info-systems', id: 'download-ris' },
  { extension: 'json', label: 'CSL-JSON', type: 'application/vnd.citationstyles.csl+json', id: 'download-csl-json' },
] as const;

/** The `lang` of the original-language title: ja/en as the paper says; a multilingual paper's is unknown (""). */
const originalLang = (lang: string | null) => (lang === 'ja' || lang === 'en' ? lang : '');

/** A date (`YYYY-MM-DD` or an ISO time) as the reader's language writes it; the machine form stays in `datetime`. */
function dateHtml(lang: SiteLang, value: string | null): string | null {
  if (value === null) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  const text = Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return `<time datetime="${escapeHtml(value)}">${escapeHtml(text)}</time>`;
}

/** One row of the record's facts: a label and its value (already HTML), skipped when there is no value; `value` keeps the record's own value where the text is a label. */
const fact = (field: string, label: string, html: string | null, value?: string | null) =>
  html === null ? '' : `<dt>${escapeHtml(label)}</dt><dd data-field="${field}"${attr('data-value', value)}>${html}</dd>\n`;

const link = (url: string | null, text: string) => (url === null ? null : `<a href="${escapeHtml(url)}" rel="noopener">${escapeHtml(text)}</a>`);

/** The titles, the reader's language first: title_ja for a Japanese reader, title_en for an English one, else the original. */
function titles({ record }: CitationSource, lang: SiteLang): string {
  const order = [[`title_${lang}`, lang], ['title', originalLang(record.lang)], [`title_${lang === 'ja' ? 'en' : 'ja'}`, lang === 'ja' ? 'en' : 'ja']] as const;
  const present = order.filter(([field]) => record[field as 'title'] !== null);
  const [mainField, mainLang] = present[0] ?? ['title', ''];
  const main = record[mainField as 'title'] ?? record.id;
  const m = MESSAGES[lang].paper;
  const labels: Record<string, string> = { title_en: m.titleEn, title_ja: m.titleJa, title: m.titleOriginal };
  const shown = new Set([main]);
  const others = present.slice(1).map(([field, tl]) => {
    const text = record[field as 'title'];
    if (text === null || shown.has(text)) return '';
    shown.add(text);
    return `<p class="paper-page-alt-title" id="paper-${field.replace('_', '-')}"><span class="label">${escapeHtml(labels[field]!)}: </span><span data-field="${field}"${tl ? ` lang="${tl}"` : ''}>${escapeHtml(text)}</span></p>\n`;
  });
  return `<h1 id="paper-title" class="paper-page-title" data-field="${mainField}" lang="${mainLang}">${escapeHtml(main)}</h1>\n${others.join('')}`;
}

/**
 * The summaries, the reader's language first (the English and Japanese AI summaries in full where
 * present), then the original abstract in full. The record's `abstract` is the English summary (else
 * the Japanese one, else the original), shortened: the section it comes from carries the field.
 */
function summaries({ paper }: CitationSource, lang: SiteLang): string {
  const m = MESSAGES[lang].paper;
  const section = (id: string, field: string | null, textLang: string, heading: string, text: string) =>
    `<section id="${id}" class="paper-page-summary"${attr('data-field', field)}><h2>${escapeHtml(heading)}</h2><p${textLang ? ` lang="${textLang}"` : ''}>${escapeHtml(text)}</p></section>\n`;
  const en = paper.ai_summary_en;
  const ja = paper.ai_summary_ja;
  const enHtml = en === null ? '' : section('summary-en', 'abstract', 'en', m.summaryEn, en);
  const jaHtml = ja === null ? '' : section('summary-ja', en === null ? 'abstract' : null, 'ja', m.summaryJa, ja);
  const original = paper.abstract === null ? '' : section('abstract', en === null && ja === null ? 'abstract' : 'original_abstract', originalLang(paper.lang), m.abstract, paper.abstract);
  return (lang === 'ja' ? jaHtml + enHtml : enHtml + jaHtml) + original;
}

/**
 * A path of the paper's own (`/papers/{id}`, a download's) as the page links it: as of the page's
 * release when the page was asked for as of one (`pinned`), so the citation read there is the same.
 */
export const paperPath = (source: CitationSource, suffix = '') => {
  const path = `/papers/${encodeURIComponent(source.record.id)}${suffix}`;
  return source.pinned ? pageAsOf(path, source.release) : path;
};

function citationBlock(source: CitationSource, lang: SiteLang): string {
  const { record } = source;
  const m = MESSAGES[lang].paper;
  const downloads = CITATION_DOWNLOADS.map((d) => `<li><a id="${d.id}" data-testid="${d.id}" class="citation-download" href="${escapeHtml(paperPath(source, `.${d.extension}`))}" type="${d.type}" download="${escapeHtml(citationFileName(record, d.extension))}">${d.label}</a></li>`).join('\n');
  // Copy buttons start hidden: the page's script shows them where the browser can copy, and says so in these words.
  return `<section id="cite" class="citation" aria-labelledby="cite-heading">
<h2 id="cite-heading">${escapeHtml(m.citeHeading)}</h2>
<p id="citation-text" class="citation-text">${escapeHtml(plainCitation(source))}</p>
<button type="button" class="copy-button" id="copy-citation" data-testid="copy-citation" data-copy-target="citation-text" data-label="${escapeHtml(m.citationLabel)}" hidden>${escapeHtml(m.copyCitation)}</button>
<pre id="citation-bibtex" class="citation-bibtex">${escapeHtml(toBibtex(source))}</pre>
<button type="button" class="copy-button" id="copy-bibtex" data-testid="copy-bibtex" data-copy-target="citation-bibtex" data-label="${escapeHtml(m.bibtexLabel)}" hidden>${escapeHtml(m.copyBibtex)}</button>
<p id="copy-status" class="copy-status" role="status" aria-live="polite" data-copied="${escapeHtml(m.copied)}" data-failed="${escapeHtml(m.copyFailed)}"></p>
<h3>${escapeHtml(m.downloadHeading)}</h3>
<ul class="citation-downloads">
${downloads}
</ul>
</section>`;
}

/**
 * The way back: the search page in the reader's language; the page's script makes it "Back to the
 * results" when the reader came from a search of this site (document.referrer).
 */
function backLink(lang: SiteLang): string {
  const m = MESSAGES[lang].paper;
  return `<p class="back-link"><a id="back-link" data-testid="back-link" href="${escapeHtml(withLanguage('/', lang))}" data-results-label="${escapeHtml(m.backToResults)}">${escapeHtml(m.backToSearch)}</a></p>`;
}

export interface PaperPageOptions {
  lang: SiteLang;
  assetUrl?: AssetUrl;
}

/** The server-rendered page of one paper (the record's `url`): every field, citation metadata, downloads. */
export function renderPaperPage(source: CitationSource, { lang, assetUrl }: PaperPageOptions): string {
  const { record, paper } = source;
  const m = MESSAGES[lang];
  const p = m.paper;
  const title = record.title ?? record.title_en ?? record.title_ja ?? record.id;
  const asset = assetUrl ?? ((n: string) => `/assets/${n}`);
  const alternates = CITATION_DOWNLOADS.map((d) => `<link rel="alternate" type="${d.type}" href="${escapeHtml(paperPath(source, `.${d.extension}`))}" title="${d.label}">`).join('\n');
  const head = `<link rel="canonical" href="${escapeHtml(record.url)}">
${alternates}
<script src="${escapeHtml(asset(SCRIPT))}" defer></script>
<script type="module" src="${escapeHtml(asset(CONNECTIONS_SCRIPT))}"></script>
<script type="application/json" id="paper-messages">${jsonForScript({ ...m.connections, venueTypes: m.venueTypes })}</script>
${citationMetaTags(source)}
${jsonLdScript(source)}`;
  const authors = authorsHtml(record, lang);
  const tags = record.tags.length === 0 ? null : `<ul class="chips paper-page-tags">${record.tags.map((t) => `<li class="chip tag">${escapeHtml(t)}</li>`).join('')}</ul>`;
  const label = <K extends string>(labels: Record<K, string>, value: K | null) => (value === null ? null : escapeHtml(labels[value] ?? value));
  const facts = [
    fact('year', p.year, record.year === null ? null : escapeHtml(record.year)),
    fact('publication_date', p.published, dateHtml(lang, paper.publication_date), paper.publication_date),
    fact('venue', p.venue, record.venue === null ? null : escapeHtml(record.venue)),
    fact('venue_type', p.venueType, label(m.venueTypes, record.venue_type), record.venue_type),
    fact('topic', p.topic, label(m.topics, record.topic), record.topic),
    fact('tags', p.tags, tags),
    fact('lang', p.language, label(m.langs, record.lang), record.lang),
    fact('doi', p.doi, record.doi === null ? null : link(`https://doi.org/${record.doi}`, record.doi)),
    fact('source_url', p.source, link(httpUrl(record.source_url), record.source_url ?? '')),
    fact('pdf_url', p.pdf, link(httpUrl(paper.pdf_url), paper.pdf_url ?? '')),
    fact('citation_url', p.citationLink, link(httpUrl(record.citation_url), record.citation_url)),
    fact('url', p.thisPage, link(httpUrl(record.url), record.url)),
    fact('id', p.paperId, `<code>${escapeHtml(record.id)}</code>`),
    fact('updated_at', p.updated, dateHtml(lang, record.updated_at), record.updated_at),
  ].join('');
  // As of a release: said above the record, with the way to the record now (the canonical page).
  const notice = source.pinned
    ? `<p id="as-of-notice" class="as-of-notice" data-release="${escapeHtml(source.release)}">${escapeHtml(m.asOfNotice.replace('{release}', source.release))} <a id="as-of-current" href="${escapeHtml(withLanguage(`/papers/${encodeURIComponent(record.id)}`, lang))}">${escapeHtml(m.asOfCurrent)}</a></p>\n`
    : '';
  const body = `<main id="paper" class="wrap paper-page" data-paper-id="${escapeHtml(record.id)}" data-release="${escapeHtml(source.release)}">
${backLink(lang)}
${notice}<article>
${titles(source, lang)}${authors}<dl class="paper-page-facts">
${facts}</dl>
${versionsHtml(record, lang)}${summaries(source, lang)}</article>
${citationBlock(source, lang)}
${connectionsHtml(record, lang, source.pinned ? source.release : undefined)}
</main>`;
  const path = paperPath(source);
  return sitePage({ lang, title: `${title} — ${m.siteName}`, head, styles: STYLES, path, demo: paper.source === 'demo', assetUrl }, body);
}
