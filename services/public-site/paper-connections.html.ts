import type { PublicPaper } from '../../shared/papers/public-paper';
import { attr, escapeHtml } from './html-text';
import { MESSAGES, type SiteLang } from './i18n/site-language';

/**
 * The paper page's connections: the author links, the versions of the work (from the record), and
 * the References, Cited by and Related papers sections. The record gives their counts, so each
 * section is rendered with its heading and count; its list is filled by the page's script
 * (`paper-connections.js`) from the public API (`/api/v1/papers/{id}/references`, `/cited-by`,
 * `/related`, same origin: the CSP's `connect-src 'self'`), a page at a time.
 */

/** `{name}` in a catalogue string replaced by its value. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

const count = (lang: SiteLang, n: number) => new Intl.NumberFormat(lang).format(n);

/** A count in words: the catalogue's `none`, `one` or `many` form. */
function counted(lang: SiteLang, forms: { none?: string; one: string; many: string }, n: number): string {
  if (n === 0 && forms.none !== undefined) return forms.none;
  return n === 1 ? forms.one : fill(forms.many, { n: count(lang, n) });
}

/** The search page filtered by one author (`/?author=…`), in the page's language. */
export function authorSearchHref(name: string, lang: SiteLang): string {
  return `/?${new URLSearchParams({ author: name, hl: lang })}`;
}

/** The paper's authors, each a link to the search of that author's papers. */
export function authorsHtml(record: PublicPaper, lang: SiteLang): string {
  if (record.authors.length === 0) return '';
  const m = MESSAGES[lang].paper;
  const items = record.authors.map(
    (name) => `<li class="author"><a href="${escapeHtml(authorSearchHref(name, lang))}" title="${escapeHtml(fill(m.authorLinkTitle, { name }))}">${escapeHtml(name)}</a></li>`,
  );
  return `<ul id="paper-authors" class="paper-page-authors" data-field="authors">${items.join('')}</ul>\n`;
}

/** A paper page's address in the page's language. */
const paperHref = (id: string, lang: SiteLang) => `/papers/${encodeURIComponent(id)}?hl=${lang}`;

/**
 * The versions of the work, this record among them (marked), oldest first: each its kind of venue
 * and year, a link to its page and its DOI. Nothing when the record has no other version.
 */
export function versionsHtml(record: PublicPaper, lang: SiteLang): string {
  if (record.versions.length === 0) return '';
  const m = MESSAGES[lang];
  const c = m.connections;
  const self = { id: record.id, venue_type: record.venue_type, doi: record.doi, year: record.year };
  const all = [...record.versions, self].sort((a, b) => (a.year ?? Infinity) - (b.year ?? Infinity) || (a.id < b.id ? -1 : 1));
  const items = all.map((v) => {
    const type = v.venue_type === null ? c.version : m.venueTypes[v.venue_type];
    const name = v.year === null ? type : fill(c.versionName, { type, year: v.year });
    const doi = v.doi === null ? '' : ` · DOI <a class="version-doi" href="${escapeHtml(`https://doi.org/${encodeURI(v.doi)}`)}" rel="noopener">${escapeHtml(v.doi)}</a>`;
    const isSelf = v.id === record.id;
    const label = isSelf
      ? `<span class="version-name">${escapeHtml(name)}</span> <span class="version-self">${escapeHtml(c.thisVersion)}</span>`
      : `<a class="version-name" href="${escapeHtml(paperHref(v.id, lang))}">${escapeHtml(name)}</a>`;
    return `<li class="version"${isSelf ? ' aria-current="page"' : ''} data-id="${escapeHtml(v.id)}"${attr('data-venue-type', v.venue_type)}>${label}${doi}</li>`;
  });
  return `<section id="versions" class="paper-versions" aria-labelledby="versions-heading">
<h2 id="versions-heading">${escapeHtml(c.versionsHeading)} <span class="count">(${count(lang, all.length)})</span></h2>
<p>${escapeHtml(c.versionsIntro)}</p>
<ol class="version-list">${items.join('')}</ol>
</section>
`;
}

type ListKind = 'references' | 'cited_by' | 'related';

/** One connections section: heading (with its count when known), a sentence, and the list the script fills. */
function listSection(record: PublicPaper, lang: SiteLang, kind: ListKind, heading: string, intro: string, total: number | null): string {
  const c = MESSAGES[lang].connections;
  const id = kind.replace('_', '-');
  const path = `/api/v1/papers/${encodeURIComponent(record.id)}/${id}`;
  // Paged lists have Previous and Next, hidden until the script has a page to go to.
  const pager = kind === 'related' ? ''
    : `<nav class="pager connections-pager" aria-label="${escapeHtml(c.pagerLabel[kind])}" hidden>
<button type="button" class="pager-button" data-page="previous" hidden>${escapeHtml(c.previous)}<span class="visually-hidden">${escapeHtml(c.pageSuffix[kind])}</span></button>
<button type="button" class="pager-button" data-page="next" hidden>${escapeHtml(c.next)}<span class="visually-hidden">${escapeHtml(c.pageSuffix[kind])}</span></button>
</nav>`;
  return `<section id="${id}" class="paper-connections" aria-labelledby="${id}-heading" data-kind="${kind}" data-source="${escapeHtml(path)}"${attr('data-total', total)}>
<h2 id="${id}-heading">${escapeHtml(heading)}${total === null ? '' : ` <span class="count">(${count(lang, total)})</span>`}</h2>
<p class="connections-intro">${escapeHtml(intro)}</p>
<p class="connections-status" role="status" aria-live="polite"></p>
<ol class="connections-list"></ol>
${pager}</section>
`;
}

/**
 * The References, Cited by and Related papers sections, with a word for readers without script.
 * `asOf`: the page is as of this release, and the script reads the lists as of it too (`data-as-of`).
 */
export function connectionsHtml(record: PublicPaper, lang: SiteLang, asOf?: string): string {
  const c = MESSAGES[lang].connections;
  const citedByIntro = counted(lang, c.citedByIntro, record.cited_by_corpus_count)
    + (record.cited_by_count === null ? '' : `${lang === 'ja' ? '' : ' '}${counted(lang, c.citedBySource, record.cited_by_count)}`);
  return `<div id="connections" class="paper-page-connections" data-lang="${lang}"${attr('data-as-of', asOf)}>
<noscript><p class="notice">${c.noscriptHtml}</p></noscript>
${listSection(record, lang, 'references', c.referencesHeading, counted(lang, c.referencesIntro, record.references_count), record.references_count)}${listSection(record, lang, 'cited_by', c.citedByHeading, citedByIntro, record.cited_by_corpus_count)}${listSection(record, lang, 'related', c.relatedHeading, c.relatedIntro, null)}</div>`;
}
