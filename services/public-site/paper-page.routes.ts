import { Router, type Request, type Response } from 'express';
import { notFound, serviceUnavailable } from '../../shared/errors/problem';
import type { Paper } from '../../shared/papers/paper.schema';
import type { PaperRepository } from '../../modules/papers';
import { sendCacheable } from '../../shared/http/cacheable-response';
import { BIBTEX_CONTENT_TYPE, citationFileName, citationSourceOf, CSL_JSON_CONTENT_TYPE, RIS_CONTENT_TYPE, toBibtex, toCslJson, toRis, type CitationSource } from '../../modules/citations';
import { renderPaperPage, type AssetUrl } from './paper-page.html';
import { sendHtmlPage } from './html-response';
import { chosenLanguage, pageLanguage } from './i18n/site-language';
import { sendNotFoundPage } from './not-found-page';

/** The citation downloads: `/papers/{id}.{extension}`. */
const FORMATS = {
  bib: { contentType: BIBTEX_CONTENT_TYPE, render: toBibtex },
  ris: { contentType: RIS_CONTENT_TYPE, render: toRis },
  json: { contentType: CSL_JSON_CONTENT_TYPE, render: toCslJson },
} as const;
type Format = keyof typeof FORMATS;

/**
 * What a paper id can look like: ids are `p_` and a base64url hash (paper-input.ts); the wider set
 * keeps ids of other origins working. Anything else cannot be a paper and is not looked up.
 */
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const FILE = /^\/([^/]+?)(?:\.(bib|ris|json))?$/;

/** The id and format a path under `/papers` names, or undefined when it names none (malformed escapes included). */
export function parsePaperPath(path: string): { id: string; format: Format | 'html' } | undefined {
  const match = FILE.exec(path);
  if (!match) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return ID.test(id) ? { id, format: (match[2] as Format | undefined) ?? 'html' } : undefined;
}

export interface PaperPageDeps {
  papers: Pick<PaperRepository, 'findByIds'>;
  publicBaseUrl: string;
  /** Versioned asset addresses (SiteAssets.url); plain `/assets/…` when not given. */
  assetUrl?: AssetUrl;
  /** The corpus is the generated demo (DEMO_DATA): the 404 page says so (a paper page knows from its record). */
  demo?: boolean;
}

/**
 * `GET /papers/{id}`: the paper's page (the record's `url`); `GET /papers/{id}.bib|.ris|.json`: its
 * citation. Read from Postgres, the source of truth, so a page exists as soon as its paper does
 * (the search index may lag). Paths are matched here rather than by an express parameter, which
 * would answer a malformed escape (`%E0%A4%A`) with 400: any path that names no paper is a 404.
 */
export function paperPageRoutes(deps: PaperPageDeps): Router {
  const router = Router();

  const load = async (id: string): Promise<Paper | undefined> => {
    try {
      return (await deps.papers.findByIds([id]))[0];
    } catch (err) {
      throw serviceUnavailable('papers_unavailable', 'The paper store is unavailable; retry in a moment.').because(err);
    }
  };

  // Not `router.use('/papers', …)`: a mounted router rewrites req.url while it answers, and the access
  // log and the edge cache read req.url when the response ends.
  router.use(async (req: Request, res: Response, next: () => void) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^\/papers(?:\/|$)/.test(req.path)) return next();
    const rest = req.path.slice('/papers'.length);
    const target = parsePaperPath(rest);
    const format = target?.format ?? (/\.(bib|ris|json)$/.test(rest) ? 'file' : 'html');
    req.routeLabel = format === 'html' ? '/papers/:id' : `/papers/:id.${format === 'file' ? 'ext' : format}`;
    const paper = target && (await load(target.id));
    if (!target || !paper) {
      if (format !== 'html') throw notFound(`There is no paper at ${req.originalUrl.split('?')[0]}.`);
      return sendNotFoundPage(req, res, { kind: 'paper', demo: deps.demo ?? false, assetUrl: deps.assetUrl });
    }
    const source: CitationSource = citationSourceOf(paper, deps.publicBaseUrl);
    if (target.format === 'html') {
      // The reader's language: `?hl=` (then the URL names the page, and shared caches may keep it) or Accept-Language.
      return sendHtmlPage(req, res, renderPaperPage(source, { lang: pageLanguage(req), assetUrl: deps.assetUrl }), chosenLanguage(req) === undefined);
    }
    const { contentType, render } = FORMATS[target.format];
    sendCacheable(req, res, render(source), {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${citationFileName(source.record, target.format)}"`,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return router;
}
