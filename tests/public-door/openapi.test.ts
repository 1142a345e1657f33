import { buildApiOpenApiDocument } from '../../services/gateway/api-openapi';
import { MODULES } from '../../services/registry';
import { contributionsTo } from '../../shared/runtime/module';
import { buildOpenApiDocument } from '../../services/public-search/openapi';
import { SEARCH_LIMITS } from '../../services/public-search/search-params';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function validateOpenApi31(doc: object) {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  return new Validator().validate(doc as Parameters<InstanceType<typeof Validator>['validate']>[0]);
}

/** Every code of every problem answer of a document, each response's own list read independently: `missing_field:*` for a family. */
function allCodes(doc: Json): string[] {
  const codes = new Set<string>();
  const responseOf = (r: Json): Json => (r.$ref ? doc.components.responses[r.$ref.split('/').pop()] : r);
  for (const item of Object.values(doc.paths as Json)) {
    for (const op of Object.values(item as Json)) {
      for (const r of Object.values((op as Json).responses as Json)) {
        const schema = responseOf(r as Json).content?.['application/problem+json']?.schema.allOf[1].properties.code;
        if (!schema) continue;
        for (const s of [schema, ...(schema.anyOf ?? [])]) {
          for (const code of s.enum ?? []) codes.add(code);
          if (s.pattern) codes.add(s.pattern.replace(/^\^([a-z_]+):.*$/, '$1:*'));
        }
      }
    }
  }
  return [...codes].sort();
}

/** The codes a document's ProblemCode and ProblemCodeFamily schemas list, as allCodes writes them. */
const listedCodes = (doc: Json): string[] =>
  [...doc.components.schemas.ProblemCode.enum, ...(doc.components.schemas.ProblemCodeFamily?.enum ?? []).map((f: string) => `${f}:*`)].sort();

/** The codes a 400 answer of an operation may carry, as its schema states them. */
function codes400(operation: Json): string[] {
  const schema = operation.responses['400'].content['application/problem+json'].schema.allOf[1].properties.code;
  return [...(schema.enum ?? []), ...(schema.anyOf ?? []).flatMap((s: Json) => s.enum ?? [s.pattern])];
}

