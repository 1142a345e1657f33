import { dateParts, mainTitle, type CitationSource } from '../../modules/citations';
import { attr, httpUrl, jsonForScript } from './html-text';

/**
 * The `citation_*` meta tags Google Scholar (Highwire Press tags) and Zotero's embedded-metadata
 * translator read, in the head of a paper page. Values are escaped attribute values.
 */
export function citationMetaTags(source: CitationSource): string {
  const { record, paper } = source;
  const parts = dateParts(source);
  const tags: Array<[string, string | null | undefined]> = [
    ['citation_title', mainTitle(record)],
    ...record.authors.map((a): [string, string] => ['citation_author', a]),
    // Google Scholar's form: the full date as YYYY/MM/DD, else the year alone.
    ['citation_publication_date', parts.length === 0 ? null : parts.map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('/')],
    ['citation_doi', record.doi],
    ['citation_journal_title', record.venue],
    ['citation_conference_title', record.venue_type === 'conference' ? record.venue : null],
    ['citation_pdf_url', httpUrl(paper.pdf_url)],
    ['citation_language', record.lang],
    ['citation_keywords', record.tags.length > 0 ? record.tags.join('; ') : null],
    ['citation_abstract_html_url', record.url],
    ['citation_public_url', record.url],
    ['description', record.abstract],
  ];
  return tags
    .filter((t): t is [string, string] => typeof t[1] === 'string' && t[1] !== '')
    .map(([name, content]) => `<meta${attr('name', name)}${attr('content', content)}>`)
    .join('\n');
}

/** The paper as a schema.org ScholarlyArticle, for search engines that read JSON-LD. */
export function scholarlyArticle(source: CitationSource): Record<string, unknown> {
  const { record, paper } = source;
  const parts = dateParts(source);
  const title = mainTitle(record);
  const otherTitles = [record.title_ja, record.title_en].filter((t): t is string => t !== null && t !== title);
  const article: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    '@id': record.url,
    url: record.url,
    mainEntityOfPage: record.url,
    headline: title,
    name: title,
    alternateName: otherTitles.length > 0 ? otherTitles : undefined,
    author: record.authors.map((name) => ({ '@type': 'Person', name })),
    datePublished: parts.length === 0 ? undefined : parts.map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-'),
    dateModified: record.updated_at ?? undefined,
    inLanguage: record.lang ?? undefined,
    abstract: record.abstract ?? undefined,
    keywords: record.tags.length > 0 ? record.tags : undefined,
    about: record.topic ?? undefined,
    isPartOf: record.venue ? { '@type': record.venue_type === 'journal' ? 'Periodical' : 'CreativeWork', name: record.venue } : undefined,
    identifier: record.doi ? { '@type': 'PropertyValue', propertyID: 'DOI', value: record.doi } : undefined,
    sameAs: [record.doi ? `https://doi.org/${record.doi}` : null, httpUrl(record.source_url)].filter((u): u is string => u !== null),
    encoding: httpUrl(paper.pdf_url) ? { '@type': 'MediaObject', contentUrl: httpUrl(paper.pdf_url), encodingFormat: 'application/pdf' } : undefined,
  };
  return Object.fromEntries(Object.entries(article).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
}

/** The JSON-LD block; its JSON escapes `<`, so no value can close the script element. */
export const jsonLdScript = (source: CitationSource) => `<script type="application/ld+json">${jsonForScript(scholarlyArticle(source))}</script>`;
