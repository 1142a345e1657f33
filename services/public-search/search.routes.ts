import { Router } from 'express';
import { ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import { SEARCH_CACHE_CONTROL } from '../../shared/http/cacheable-response';
import { jsonBytes, sendJson } from '../../shared/http/json-response';
import { plainGet } from '../../shared/http/plain-route';
import { noQueryParams, parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { answerBasis, AS_OF_CACHE_CONTROL, keywordIndexFor, type AnswerBasis, type Releases } from '../../modules/releases';
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
    let body: Buffer;
    let basis: AnswerBasis;
    try {
      basis = await answerBasis(deps.releases, params.asOf);
      body = jsonBytes(await deps.service.search(params, keywordIndexFor(deps.releases, basis, deps.service.index)));
    } catch (err) {
      if (err instanceof ProblemError) throw err;
      throw serviceUnavailable('search_unavailable', 'The search backend is unavailable; retry in a moment.').because(err);
    }
    basis.label(res);
    res.setHeader('Cache-Control', basis.view ? AS_OF_CACHE_CONTROL : SEARCH_CACHE_CONTROL);
    sendJson(req, res, body);
  });

  router.get('/openapi.json', (req, res) => {
    parseQuery(noQueryParams, req.query as RawQuery);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(openApi);
  });

  return router;
}
