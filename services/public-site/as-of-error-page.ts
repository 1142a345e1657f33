import type { Request, Response } from 'express';
import type { ProblemError } from '../../shared/errors/problem';
import { applyHtmlHeaders } from './html-headers';
import { escapeHtml } from './html-text';
import { MESSAGES, pageLanguage, withLanguage, type SiteLang } from './i18n/site-language';
import { sitePage, type AssetUrl } from './site-page.html';

export interface AsOfErrorOptions {
  lang: SiteLang;
  /** What the release could not answer: 400 `invalid_as_of`/`unknown_release`, 410 `release_expired`, 503 `release_preparing`. */
  problem: ProblemError;
  /** The paper page without `as_of` (the record now). */
  currentPath: string;
  demo: boolean;
  assetUrl?: AssetUrl;
}

/**
 * The page for people when a paper page's `?as_of=` cannot be answered: what is wrong (the problem's
 * own detail, which names the latest or the oldest kept release), and the ways on: the paper now, the search.
 */
export function renderAsOfErrorPage(options: AsOfErrorOptions): string {
  const m = MESSAGES[options.lang].asOfError;
  const { status, detail } = options.problem;
  const title = status === 410 ? m.expiredTitle : status === 503 ? m.preparingTitle : m.invalidTitle;
  const body = `<main id="as-of-error" class="wrap not-found" data-status="${status}" data-code="${escapeHtml(options.problem.code)}">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(m.text)}</p>
<p id="as-of-error-detail" lang="en">${escapeHtml(detail)}</p>
<p><a id="as-of-error-current" href="${escapeHtml(withLanguage(options.currentPath, options.lang))}">${escapeHtml(m.currentLink)}</a></p>
<p><a id="as-of-error-search" href="${escapeHtml(withLanguage('/', options.lang))}">${escapeHtml(m.searchLink)}</a></p>
</main>`;
  return sitePage({ ...options, path: options.currentPath, title: `${title} — ${MESSAGES[options.lang].siteName}`, head: '<meta name="robots" content="noindex">' }, body);
}

/**
 * Sends that page with the problem's status (and its headers: `Retry-After` on a 503), in the
 * request's language; not cached, as the site's 404 page is not.
 */
export function sendAsOfErrorPage(req: Request, res: Response, options: Omit<AsOfErrorOptions, 'lang'>): void {
  const page = renderAsOfErrorPage({ ...options, lang: pageLanguage(req) });
  applyHtmlHeaders(res);
  for (const [name, value] of Object.entries(options.problem.headers)) res.setHeader(name, value);
  res.setHeader('Vary', 'Accept-Language');
  res.setHeader('Content-Length', Buffer.byteLength(page));
  res.status(options.problem.status).end(req.method === 'HEAD' ? undefined : page);
}
