import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatServer {
  url: string;
  /** The `response_format.json_schema` of each request received, in order. */
  readonly schemas: { name: string; schema: Record<string, unknown> }[];
  /** Answer every request with this status from now on (undefined: answer as a model). */
  failWith(status: number | undefined): void;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat endpoint on loopback (`POST /v1/chat/completions`), for the model
 * enrichment's contract suite: it answers each structured-output request with JSON that fits the
 * schema it was sent, made from the paper in the user message, so the same paper always gets the
 * same answer.
 */
export async function startFakeChatServer(): Promise<FakeChatServer> {
  const schemas: { name: string; schema: Record<string, unknown> }[] = [];
  let failing: number | undefined;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (failing !== undefined) {
        res.writeHead(failing, { 'content-type': 'application/json' }).end('{"error":{"message":"unavailable"}}');
        return;
      }
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[]; response_format: { json_schema: { name: string; schema: Record<string, unknown> } } };
      const { name, schema } = body.response_format.json_schema;
      schemas.push({ name, schema });
      const paper = JSON.parse(body.messages.find((m) => m.role === 'user')!.content) as { title: string | null; abstract: string | null };
      const answer =
        name === 'paper_relevance'
          ? { score: paper.title?.toLowerCase().includes('hydrogen') ? 92 : 30, topic: 'hydrogen', tags: ['hydrogen', 'storage'], shelf: 'none', reason: 'fake model' }
          : { ai_summary_en: paper.abstract ? `Summary: ${paper.abstract}` : null, ai_summary_ja: paper.abstract ? `要約: ${paper.abstract}` : null, title_en: paper.title, title_ja: `訳: ${paper.title}` };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(answer) } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    schemas,
    failWith: (status) => void (failing = status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
