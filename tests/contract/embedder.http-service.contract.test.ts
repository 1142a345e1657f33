import { HttpEmbedder } from '../../modules/embeddings/embedder.http';
import { testConfig } from '../support/test-run';
import { embedderContract } from './embedder.contract';

/** The EMBEDDING_* settings of this run, as the service would be configured (URL, API shape, model, key, dimensions, prefixes). */
const settings = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('EMBEDDING_')));
const url = settings.EMBEDDING_URL;

(url ? describe : describe.skip)(
  url ? `Embedder contract: the HTTP embedder against the real service at EMBEDDING_URL (${url})` : 'Embedder contract: the HTTP embedder against a real service — skipped: EMBEDDING_URL is not set',
  () => {
    const config = testConfig(settings);
    embedderContract({
      make: async () => new HttpEmbedder({ ...config.embedding, url: config.embedding.url! }),
      dimensions: config.embedding.dimensions,
      refusesAfterClose: true,
    });
  },
);
