import { Router } from 'express';
import { ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import { SEARCH_CACHE_CONTROL, sendCacheable } from '../../shared/http/cacheable-response';
import { attachmentDisposition } from '../../shared/http/content-disposition';
import { jsonBytes, sendJson } from '../../shared/http/json-response';
import { plainGet } from '../../shared/http/plain-route';
import { noQueryParams, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { answerBasis, AS_OF_CACHE_CONTROL, keywordIndexFor, type AnswerBasis, type Releases } from '../../modules/releases';
import { PUBLIC_PAPER_CSV_COLUMNS } from '../../shared/papers/public-paper';
import { pageDownload, pageFormatOf } from '../../modules/citations';
import { buildOpenApiDocument } from './openapi';
import type { PaperSearchService } from './paper-search.service';
import { parseSearchParams } from './search-params';
import { SEARCH_PATH } from './search.agents';

export function searchRoutes(deps: { service: PaperSearchService; releases: Releases; publicBaseUrl: string; logger: Logger }): Router {
  const router = Router();
  const openApi = JSON.stringify(buildOpenApiDocument(deps.publicBaseUrl));

  // A plain route: the public door calls it without express (shared/http/plain-route.ts).
  plainGet(router, SEARCH_PATH, async (req, res, query) => {
    const params = parseSearchParams(query);
    const format = pageFormatOf(params.format, req.headers.accept);
    let basis: AnswerBasis;
    let page: Awaited<ReturnType<PaperSearchService['page']>>;
    try {
      basis = await answerBasis(deps.releases, params.asOf);
      page = await deps.service.page(params, keywordIndexFor(deps.releases, basis, deps.service.index));
    } catch (err) {
      throw unavailable(err);
    }
    basis.label(res);
    res.setHeader('Cache-Control', basis.view ? AS_OF_CACHE_CONTROL : SEARCH_CACHE_CONTROL);
    // The answer depends on Accept (a citation file or CSV when it asks for one), so caches must key by it too; a problem does not.
    res.setHeader('Vary', 'Accept');
    if (format === 'json') return sendJson(req, res, jsonBytes(page.envelope));
    const file = pageDownload(format, { papers: page.papers, records: page.envelope.results }, { publicBaseUrl: deps.publicBaseUrl, csvColumns: PUBLIC_PAPER_CSV_COLUMNS, release: basis.version });
    sendCacheable(req, res, file.body, {
      'Content-Type': file.contentType,
      'Content-Disposition': attachmentDisposition('search', params.query || (params.author ?? ''), file.extension),
      'X-Content-Type-Options': 'nosniff',
    }, null);
  });

  router.get('/openapi.json', (req, res) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(openApi);
  });

  return router;
}

/** A fault of the search backend is a 503 the client may retry; a problem the search raised stays as it is. */
const unavailable = (err: unknown): ProblemError =>
  err instanceof ProblemError ? err : serviceUnavailable('search_unavailable', 'The search backend is unavailable; retry in a moment.').because(err);
