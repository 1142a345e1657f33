import { HttpClient } from './http-client';

/** Where a query goes: the public door's search, or the data-API door's search in one of its modes. */
export type Door = 'public' | 'keyword' | 'vector' | 'hybrid';
export const API_MODES = ['keyword', 'vector', 'hybrid'] as const;

/** Records a page asks for (both doors' maximum). */
export const PAGE_SIZE = 50;

/** A door's answer: the paper ids in its order, or why there are none (the problem+json `code`, or what went wrong). */
export type DoorAnswer = { ids: string[]; total?: number } | { error: string };

export interface MatchSet {
  answer: DoorAnswer;
  /** The door reported more matches than were fetched. */
  capped: boolean;
}

/**
 * The two front doors of one running server, asked one request at a time (there is no timing
 * here). A non-2xx answer is an answer without ids, named by its problem `code`.
 */
export class SearchDoors {
  private readonly publicClient: HttpClient;
  private readonly apiClient: HttpClient;

  constructor(publicUrl: string, apiUrl: string, token: string) {
    this.publicClient = new HttpClient(publicUrl);
    this.apiClient = new HttpClient(apiUrl, { authorization: `Bearer ${token}` });
  }

  async search(door: Door, q: string, offset = 0): Promise<DoorAnswer> {
    const params = new URLSearchParams({ q, limit: String(PAGE_SIZE), ...(offset ? { offset: String(offset) } : {}), ...(door === 'public' ? {} : { mode: door }) });
    const client = door === 'public' ? this.publicClient : this.apiClient;
    let res;
    try {
      res = await client.get(`/api/v1/papers/search?${params}`, 30_000);
    } catch (err) {
      return { error: `no answer (${(err as Error).message})` };
    }
    let body: { code?: string; results?: { id: string }[]; data?: { id: string }[]; total?: number };
    try {
      body = JSON.parse(res.body) as typeof body;
    } catch {
      return { error: `HTTP ${res.status}, not JSON` };
    }
    if (res.status < 200 || res.status > 299) return { error: body.code ?? `HTTP ${res.status}` };
    // The public door answers `results`, the data API `data` (spec 000 and 001 records).
    const records = door === 'public' ? body.results : body.data;
    if (!Array.isArray(records)) return { error: `HTTP ${res.status} without ${door === 'public' ? 'results' : 'data'}` };
    return { ids: records.map((r) => r.id), total: body.total };
  }

  /** Every match of a keyword search, page by page in the door's order, up to `cap`; a failed page fails the whole. */
  async matchSet(door: 'public' | 'keyword', q: string, cap: number): Promise<MatchSet> {
    const ids: string[] = [];
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const page = await this.search(door, q, offset);
      if (!('ids' in page)) return { answer: page, capped: false };
      ids.push(...page.ids);
      const total = page.total ?? Number.POSITIVE_INFINITY;
      if (ids.length >= cap) return { answer: { ids: ids.slice(0, cap), total: page.total }, capped: total > cap };
      if (page.ids.length < PAGE_SIZE || ids.length >= total) return { answer: { ids, total: page.total }, capped: false };
    }
  }

  close(): void {
    this.publicClient.close();
    this.apiClient.close();
  }
}
