import { Router } from 'express';
import { sendCacheable } from '../../shared/http/cacheable-response';
import { attachmentDisposition } from '../../shared/http/content-disposition';
import type { RawQuery } from '../../shared/http/request-schema';
import { answerBasis, type Releases } from '../../modules/releases';
import { releaseSources } from './release-sources';
import { pageDownload, pageFormatOf } from '../../modules/citations';
import { parseSemanticParams } from './semantic-params';
import { SEMANTIC_PAPER_CSV_COLUMNS } from './semantic-paper';
import type { SemanticSearchService } from './semantic-search.service';

/**
 * `GET /api/v1/papers/search` on the data-API door (the public door has its own, different search):
 * JSON, or the page's papers as a citation file or its records as CSV (`format`, else Accept).
 */
export function semanticRoutes(service: SemanticSearchService, releases: Releases, publicBaseUrl: string): Router {
  const router = Router();
  router.get('/api/v1/papers/search', async (req, res) => {
    const params = parseSemanticParams(req.query as RawQuery);
    const format = pageFormatOf(params.format, req.headers.accept);
    const basis = await answerBasis(releases, params.asOf);
    const page = await service.page(params, basis.view && releaseSources(releases, basis.view));
    basis.label(res);
    // The answer depends on Accept (a citation file or CSV when it asks for one); a problem does not.
    res.setHeader('Vary', 'Accept');
    if (format === 'json') return void res.json(page.answer);
    const file = pageDownload(format, { papers: page.papers, records: page.answer.data }, { publicBaseUrl, csvColumns: SEMANTIC_PAPER_CSV_COLUMNS, release: basis.version });
    // The data API keeps no shared cache: no Cache-Control, as its JSON answers; the ETag still lets a client revalidate.
    sendCacheable(
      req,
      res,
      file.body,
      { 'Content-Type': file.contentType, 'Content-Disposition': attachmentDisposition('search', params.query || (params.author ?? ''), file.extension), 'X-Content-Type-Options': 'nosniff' },
      null,
    );
  });
  return router;
}
