import { buildOpenApiDocument } from '../../services/public-search/openapi';
import { SEARCH_LIMITS } from '../../services/public-search/search-params';
import { TOPIC_SLUGS } from '../../shared/papers/paper';

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument('https://papers.example.org');
  const operation = doc.paths['/api/v1/papers/search'].get;
  const param = (name: string) => operation.parameters.find((p) => p.name === name)!;

  it('is a valid OpenAPI 3.1 document according to the official schema', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const result = await new Validator().validate(doc as unknown as Parameters<InstanceType<typeof Validator>['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });

  it('describes one path with operationId searchPapers and the five parameters', () => {
    expect(Object.keys(doc.paths)).toEqual(['/api/v1/papers/search']);
    expect(operation.operationId).toBe('searchPapers');
    expect(operation.parameters.map((p) => p.name)).toEqual(['q', 'topic', 'lang', 'limit', 'offset']);
  });

  it('states the limits and defaults the service applies', () => {
    expect(param('limit').schema).toMatchObject({ minimum: 1, maximum: 50, default: SEARCH_LIMITS.limitDefault });
    expect(SEARCH_LIMITS.limitDefault).toBe(10);
    expect(param('q').schema).toMatchObject({ minLength: 2, maxLength: 500 });
    expect(param('lang').schema).toMatchObject({ enum: ['ja', 'en', 'all'], default: 'all' });
    expect((param('topic').schema as { enum: string[] }).enum).toEqual([...TOPIC_SLUGS]);
  });

  it('documents every error code the service can answer', () => {
    const examples = Object.keys((operation.responses['400'].content['application/problem+json'] as { examples: object }).examples);
    expect(examples.sort()).toEqual(['invalid_lang', 'invalid_limit', 'invalid_offset', 'invalid_topic', 'missing_query', 'query_too_long', 'term_too_short', 'too_many_terms']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '429', '500', '503']));
  });
});
