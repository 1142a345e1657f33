import { EMBEDDED_DIMENSIONS, EmbeddedEmbedder } from '../../modules/embeddings/embedder.embedded';
import { LexicalFit } from '../../modules/embeddings/lexical-fit';
import { FIXTURE_PAPERS } from './fixture-papers';
import { embedderContract } from './embedder.contract';

describe('Embedder contract: the embedded lexical embedder, before any fit', () => {
  embedderContract({ make: async () => new EmbeddedEmbedder(), dimensions: EMBEDDED_DIMENSIONS, refusesAfterClose: false });
});

describe('Embedder contract: the embedded lexical embedder, fitted on a corpus, at another configured length', () => {
  let fit: LexicalFit;
  beforeAll(async () => {
    fit = await LexicalFit.fit(
      (async function* () {
        yield FIXTURE_PAPERS.map((p) => `${p.title} ${p.abstract ?? ''}`);
      })(),
    );
  });
  embedderContract({ make: async () => new EmbeddedEmbedder({ dimensions: 256, fit }), dimensions: 256, refusesAfterClose: false });
});
