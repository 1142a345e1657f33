import { ChatClient } from '../../services/ingest-worker/enrich/chat-client';
import { ModelScorer, ModelSummariser } from '../../services/ingest-worker/enrich/model-enrichment';
import { startFakeChatServer } from '../support/fake-chat-server';
import { newPaper } from '../support/paper-fixtures';
import { enrichmentContract } from './enrichment.contract';

describe('Enrichment contract: a model behind an OpenAI-compatible chat endpoint (a loopback server speaking it)', () => {
  enrichmentContract(async () => {
    const server = await startFakeChatServer();
    const chat = new ChatClient({ url: server.url, model: 'fake-model', timeoutMs: 5_000, attempts: 2, backoffMs: 0 });
    return { scorer: new ModelScorer(chat, 2), summariser: new ModelSummariser(chat, 2), breakBackend: () => server.failWith(503), close: () => server.close() };
  });

  it('asks for answers in strict JSON schemas written from the zod schemas that check them', async () => {
    const server = await startFakeChatServer();
    const chat = new ChatClient({ url: server.url, model: 'fake-model', timeoutMs: 5_000, attempts: 1, backoffMs: 0 });
    const paper = newPaper({ id: 'p_stub', title: 'Hydrogen', lang: 'en' });
    await new ModelScorer(chat, 1).score([paper]);
    await server.close();
    const relevance = server.schemas[0]!;
    expect(relevance.name).toBe('paper_relevance');
    expect(relevance.schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['score', 'topic', 'tags', 'shelf', 'reason'] });
    expect(JSON.stringify(relevance.schema)).not.toMatch(/"\$schema"|"(min|max)Length"/);
  });
});

