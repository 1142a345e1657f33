/** Queries of the semantic-search benchmark: English and Japanese phrases, some with filters, each request distinct. */

const ENGLISH = [
  'carbon capture and storage', 'climate adaptation policy', 'renewable energy deployment', 'carbon pricing policy',
  'emissions trading scheme', 'green bonds market', 'supply chain emissions', 'hydrogen production cost',
  'solar power integration', 'climate risk disclosure', 'biodiversity loss finance', 'electric vehicles adoption',
  'energy efficiency in buildings', 'net zero transition plans', 'transition finance taxonomy', 'ESG ratings divergence',
  'carbon tax revenue', 'sea level rise impacts', 'forest carbon offsets', 'coal phase-out', 'sustainable finance regulation',
  'water management drought', 'greenhouse gas inventory', 'offshore wind energy', 'urban heat island', 'scope3 accounting',
];

const JAPANESE = [
  '水素 製造 コスト', '炭素 排出 削減', '気候 変動 適応', '再生可能エネルギー 導入', '排出量取引 制度', 'グリーンボンド 市場',
  'サプライチェーン 排出', '気候 関連 財務 開示', '脱炭素 投資', '電力 価格 変動', '洋上風力 発電', 'カーボンプライシング 政策',
  'ＥＳＧ 評価', 'ＧＸ 移行債', 'ＣＯ２ 回収 貯留', '省エネ 建築物',
];

const FILTERS: readonly Record<string, string>[] = [
  { topic: 'carbon_pricing' }, { lang: 'ja' }, { lang: 'en' }, { topic: 'energy_transition', lang: 'en' }, { shelf: 'curated' },
  { min_score: '50' }, { topic: 'climate_finance' }, { shelf: 'japan_to_global' }, { topic: 'renewable', lang: 'ja' }, { topic: 'ccus' },
];

export const PHRASES: readonly string[] = [...ENGLISH, ...JAPANESE];

/**
 * The n-th query text: a phrase with a counter word, so no two requests share a string and every
 * one is embedded (the embedder's LRU cache of query embeddings never answers).
 */
export function queryText(n: number): string {
  return `${PHRASES[n % PHRASES.length]!} q${n.toString(36)}`;
}

/** Every 4th request carries filters (topic, lang, shelf or min_score). */
export function filtersFor(n: number): Record<string, string> {
  return n % 4 === 3 ? FILTERS[Math.floor(n / 4) % FILTERS.length]! : {};
}

export function semanticPath(q: string, mode: 'vector' | 'keyword' | 'hybrid', extra: Record<string, string> = {}, limit = 10): string {
  const params = new URLSearchParams({ q, mode, limit: String(limit), ...extra });
  return `/api/v1/papers/search?${params.toString()}`;
}

/** Fresh vector-mode paths forever (a counter per instance; `start` keeps instances apart). */
export class VectorPaths {
  issued = 0;
  constructor(private n: number) {}
  next = (): string => {
    const n = this.n++;
    this.issued++;
    return semanticPath(queryText(n), 'vector', filtersFor(n));
  };
}

/**
 * Keyword-mode paths: the phrases as they are (a counter word would match nothing) with and without
 * filters. The data-API door has no response cache, so repeating them still runs every search.
 */
export function keywordPaths(): string[] {
  const paths: string[] = [];
  PHRASES.forEach((q, i) => {
    paths.push(semanticPath(q, 'keyword'));
    paths.push(semanticPath(q, 'keyword', FILTERS[i % FILTERS.length]!));
  });
  return paths;
}
