import { Router, type Request, type Response } from 'express';
import { badRequest, notFound, ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import type { Paper } from '../../shared/papers/paper.schema';
import { RELEASE_ID, type PaperRepository } from '../../modules/papers';
import { answerBasis, AS_OF_CACHE_CONTROL, type AnswerBasis, type Releases } from '../../modules/releases';
import { sendCacheable } from '../../shared/http/cacheable-response';
import { BIBTEX_CONTENT_TYPE, citationFileName, citationSourceOf, CSL_JSON_CONTENT_TYPE, RIS_CONTENT_TYPE, toBibtex, toCslJson, toRis, type CitationSource } from '../../modules/citations';
import { renderPaperPage, type AssetUrl } from './paper-page.html';
import { sendHtmlPage } from './html-response';
import { sendAsOfErrorPage } from './as-of-error-page';
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
  /** The dataset releases: a page as of one (`?as_of=`), and the release a page now quotes. */
  releases: Releases;
  publicBaseUrl: string;
  /** Versioned asset addresses (SiteAssets.url); plain `/assets/…` when not given. */
  assetUrl?: AssetUrl;
  /** The corpus is the generated demo (DEMO_DATA): the 404 page says so (a paper page knows from its record). */
  demo?: boolean;
}

/**
 * `as_of` of a paper page, as the API's `as_of` takes it: one release id (400 `invalid_as_of` for
 * anything else, repeated too). Other parameters (`hl`, a campaign's) are not the page's business.
 */
function asOfOf(req: Request): string | undefined {
  const value = req.query.as_of;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !RELEASE_ID.test(value)) {
    throw badRequest('invalid_as_of', 'as_of is a release id: 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit (the X-Dataset-Version of an answer; GET /api/v1/releases lists them).');
  }
  return value;
}

/**
 * `GET /papers/{id}`: the paper's page (the record's `url`); `GET /papers/{id}.bib|.ris|.json`: its
 * citation. Read from Postgres, the source of truth, so a page exists as soon as its paper does
 * (the search index may lag). Each quotes the release it was read as of (`X-Dataset-Version`): with
 * `?as_of=<release>` the record as that release holds it, its links and downloads as of it too;
 * without, the record now and `Releases.currentVersion()`. Paths are matched here rather than by an express parameter, which
 * would answer a malformed escape (`%E0%A4%A`) with 400: any path that names no paper is a 404.
 */
export function paperPageRoutes(deps: PaperPageDeps): Router {
  const router = Router();

  const load = async (id: string, basis: AnswerBasis): Promise<Paper | undefined> => {
    try {
      return (await (basis.view?.corpus ?? deps.papers).findByIds([id]))[0];
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
    let basis: AnswerBasis;
    try {
      basis = await answerBasis(deps.releases, asOfOf(req));
    } catch (err) {
      // A release that cannot answer: a page for people (400, 410, or 503 with Retry-After), problem+json for a download.
      if (format !== 'html' || !(err instanceof ProblemError)) throw err;
      return sendAsOfErrorPage(req, res, { problem: err, currentPath: `/papers${target ? `/${encodeURIComponent(target.id)}` : rest}`, demo: deps.demo ?? false, assetUrl: deps.assetUrl });
    }
    basis.label(res);
    const paper = target && (await load(target.id, basis));
    if (!target || !paper) {
      if (format !== 'html') throw notFound(`There is no paper at ${req.originalUrl.split('?')[0]}.`);
      return sendNotFoundPage(req, res, { kind: 'paper', demo: deps.demo ?? false, assetUrl: deps.assetUrl });
    }
    const source: CitationSource = citationSourceOf(paper, deps.publicBaseUrl, basis.version, basis.view !== undefined);
    if (target.format === 'html') {
      // The reader's language: `?hl=` (then the URL names the page, and shared caches may keep it) or Accept-Language.
      return sendHtmlPage(req, res, renderPaperPage(source, { lang: pageLanguage(req), assetUrl: deps.assetUrl }), chosenLanguage(req) === undefined, basis.view !== undefined);
    }
    const { contentType, render } = FORMATS[target.format];
    sendCacheable(req, res, render(source), {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${citationFileName(source.record, target.format)}"`,
      'X-Content-Type-Options': 'nosniff',
    }, basis.view ? AS_OF_CACHE_CONTROL : undefined);
  });

  return router;
}
