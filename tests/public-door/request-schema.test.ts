import { z } from 'zod';
import { parseSearchParams } from '../../services/public-search/search-params';
import { parseSemanticParams } from '../../services/semantic-search/semantic-params';
import { ProblemError } from '../../shared/errors/problem';
import { bodyField, coded, text, wholeNumber } from '../../shared/http/param-schemas';
import { noQueryParams, parseBody, parseQuery, UNKNOWN_FIELD_CODE } from '../../shared/http/request-schema';

/** The adapter between request schemas and problems: codes from metadata, order of fields, the text rule. */
describe('request schemas', () => {
  const problem = (parse: () => unknown) => {
    try {
      parse();
    } catch (err) {
      if (err instanceof ProblemError) return { status: err.status, code: err.code, detail: err.detail };
      throw err;
    }
    throw new Error('parsed without a problem');
  };

  describe('the public search query', () => {
    it.each([
      [{}, 'missing_query'],
      [{ q: 'a' }, 'missing_query'],
      [{ q: '  x ' }, 'missing_query'],
      [{ q: ['ab', 'cd'] }, 'missing_query'],
      [{ q: 'ab\u0000' }, 'missing_query'],
      [{ q: 'x'.repeat(501) }, 'query_too_long'],
      [{ q: 'aa bb cc dd ee ff' }, 'too_many_terms'],
      [{ q: 'carbon x' }, 'term_too_short'],
      [{ q: 'carbon', topic: 'nope' }, 'invalid_topic'],
      [{ q: 'carbon', topic: ['esg', 'ev'] }, 'invalid_topic'],
      [{ q: 'carbon', lang: 'fr' }, 'invalid_lang'],
      [{ q: 'carbon', lang: '\ud800' }, 'invalid_lang'],
      [{ q: 'carbon', limit: '0' }, 'invalid_limit'],
      [{ q: 'carbon', limit: '51' }, 'invalid_limit'],
      [{ q: 'carbon', limit: '1.5' }, 'invalid_limit'],
      [{ q: 'carbon', limit: ['5', '6'] }, 'invalid_limit'],
      [{ q: 'carbon', offset: '-1' }, 'invalid_offset'],
      [{ q: 'carbon', offset: '9995', limit: '10' }, 'invalid_offset'],
    ])('%j is %s', (query, code) => {
      expect(problem(() => parseSearchParams(query))).toMatchObject({ status: 400, code });
    });

    it('reports the first wrong parameter in the order q, topic, lang, limit, offset', () => {
      expect(problem(() => parseSearchParams({ q: 'a', limit: 'x', lang: 'x' })).code).toBe('missing_query');
      expect(problem(() => parseSearchParams({ q: 'ab', limit: 'x', lang: 'x', topic: 'x' })).code).toBe('invalid_topic');
      expect(problem(() => parseSearchParams({ q: 'ab', limit: 'x', lang: 'x' })).code).toBe('invalid_lang');
      expect(problem(() => parseSearchParams({ q: 'ab', limit: 'x', offset: 'y' })).code).toBe('invalid_limit');
    });

    it('words the problem for a person, naming the parameter', () => {
      expect(problem(() => parseSearchParams({ q: 'ab', limit: ['1', '2'] })).detail).toBe('limit must be given once, as a plain value.');
      expect(problem(() => parseSearchParams({ q: 'ab', limit: '99' })).detail).toBe('limit must be a whole number from 1 to 50.');
      expect(problem(() => parseSearchParams({ q: 'ab', lang: 'fr' })).detail).toBe('lang must be one of ja, en, all; got "fr".');
      expect(problem(() => parseSearchParams({ q: 'ab', lang: 'j\u0000' })).detail).toBe('lang holds a NUL character or an unpaired surrogate.');
      expect(problem(() => parseSearchParams({ q: 'carbon x' })).detail).toContain('"x"');
    });

    it('refuses unknown parameters first, naming them and the accepted ones, and ignores the cache-buster _', () => {
      const unknown = problem(() => parseSearchParams({ q: 'a', limt: '5', other: '' }));
      expect(unknown).toMatchObject({ status: 400, code: 'unknown_parameter' });
      expect(unknown.detail).toMatch(/^limt, other are not parameters of this endpoint; accepted: q, topic, lang, limit, offset, highlight, /);
      expect(problem(() => parseQuery(noQueryParams, { x: '1' })).detail).toBe('x is not a parameter of this endpoint; it takes no query parameters.');
      // The detail stays short whatever the URL holds: five names at most, each cut at 64 characters.
      const many = problem(() => parseQuery(noQueryParams, Object.fromEntries(['a', 'x'.repeat(100), 'b', 'c', 'd', 'e', 'f'].map((k) => [k, '1']))));
      expect(many.detail).toBe(`a, ${'x'.repeat(64)}…, b, c, d and 2 more are not parameters of this endpoint; it takes no query parameters.`);
      expect(parseQuery(noQueryParams, { _: '1700000000' })).toEqual({});
      expect(parseSearchParams({ q: 'ab', _: ['1', '2'] })).toMatchObject({ query: 'ab' });
    });

    it('treats empty parameters as absent and applies the defaults', () => {
      expect(parseSearchParams({ q: ' 水素 輸送 ', topic: '', lang: '', limit: '', offset: '' })).toEqual({
        query: ' 水素 輸送 ',
        terms: ['水素', '輸送'],
        topic: null,
        lang: 'all',
        limit: 10,
        offset: 0,
        highlight: false,
        sort: 'relevance',
        facets: [],
      });
      expect(parseSearchParams({ q: 'co2', topic: 'ccus', lang: 'ja', limit: '50', offset: '9950' })).toMatchObject({ topic: 'ccus', limit: 50, offset: 9950 });
    });
  });

  describe('the data API paper search query', () => {
    it('checks the window of the mode before min_score, lang and shelf, and the terms last', () => {
      expect(problem(() => parseSemanticParams({ q: 'ab', offset: '290', limit: '20', lang: 'x' })).code).toBe('invalid_offset');
      expect(parseSemanticParams({ q: 'ab', mode: 'keyword', offset: '290', limit: '20', lang: 'en' })).toMatchObject({ offset: 290, langs: ['en', 'mul'] });
      expect(problem(() => parseSemanticParams({ q: 'a b c d e f', mode: 'keyword', shelf: 'x' })).code).toBe('invalid_shelf');
      // Keyword mode takes any number of terms (spec 001 §4.7), each of at least 2 characters.
      expect(problem(() => parseSemanticParams({ q: 'a b c d e f', mode: 'keyword' })).code).toBe('term_too_short');
      expect(parseSemanticParams({ q: 'aa bb cc dd ee ff gg hh', mode: 'keyword' })).toMatchObject({ terms: ['aa', 'bb', 'cc', 'dd', 'ee', 'ff', 'gg', 'hh'] });
      expect(parseSemanticParams({ q: Array(333).fill('aa').join(' '), mode: 'keyword' }).terms).toHaveLength(333);
      expect(parseSemanticParams({ q: 'a b c d e f' })).toMatchObject({ mode: 'vector', terms: [], limit: 20, offset: 0, minScore: 0, lang: 'all' });
    });
  });

  describe('bodies', () => {
    const body = z
      .strictObject({
        email: bodyField('email', text()),
        limit: coded(z.number().int().nullable().optional(), 'invalid_field:limit'),
      })
      .meta({ [UNKNOWN_FIELD_CODE]: 'invalid_field:{field}' });

    it('gives missing_field for absent or null, invalid_field for a wrong value or an unknown field', () => {
      expect(problem(() => parseBody(body, {})).code).toBe('missing_field:email');
      expect(problem(() => parseBody(body, { email: null })).code).toBe('missing_field:email');
      expect(problem(() => parseBody(body, { email: 5 }))).toMatchObject({ code: 'invalid_field:email', detail: 'email must be a string.' });
      expect(problem(() => parseBody(body, { email: 'a', limit: 1.5 })).code).toBe('invalid_field:limit');
      expect(problem(() => parseBody(body, { email: 'a', extra: 1 })).code).toBe('invalid_field:extra');
      expect(parseBody(body, { email: 'a', limit: null })).toEqual({ email: 'a', limit: null });
    });

    it('reads whole numbers of a query as numbers', () => {
      expect(parseQuery(z.object({ n: wholeNumber(1, 3) }), { n: '3' })).toEqual({ n: 3 });
    });
  });
});
