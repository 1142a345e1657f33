import fs from 'node:fs';
import path from 'node:path';
import { buildApiOpenApiDocument } from '../../services/gateway/api-openapi';
import { buildOpenApiDocument } from '../../services/public-search/openapi';
import { MODULES } from '../../services/registry';
import { contributionsTo } from '../../shared/runtime/module';
import { scratchDir } from '../support/test-run';
import { runGx } from './gx-child';

/**
 * `gx openapi public|api` prints the document each door serves, without a database or a listener
 * (the typed client is generated from it: clients/typescript/scripts/generate-types.mjs).
 */
describe('gx openapi', () => {
  const asServed = (doc: object) => JSON.parse(JSON.stringify(doc)) as unknown;

  it('prints the data API document, and the public one naming PUBLIC_BASE_URL as its server, with nothing else running', async () => {
    // An unreachable database: the command must not need one.
    const env = { DATABASE_URL: 'postgres://gx@127.0.0.1:1/none', PUBLIC_BASE_URL: 'https://papers.example.org' };
    const api = await runGx(['openapi', 'api'], env);
    expect([api.code, api.stderr]).toEqual([0, '']);
    expect(JSON.parse(api.stdout)).toEqual(asServed(buildApiOpenApiDocument(contributionsTo('api', [...MODULES.values()]))));
    const pub = await runGx(['openapi', 'public'], env);
    expect(pub.code).toBe(0);
    expect(JSON.parse(pub.stdout)).toEqual(asServed(buildOpenApiDocument('https://papers.example.org')));
  });

  it('writes it into a file with --out, and refuses a door it does not know', async () => {
    const out = path.join(scratchDir('gx-openapi'), 'public.json');
    const written = await runGx(['openapi', 'public', '--out', out], {});
    expect([written.code, written.stdout]).toEqual([0, '']);
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toMatchObject({ openapi: '3.1.0', paths: { '/api/v1/papers/search': expect.any(Object) } });
    const wrong = await runGx(['openapi', 'private'], {});
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("Allowed choices are public, api");
  });
});
