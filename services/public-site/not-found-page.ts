import type { Request, Response } from 'express';
import { applyHtmlHeaders } from './html-headers';
import { escapeHtml } from './html-text';
import { MESSAGES, pageLanguage, withLanguage, type SiteLang } from './i18n/site-language';
import { sitePage, type AssetUrl } from './site-page.html';

export interface NotFoundOptions {
  lang: SiteLang;
  /** A paper address (`/papers/…`) or any other page. */
  kind: 'paper' | 'page';
  path: string;
  demo: boolean;
  assetUrl?: AssetUrl;
}

/** The 404 page for people: what is missing, in the reader's language, and the way to the search. */
export function renderNotFoundPage(options: NotFoundOptions): string {
  const m = MESSAGES[options.lang].notFound;
  const [title, text] = options.kind === 'paper' ? [m.paperTitle, m.paperText] : [m.pageTitle, m.pageText];
  const body = `<main id="not-found" class="wrap not-found">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a id="not-found-search" href="${escapeHtml(withLanguage('/', options.lang))}">${escapeHtml(m.link)}</a></p>
</main>`;
  return sitePage({ ...options, title: `${title} — ${MESSAGES[options.lang].siteName}`, head: '<meta name="robots" content="noindex">' }, body);
}

/**
 * Sends the 404 page, in the request's language. Not cached by shared caches (a 404 is not kept by
 * the edge cache either), and it varies with Accept-Language when `?hl=` does not choose.
 */
export function sendNotFoundPage(req: Request, res: Response, options: Omit<NotFoundOptions, 'lang' | 'path'>): void {
  const page = renderNotFoundPage({ ...options, lang: pageLanguage(req), path: req.path });
  applyHtmlHeaders(res);
  res.setHeader('Vary', 'Accept-Language');
  res.setHeader('Content-Length', Buffer.byteLength(page));
  res.status(404).end(req.method === 'HEAD' ? undefined : page);
}
