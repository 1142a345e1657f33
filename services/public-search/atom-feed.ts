import type { PublicPaper } from '../../shared/papers/public-paper';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
/** Entries in a feed: the newest papers matching its query. */
export const FEED_SIZE = 20;

/** XML 1.0 text: the five special characters escaped, characters XML cannot hold dropped. */
const xml = (text: string) =>
  text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const titleOf = (p: PublicPaper) => p.title ?? p.title_en ?? p.title_ja ?? p.id;

/** The epoch when nothing says otherwise: a feed's `updated` must not change while its content does not (it is cached by ETag). */
const EPOCH = '1970-01-01T00:00:00.000Z';

export interface FeedOptions {
  /** The feed's own address (its id and rel="self"). */
  selfUrl: string;
  /** The search page showing the same query (rel="alternate"). */
  pageUrl: string;
  title: string;
  siteName: string;
}

/**
 * An Atom 1.0 feed (RFC 4287) of papers, newest first: each entry's id and link are the paper's page,
 * `updated` its last change, `published` its publication date when known, its authors, topic and tags
 * as categories, and its summary as the record carries it (text, never markup).
 */
export function atomFeed(papers: readonly PublicPaper[], options: FeedOptions): string {
  const updated = papers.reduce((newest, p) => (p.updated_at && p.updated_at > newest ? p.updated_at : newest), EPOCH);
  const entries = papers.map((p) =>
    [
      '  <entry>',
      `    <id>${xml(p.url)}</id>`,
      `    <title type="text">${xml(titleOf(p))}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(p.url)}"/>`,
      p.doi ? `    <link rel="related" href="${xml(p.citation_url)}"/>` : '',
      `    <updated>${xml(p.updated_at ?? EPOCH)}</updated>`,
      p.year ? `    <published>${p.year}-01-01T00:00:00Z</published>` : '',
      ...p.authors.map((name) => `    <author><name>${xml(name)}</name></author>`),
      ...(p.topic ? [`    <category term="${xml(p.topic)}"/>`] : []),
      ...p.tags.map((tag) => `    <category term="${xml(tag)}"/>`),
      p.abstract ? `    <summary type="text">${xml(p.abstract)}</summary>` : '',
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(options.selfUrl)}</id>`,
    `  <title type="text">${xml(options.title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(options.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(options.pageUrl)}"/>`,
    // Entries without authors take the feed's (RFC 4287 §4.1.1: every entry has an author, its own or the feed's).
    `  <author><name>${xml(options.siteName)}</name></author>`,
    `  <generator>${xml(options.siteName)}</generator>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