describe('the public OpenAPI document', () => {
  const doc = buildOpenApiDocument('https://papers.example.org') as Json;
  const operation = doc.paths['/api/v1/papers/search'].get;
  const param = (name: string) => operation.parameters.find((p: Json) => p.name === name);

  it('is a valid OpenAPI 3.1 document according to the official schema', async () => {
    const result = await validateOpenApi31(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });

  it('describes the search (operationId searchPapers, seventeen parameters), one paper by id (getPaper), papers by a list of ids (getPapers), its references, cited-by and related papers (getRelatedPapers), the releases, and the Atom feed (getPapersFeed)', () => {
    expect(Object.keys(doc.paths)).toEqual(['/api/v1/papers/search', '/api/v1/papers/{id}', '/api/v1/papers/batch', '/api/v1/papers/{id}/references', '/api/v1/papers/{id}/cited-by', '/api/v1/papers/{id}/related', '/api/v1/releases', '/feeds/papers.atom']);
    expect(doc.paths['/api/v1/papers/batch'].post.operationId).toBe('getPapers');
    expect(codes400(doc.paths['/api/v1/papers/batch'].post).sort()).toEqual(['^invalid_field:[a-z0-9_]+$', 'invalid_as_of', 'invalid_body', 'invalid_ids', 'missing_field:ids', 'too_many_ids', 'unknown_parameter', 'unknown_release']);
    expect(doc.paths['/api/v1/papers/{id}/related'].get.operationId).toBe('getRelatedPapers');
    expect(doc.paths['/api/v1/papers/{id}/related'].get.parameters.map((p: Json) => p.name)).toEqual(['id', 'topic', 'lang', 'limit', 'year_from', 'year_to', 'since', 'as_of']);
    expect(doc.paths['/feeds/papers.atom'].get.operationId).toBe('getPapersFeed');
    expect(doc.paths['/feeds/papers.atom'].get.parameters.map((p: Json) => p.name)).toEqual(['q', 'topic', 'lang']);
    expect(doc.paths['/api/v1/papers/{id}'].get.operationId).toBe('getPaper');
    expect(operation.operationId).toBe('searchPapers');
    expect(operation.parameters.map((p: Json) => p.name)).toEqual(['q', 'topic', 'lang', 'limit', 'offset', 'highlight', 'facets', 'sort', 'collapse', 'cursor', 'year_from', 'year_to', 'venue_type', 'author', 'since', 'as_of', 'format']);
  });

  it.each([
    ['/api/v1/papers/{id}/references', 'getPaperReferences', 'PaperReferencesPage'],
    ['/api/v1/papers/{id}/cited-by', 'getPaperCitedBy', 'PaperCitedByPage'],
  ])('describes %s: the id, cursor and limit, a page of records (references: oneOf a record or an external reference), and its errors', (path, operationId, component) => {
    const op = doc.paths[path].get;
    expect(op.operationId).toBe(operationId);
    expect(op.parameters.map((p: Json) => `${p.in} ${p.name}`)).toEqual(['path id', 'query limit', 'query cursor', 'query as_of']);
    expect(op.parameters.find((p: Json) => p.name === 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
    expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${component}` });
    const page = doc.components.schemas[component];
    expect(page.required).toEqual(['paper_id', 'total', 'count', 'limit', 'next_cursor', 'results']);
    expect(page.properties.results.items).toEqual(
      operationId === 'getPaperReferences' ? { oneOf: [{ $ref: '#/components/schemas/Paper' }, { $ref: '#/components/schemas/ExternalReference' }] } : { $ref: '#/components/schemas/Paper' },
    );
    expect(codes400(op).sort()).toEqual(['invalid_as_of', 'invalid_cursor', 'invalid_id', 'invalid_limit', 'unknown_parameter', 'unknown_release']);
    expect(Object.keys(op.responses)).toEqual(['200', '400', '404', '410', '414', '429', '431', '500', '502', '503']);
    expect(JSON.stringify(op.responses['503'])).toContain('database_unavailable');
  });

  it('states the limits and defaults the service applies', () => {
    expect(param('limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: SEARCH_LIMITS.limitDefault });
    expect(SEARCH_LIMITS.limitDefault).toBe(10);
    expect(param('offset').schema).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    // q may be left out when author is given (a search by author alone); the description says so.
    expect(param('q')).toMatchObject({ schema: { minLength: 2, maxLength: 500 } });
    expect(param('q').required ?? false).toBe(false);
    expect(param('q').description).toContain('Required unless `author` is given');
    expect(param('lang').schema).toMatchObject({ enum: ['ja', 'en', 'all'], default: 'all' });
    expect(param('topic').schema.enum).toEqual([...TOPIC_SLUGS]);
  });

  it('documents every error code the service can answer, each parameter with its own', () => {
    expect(codes400(operation).sort()).toEqual(['invalid_as_of', 'invalid_author', 'invalid_collapse', 'invalid_cursor', 'invalid_facets', 'invalid_format', 'invalid_highlight', 'invalid_lang', 'invalid_limit', 'invalid_offset', 'invalid_since', 'invalid_sort', 'invalid_topic', 'invalid_venue_type', 'invalid_year_from', 'invalid_year_to', 'missing_query', 'query_too_long', 'term_too_short', 'too_many_terms', 'unknown_parameter', 'unknown_release']);
    expect(Object.keys(operation.responses['400'].content['application/problem+json'].examples).sort()).toEqual(codes400(operation).sort());
    for (const p of operation.parameters) expect(codes400(operation)).toContain(p.schema['x-error-code']);
    expect(Object.keys(operation.responses)).toEqual(['200', '400', '410', '414', '429', '431', '500', '502', '503']);
  });

  it('lists unknown_parameter among the 400 codes of every operation', () => {
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) expect([method, path, codes400(op)]).toEqual([method, path, expect.arrayContaining(['unknown_parameter'])]);
    }
  });

  it('lists every code of its answers in ProblemCode (the typed client\'s union), and the one family of codes naming a field (the batch body\'s)', () => {
    expect(listedCodes(doc)).toEqual(allCodes(doc));
    expect(doc.components.schemas.ProblemCode.enum).toEqual(expect.arrayContaining(['invalid_limit', 'unknown_parameter', 'rate_limit_exceeded', 'not_found', 'search_unavailable']));
    expect(doc.components.schemas.ProblemCodeFamily.enum).toEqual(['invalid_field']);
  });

  it('documents the CORS, rate-limit and cache headers it sends', () => {
    const headers = operation.responses['200'].headers;
    expect(Object.keys(headers)).toEqual(expect.arrayContaining(['Access-Control-Allow-Origin', 'RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Cache-Control', 'X-Request-Id', 'X-Cache']));
    expect(Object.keys(operation.responses['429'].headers)).toContain('Retry-After');
    expect(doc.components.headers['Retry-After'].required).toBe(true);
  });

  it('describes the search page in every format it answers in: JSON, BibTeX, RIS, CSL-JSON and CSV, with Vary: Accept and the file headers', () => {
    const ok = operation.responses['200'];
    expect(Object.keys(ok.content)).toEqual(['application/json', 'application/x-bibtex', 'application/x-research-info-systems', 'application/vnd.citationstyles.csl+json', 'text/csv']);
    expect(Object.keys(ok.headers)).toEqual(expect.arrayContaining(['Vary', 'Content-Disposition', 'ETag', 'X-Content-Type-Options']));
    expect(param('format').schema.enum).toEqual(['json', 'bibtex', 'ris', 'csl-json', 'csv']);
    expect(param('format').description).toContain('`format` wins over `Accept`');
  });
});

describe('the data-API OpenAPI document', () => {
  const doc = buildApiOpenApiDocument(contributionsTo('api', [...MODULES.values()])) as Json;
  const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })));

  it('is a valid OpenAPI 3.1 document according to the official schema', async () => {
    const result = await validateOpenApi31(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('covers every endpoint of spec 001, key applications, key management and itself', () => {
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort()).toEqual(
      [
        'GET /api/v1/companies',
        'GET /api/v1/companies/{code}',
        'GET /api/v1/companies/{code}/reports',
        'GET /api/v1/companies/{code}/gx-metrics',
        'GET /api/v1/reports/{report_id}',
        'GET /api/v1/gx-metrics',
        'GET /api/v1/papers/search',
        'GET /api/v1/papers/export',
        'GET /api/v1/papers/{id}/related',
        'POST /api/v1/papers/recommendations',
        'POST /api/v1/papers/batch',
        'GET /api/v1/papers/changes',
        'GET /api/v1/papers/{id}/references',
        'GET /api/v1/papers/{id}/cited-by',
        'GET /api/v1/releases',
        'GET /api/v1/intelligence-events',
        'POST /api/v1/intelligence-events',
        'GET /api/v1/intelligence-events/{id}',
        'PATCH /api/v1/intelligence-events/{id}',
        'POST /api/keys/applications',
        'GET /api/v1/admin/keys',
        'POST /api/v1/admin/keys',
        'GET /api/v1/admin/keys/{id}',
        'POST /api/v1/admin/keys/{id}/{action}',
        'PATCH /api/v1/admin/keys/{id}/limits',
        'GET /openapi.json',
      ].sort(),
    );
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(operations.length);
  });

  it('asks a Bearer key for every /api/v1 operation and none elsewhere', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { path, op } of operations) {
      expect([path, op.security]).toEqual([path, path.startsWith('/api/v1/') ? [{ bearerAuth: [] }] : []]);
      if (path.startsWith('/api/v1/')) expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '429', '500', '502', '503']));
    }
  });

  it('names the provenance headers on every response, and Retry-After on every 429', () => {
    const responseOf = (r: Json): Json => (r.$ref ? doc.components.responses[r.$ref.split('/').pop()] : r);
    for (const { op } of operations) {
      for (const [status, r] of Object.entries(op.responses as Json)) {
        const headers = Object.keys(responseOf(r as Json).headers ?? {});
        expect(headers).toEqual(expect.arrayContaining(['X-Request-Id', 'X-Dataset-Version', 'X-SNE-Framework-DOI', 'X-Disclaimer']));
        if (status === '429') expect(headers).toContain('Retry-After');
      }
    }
  });

  it('lists unknown_parameter among the 400 codes of every operation, and accepted_parameters in the problem', () => {
    for (const { path, method, op } of operations) expect([method, path, codes400(op)]).toEqual([method, path, expect.arrayContaining(['unknown_parameter'])]);
    expect(doc.components.schemas.Problem.properties.accepted_parameters).toMatchObject({ type: 'array', items: { type: 'string' } });
  });

  it('lists every code of its answers in ProblemCode, and the families of `<family>:<field>` codes in ProblemCodeFamily', () => {
    expect(listedCodes(doc)).toEqual(allCodes(doc));
    expect(doc.components.schemas.ProblemCode.enum).toEqual(expect.arrayContaining(['missing_bearer', 'invalid_api_key', 'key_expired', 'rate_limit_exceeded', 'invalid_mode', 'missing_field:positive']));
    expect(doc.components.schemas.ProblemCodeFamily.enum).toEqual(['invalid_field', 'missing_field']);
  });

  it('lists the code of every parameter and body field among the codes of its 400 answer', () => {
    for (const { path, method, op } of operations) {
      if (!op.responses['400']) continue;
      const documented = codes400(op);
      const fieldCodes: string[] = (op.parameters ?? []).map((p: Json) => p.schema['x-error-code']).filter(Boolean);
      const body = op.requestBody?.content['application/json'].schema;
      for (const field of Object.values((body?.properties ?? {}) as Json)) {
        for (const key of ['x-error-code', 'x-missing-code']) if (field[key]) fieldCodes.push(field[key]);
      }
      for (const code of fieldCodes) {
        const family = code.replace(/:.*/, ':');
        expect([`${method} ${path}`, documented.some((d) => d === code || d.startsWith(`^${family}`))]).toEqual([`${method} ${path}`, true]);
      }
    }
  });
});
