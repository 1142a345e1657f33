import { withSpan } from '../../../shared/telemetry/spans';
import { EnrichmentError } from './enrichment.port';

export interface ChatClientOptions {
  /** Root of an OpenAI-compatible API: `{url}/v1/chat/completions`. */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  /** Attempts per request on 429, 5xx, timeouts and unusable answers, with exponential backoff. */
  attempts: number;
  backoffMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * One question to an OpenAI-compatible chat endpoint whose answer must be JSON matching a schema
 * (`response_format: json_schema`, strict). The caller validates the parsed answer; an answer that
 * is not JSON, or that the caller's `accept` refuses, is retried like a server error.
 */
export class ChatClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ChatClientOptions) {
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  askJson<T>(request: { system: string; user: string; schemaName: string; schema: object; accept: (value: unknown) => T }): Promise<T> {
    return withSpan('chat ' + this.options.model, { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': this.options.model, 'gx.schema': request.schemaName }, () => this.ask(request));
  }

  private async ask<T>(request: { system: string; user: string; schemaName: string; schema: object; accept: (value: unknown) => T }): Promise<T> {
    const { url, model, apiKey, timeoutMs, attempts, backoffMs } = this.options;
    const body = JSON.stringify({
      model,
      temperature: 0,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
      response_format: { type: 'json_schema', json_schema: { name: request.schemaName, strict: true, schema: request.schema } },
    });
    let last = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const res = await this.fetchImpl(new URL('/v1/chat/completions', url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) {
          last = `HTTP ${res.status}`;
          await res.body?.cancel();
          if (res.status !== 429 && res.status < 500) throw new EnrichmentError(`the model endpoint answered ${res.status}`);
        } else {
          const answer = (await res.json()) as { choices?: { message?: { content?: string | null } }[] };
          const content = answer.choices?.[0]?.message?.content;
          if (typeof content !== 'string') last = 'an answer without message content';
          else {
            try {
              return request.accept(JSON.parse(content));
            } catch (err) {
              last = `an answer that does not fit the schema (${(err as Error).message.slice(0, 200)})`;
            }
          }
        }
      } catch (err) {
        if (err instanceof EnrichmentError) throw err;
        last = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err as Error).message;
      }
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
    }
    throw new EnrichmentError(`the model endpoint failed ${attempts} times (last: ${last})`);
  }
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}
