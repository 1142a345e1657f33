/** The search requests of the benchmark: what a mixed public audience sends. */

export const CATEGORIES = ['english', 'japanese', 'mixed', 'filtered', 'deep'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  english: 'English multi-term',
  japanese: 'Japanese 2-char terms',
  mixed: 'mixed / full-width',
  filtered: 'topic/lang filters',
  deep: 'deep offsets (to 9,990)',
};

export interface QuerySpec {
  category: Category;
  q: string;
  topic?: string;
  lang?: 'ja' | 'en';
}

const english = [
  'carbon capture', 'climate adaptation policy', 'renewable energy', 'carbon pricing policy', 'emissions trading',
  'green bonds', 'supply chain emissions', 'hydrogen production', 'solar power', 'climate risk disclosure',
  'biodiversity loss', 'electric vehicles', 'energy efficiency buildings', 'net zero', 'transition finance',
  'ESG ratings', 'carbon tax', 'climate change impacts', 'machine learning', 'sea level rise', 'land use change',
  'forest carbon', 'coal phase-out', 'sustainable finance', 'water management', 'adaptation finance',
  'greenhouse gas emissions', 'wind energy', 'food security', 'urban heat', 'corporate governance', 'climate model',
].map((q): QuerySpec => ({ category: 'english', q }));

// Two-character terms are the hard case of a substring index (no word boundaries, many matches).
const japanese = [
  '水素', '炭素', '排出', '気候', '金融', '投資', '電力', '再生', '移行', '開示', '削減', '政策', '価格', '貯留',
  '市場', '企業', '評価', '風力', '炭素 排出', '水素 製造', '気候 変動', '電力 価格', '投資 評価', '気候 金融',
].map((q): QuerySpec => ({ category: 'japanese', q }));

const mixed = [
  'CO2 排出', 'ＣＯ２', 'ＥＳＧ 投資', 'ESG 開示', 'GX 投資', 'ＧＸ', 'Scope3', 'ＴＣＦＤ 開示', 'CO2 回収',
  'グリーン 水素', 'ESG　評価', 'ＣＣＳ',
].map((q): QuerySpec => ({ category: 'mixed', q }));

const filtered = ([
  { q: 'carbon', topic: 'carbon_pricing' }, { q: '水素', lang: 'ja' }, { q: 'energy', topic: 'energy_transition', lang: 'en' },
  { q: 'emissions', lang: 'ja' }, { q: 'climate finance', lang: 'en' }, { q: '排出', topic: 'scope3' },
  { q: 'risk', topic: 'climate_risk' }, { q: 'ESG', topic: 'esg', lang: 'ja' }, { q: 'storage', topic: 'ccus' },
  { q: '気候', lang: 'en' }, { q: 'policy', topic: 'policy', lang: 'ja' }, { q: 'finance', topic: 'climate_finance' },
  { q: 'vehicle', topic: 'ev' }, { q: 'biodiversity', lang: 'en' }, { q: '電力', topic: 'renewable' }, { q: 'supply', topic: 'supply_chain' },
] satisfies Omit<QuerySpec, 'category'>[]).map((s): QuerySpec => ({ ...s, category: 'filtered' }));

/** Broad terms; the probe keeps those with enough matches for a deep page. */
const deep = ['climate', 'carbon', 'energy', 'emissions', 'policy', 'data', 'analysis', 'change', '気候', '排出', 'co2', 'the'].map(
  (q): QuerySpec => ({ category: 'deep', q }),
);

export const MISS_QUERIES: readonly QuerySpec[] = [...english, ...japanese, ...mixed, ...filtered, ...deep];

/** The hot set of the cache-hit run: strings that never occur in MISS_QUERIES, so neither run disturbs the other. */
export const HIT_QUERIES: readonly QuerySpec[] = [
  { category: 'english', q: 'carbon pricing' },
  { category: 'english', q: 'climate finance' },
  { category: 'japanese', q: '脱炭素' },
  { category: 'japanese', q: '水素 輸送' },
  { category: 'mixed', q: 'CO2 削減' },
  { category: 'filtered', q: 'hydrogen', lang: 'en' },
  { category: 'filtered', q: 'bonds', topic: 'climate_finance' },
  { category: 'english', q: 'energy transition' },
];

export function searchPath(spec: QuerySpec, limit: number, offset: number): string {
  const params = new URLSearchParams({ q: spec.q });
  if (spec.topic) params.set('topic', spec.topic);
  if (spec.lang) params.set('lang', spec.lang);
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return `/api/v1/papers/search?${params.toString()}`;
}
