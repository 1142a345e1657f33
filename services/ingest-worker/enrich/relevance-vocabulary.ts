import type { TopicSlug } from '../../../shared/papers/paper.schema';

/**
 * The bilingual vocabulary of the embedded relevance scorer: per topic, English and Japanese terms
 * (matched after NFKC and case folding, as substrings). The first term of each list is its tag form.
 * It is deliberately small and explicit: what it cannot recognise, the production scorer (a model
 * behind `SCORER_URL`) should.
 */
export const TOPIC_TERMS: Readonly<Partial<Record<TopicSlug, readonly string[]>>> = {
  carbon_pricing: ['carbon pricing', 'carbon price', 'carbon tax', 'emissions trading', 'emission trading', 'cap-and-trade', 'carbon market', 'カーボンプライシング', '炭素税', '排出量取引', '炭素価格'],
  climate_finance: ['climate finance', 'green bond', 'sustainable finance', 'green finance', 'climate investment', '気候ファイナンス', 'グリーンボンド', 'サステナブルファイナンス', 'グリーン投資'],
  transition_finance: ['transition finance', 'transition bond', 'gx bond', 'climate transition', 'トランジション・ファイナンス', '移行債', 'gx経済移行債'],
  energy_transition: ['energy transition', 'decarbonization', 'decarbonisation', 'coal phase-out', 'net zero', 'net-zero', 'low-carbon', 'low carbon', 'green transformation', 'エネルギー転換', '脱炭素', 'カーボンニュートラル', 'ネットゼロ', 'グリーントランスフォーメーション'],
  renewable: ['renewable energy', 'renewables', 'solar power', 'photovoltaic', 'wind power', 'wind energy', 'offshore wind', 'geothermal', 'bioenergy', '再生可能エネルギー', '太陽光', '風力', '洋上風力', '地熱'],
  hydrogen: ['hydrogen', 'ammonia fuel', 'fuel cell', 'electrolysis', '水素', 'アンモニア', '燃料電池'],
  ccus: ['carbon capture', 'ccs', 'ccus', 'carbon storage', 'direct air capture', 'co2 storage', 'carbon removal', 'negative emissions', 'co2回収', '二酸化炭素回収', '炭素回収', '貯留'],
  energy_efficiency: ['energy efficiency', 'energy saving', 'energy consumption', 'heat pump', 'building energy', '省エネ', 'エネルギー効率', 'ヒートポンプ'],
  ev: ['electric vehicle', 'electric vehicles', 'battery electric', 'ev charging', '電気自動車', '充電'],
  carbon_accounting: ['carbon accounting', 'greenhouse gas inventory', 'ghg inventory', 'carbon footprint', 'life cycle assessment', 'ghg emissions', 'greenhouse gas emissions', '温室効果ガス', 'カーボンフットプリント', 'ライフサイクルアセスメント', '排出量算定'],
  scope3: ['scope 3', 'scope3', 'value chain emissions', 'supply chain emissions', 'スコープ3'],
  scope1_2: ['scope 1', 'scope 2', 'scope1', 'scope2', 'スコープ1', 'スコープ2'],
  supply_chain: ['supply chain', 'サプライチェーン', '調達'],
  disclosure_infrastructure: ['climate disclosure', 'sustainability disclosure', 'sustainability reporting', 'issb', 'xbrl', 'integrated reporting', 'サステナビリティ開示', '気候関連開示', '有価証券報告書', '統合報告'],
  tcfd: ['tcfd', 'task force on climate-related financial disclosures', 'climate-related financial', '気候関連財務情報開示'],
  sbt: ['science based target', 'science-based target', 'sbti', 'sbt', '科学的根拠に基づく目標'],
  cdp: ['cdp', 'carbon disclosure project'],
  esg: ['esg', 'environmental, social and governance', 'sustainable investing', 'responsible investment', 'esg投資', 'esg評価', 'サステナブル投資'],
  greenwashing: ['greenwashing', 'green washing', 'グリーンウォッシュ'],
  climate_risk: ['climate risk', 'physical risk', 'transition risk', 'stranded asset', 'climate stress test', '気候リスク', '物理的リスク', '移行リスク', '座礁資産'],
  climate_science: ['climate change', 'global warming', 'climate model', 'climate variability', 'carbon sequestration', 'carbon stock', 'carbon sink', 'carbon flux', 'drought', 'heatwave', 'sea level rise', 'extreme weather', 'temperature rise', 'adaptation', 'mitigation', '気候変動', '地球温暖化', '海面上昇', '適応', '緩和'],
  biodiversity: ['biodiversity', 'ecosystem services', 'deforestation', 'nature-related', 'tnfd', 'land use', '生物多様性', '生態系', '森林減少', '自然関連'],
  policy: ['climate policy', 'environmental policy', 'energy policy', 'paris agreement', 'nationally determined contribution', '気候政策', '環境政策', 'エネルギー政策', 'パリ協定'],
  ai_esg: ['machine learning', 'artificial intelligence', 'large language model', 'deep learning', 'natural language processing', '機械学習', '人工知能', '大規模言語モデル'],
};

/** Terms that make a text about climate, energy or sustainability without naming one topic. */
export const GENERAL_TERMS: readonly string[] = [
  'climate', 'carbon', 'co2', 'emission', 'greenhouse', 'sustainab', 'environmental', 'energy', 'fossil', 'warming',
  '気候', '炭素', '排出', '温室効果', '持続可能', 'サステナビリティ', '環境', 'エネルギー',
];
