import { OpenAlexSource } from '../../services/ingest-worker/sources/openalex.source';
import { openAlexWork, startOpenAlexServer, type OpenAlexServer } from '../ingest/openalex-server';
import { paperSourceContract, type SourceWork } from './paper-source.contract';

const source = (baseUrl: string) => new OpenAlexSource({ baseUrl, filter: 'type:article', perPage: 3, timeoutMs: 5_000, attempts: 2, backoffMs: 0 });

describe('PaperSource contract: OpenAlex works API (a loopback server speaking it)', () => {
  paperSourceContract(async () => {
    const servers: OpenAlexServer[] = [];
    const serve = async (pages: unknown[][], failures: number[] = []) => {
      const server = await startOpenAlexServer(pages, failures);
      servers.push(server);
      return server.url;
    };
    return {
      async holding(works: readonly SourceWork[]) {
        const items = works.map((w) =>
          openAlexWork(w.n, w.abstract, {
            id: `https://openalex.org/${w.openalex_id}`,
            title: w.title,
            doi: w.doi,
            publication_year: w.year,
            publication_date: w.publication_date,
            authorships: w.authors.map((name) => ({ author: { display_name: name } })),
            referenced_works: w.references.map((ref) => `https://openalex.org/${ref}`),
          }),
        );
        const pages = [items.slice(0, 3), items.slice(3, 6), items.slice(6)];
        return source(await serve(pages));
      },
      // Every attempt answered 503.
      broken: async () => source(await serve([[]], [503, 503, 503])),
      close: async () => void (await Promise.all(servers.map((s) => s.close()))),
    };
  });
});
