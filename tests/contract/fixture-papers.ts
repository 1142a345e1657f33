import type { Paper } from '../../shared/papers/paper.schema';
import { parsedPaper as paper } from '../support/paper-fixtures';

export { paper };

/** The stored id of the fixture paper given `id` in its input (a paper's id is derived from its identity). */
export const fixtureId = (id: string): string => paper({ id, title: id }).id;

/** Fourteen words that keep `district` and `cooling` further apart than the proximity rescoring looks (`PROXIMITY.maxGap`). */
const CITY_WORDS = 'keeps dense urban blocks comfortable while lowering peak power demand and shipping costs overall';

/**
 * A small corpus that exercises the matching rules: Japanese two-character terms inside longer
 * words, full-width and mixed-language text, terms in different field groups, ties on score and
 * year, papers without a year, every language, and text that must NOT match across values; and
 * pairs of papers whose order the model decides (`ORDER_GUARANTEES`).
 */
export const FIXTURE_PAPERS: Paper[] = [
  paper({ id: 'f01', title: 'Green hydrogen production costs', abstract: 'Electrolysis and renewable power for hydrogen supply chains.', year: 2024, topic: 'hydrogen', tags: ['hydrogen', 'electrolysis'], lang: 'en' }),
  paper({ id: 'f02', title: '水素エネルギーの社会実装', abstract: '日本における水素サプライチェーンと炭素価格の関係を分析する。', year: 2023, topic: 'hydrogen', tags: ['水素', 'サプライチェーン'], lang: 'ja', title_en: 'Social implementation of hydrogen energy' }),
  paper({ id: 'f03', title: 'ＣＯ２排出量の算定', abstract: 'Scope 3排出の算定方法を比較する。', year: 2022, topic: 'scope3', tags: ['Scope 3', '排出量'], lang: 'ja' }),
  paper({ id: 'f04', title: 'CO2 emissions accounting for Scope 3', abstract: 'Comparing carbon accounting methods; 排出 factors from Japan.', year: 2022, topic: 'carbon_accounting', tags: ['co2', 'scope 3'], lang: 'mul' }),
  paper({ id: 'f05', title: '碳排放交易市场研究', abstract: '中国碳排放交易与氢能发展的关系。', year: 2021, topic: 'carbon_pricing', tags: ['碳排放', '氢能'], lang: 'zh', title_ja: '炭素排出量取引市場の研究', title_en: 'Research on carbon emission trading markets', ai_summary_ja: '中国の炭素排出量取引と水素の関係を論じる。', ai_summary_en: 'Discusses carbon trading and hydrogen in China.' }),
  paper({ id: 'f06', title: 'Carbon pricing and climate finance', abstract: 'Carbon taxes versus emissions trading.', year: 2024, topic: 'carbon_pricing', tags: ['carbon tax'], lang: 'en' }),
  paper({ id: 'f07', title: 'Climate finance flows', abstract: 'Carbon markets channel climate finance.', year: 2024, topic: 'climate_finance', tags: ['finance'], lang: 'en' }),
  paper({ id: 'f08', title: 'Climate finance flows revisited', abstract: 'Carbon markets channel climate finance.', year: 2024, topic: 'climate_finance', tags: ['finance'], lang: 'en' }),
  paper({ id: 'f09', title: 'Climate finance without a year', abstract: 'Carbon markets and climate finance.', year: null, topic: 'climate_finance', tags: ['finance'], lang: 'en' }),
  paper({ id: 'f10', title: 'Green bonds in Japan', abstract: 'A review of green bond issuance.', year: 2020, topic: 'climate_finance', tags: ['green', 'bond'], lang: 'en' }),
  paper({ id: 'f11', title: 'R&D spending: 50% on CCUS?', abstract: 'Capture rates of 90%* were reported.', year: 2019, topic: 'ccus', tags: ['ccus'], lang: 'en' }),
  paper({ id: 'f12', title: '脱炭素経営とＴＣＦＤ開示', abstract: '気候関連財務情報開示タスクフォースに沿った開示の実態。', year: 2025, topic: 'tcfd', tags: ['TCFD', '開示'], lang: 'ja', ai_summary_en: 'How Japanese firms disclose under TCFD.' }),
  paper({ id: 'f13', title: 'Biodiversity and forests', abstract: '森林と生物多様性。Forest carbon sinks.', year: 2018, topic: 'biodiversity', tags: ['森林'], lang: 'mul' }),
  paper({ id: 'f14', title: 'Hydrogen', abstract: 'A short note.', year: 2018, topic: 'other', tags: [], lang: null }),
  paper({ id: 'f16', title: 'Hydrogen valleys in Kyushu', abstract: 'Regional hydrogen hubs.', year: 2025, topic: 'hydrogen', lang: 'en', shelf: 'japan_to_global', draft_score: 95 }),
  paper({ id: 'f17', title: 'Hydrogen trade with Australia', abstract: 'Imports of green hydrogen.', year: 2025, topic: 'hydrogen', lang: 'en', shelf: 'global_to_japan', draft_score: 82.5 }),
  paper({ id: 'f18', title: 'Carbon pricing primer', abstract: 'Hydrogen and carbon prices.', year: 2024, topic: 'carbon_pricing', lang: 'en', shelf: 'curated', draft_score: 88 }),
  paper({ id: 'f15', title: 'Electric vehicles and the grid', abstract: 'EV charging and renewable power.', year: 2023, topic: 'ev', tags: ['ev', 'grid'], lang: 'en', ai_summary_ja: '電気自動車と電力網。水素車との比較も行う。' }),
  // Pairs for ORDER_GUARANTEES: in each, the paper that must come first is older, so that only relevance can put it there.
  paper({ id: 'g01', title: 'AI for grid forecasting', year: 2015, topic: 'energy_transition', lang: 'en' }),
  paper({ id: 'g02', title: 'Wind farms of Hokkaido', year: 2025, topic: 'renewable', lang: 'en' }),
  paper({ id: 'g03', title: 'Peatland restoration', year: 2015, topic: 'biodiversity', lang: 'en' }),
  paper({ id: 'g04', title: 'Wetland policy review', abstract: 'Restoring peatland stores in northern bogs.', year: 2025, topic: 'biodiversity', lang: 'en' }),
  paper({ id: 'g05', title: 'Methanol bunkering', abstract: 'Fuel options for shipping lanes.', year: 2016, topic: 'energy_transition', lang: 'en' }),
  paper({ id: 'g06', title: 'Shipping bunkering', abstract: 'Fuel options for methanol lanes.', year: 2024, topic: 'energy_transition', lang: 'en' }),
  // The same words, hence the same score before the proximity rescoring: adjacent and in order, far apart, in reverse order.
  paper({ id: 'g07', title: 'Urban energy networks', abstract: `District cooling ${CITY_WORDS}.`, year: 2016, topic: 'energy_efficiency', lang: 'en' }),
  paper({ id: 'g08', title: 'Urban energy networks', abstract: `District ${CITY_WORDS} cooling.`, year: 2024, topic: 'energy_efficiency', lang: 'en' }),
  paper({ id: 'g09', title: 'Urban energy networks', abstract: `Cooling district ${CITY_WORDS}.`, year: 2024, topic: 'energy_efficiency', lang: 'en' }),
  paper({ id: 'g10', title: 'Emission caps', year: 2015, topic: 'policy', lang: 'en' }),
  paper({ id: 'g11', title: 'Emissions ceilings', year: 2025, topic: 'policy', lang: 'en' }),
];

/**
 * Orders every engine gives by construction (DESIGN §4a; what the contract checks of an engine that
 * only approximates the model): `above` ranks before `below` for the query, though `below` wins the tie order.
 */
export const ORDER_GUARANTEES: { name: string; terms: string[]; above: string; below: string }[] = [
  { name: 'a whole word in a title above a match inside a longer word (ai, Hokkaido)', terms: ['ai'], above: fixtureId('g01'), below: fixtureId('g02') },
  { name: 'a whole word above the start of a longer word (emission, emissions)', terms: ['emission'], above: fixtureId('g10'), below: fixtureId('g11') },
  { name: 'a whole word in a short title above one in a body', terms: ['peatland'], above: fixtureId('g03'), below: fixtureId('g04') },
  { name: "the rare term's title match above the common term's", terms: ['methanol', 'shipping'], above: fixtureId('g05'), below: fixtureId('g06') },
  { name: 'terms adjacent and in order above the same terms far apart', terms: ['district', 'cooling'], above: fixtureId('g07'), below: fixtureId('g08') },
  { name: 'terms adjacent and in order above the same terms in reverse order', terms: ['district', 'cooling'], above: fixtureId('g07'), below: fixtureId('g09') },
];

/** Queries (already split into normalised terms) every engine must answer like the reference. */
export const CONTRACT_QUERIES: {
  name: string;
  terms: string[];
  topic?: Paper['topic'];
  langs?: ('ja' | 'en' | 'mul')[];
  shelf?: Paper['shelf'] & string;
  minDraftScore?: number;
  offset?: number;
  limit?: number;
}[] = [
  { name: 'one English term', terms: ['hydrogen'] },
  { name: 'a Japanese two-character term inside longer words', terms: ['水素'] },
  { name: 'another two-character term (排出)', terms: ['排出'] },
  { name: 'full-width input normalised (ＣＯ２ → co2)', terms: ['co2'] },
  { name: 'mixed-language AND', terms: ['co2', '排出'] },
  { name: 'Chinese two-character term', terms: ['碳排'] },
  { name: 'terms in different field groups', terms: ['carbon', 'finance'] },
  { name: 'ties broken by year then id, missing year last', terms: ['climate', 'finance'] },
  { name: 'no match', terms: ['nonexistentterm'] },
  { name: 'a term must not span two tags', terms: ['greenbond'] },
  { name: 'wildcard characters are literal', terms: ['c*2'] },
  { name: 'punctuation inside a term', terms: ['50%'] },
  { name: 'question mark literal', terms: ['ccus?'] },
  { name: 'topic slug is searched', terms: ['carbon_pricing'] },
  { name: 'topic filter', terms: ['carbon'], topic: 'carbon_pricing' },
  { name: 'lang ja includes mul', terms: ['carbon'], langs: ['ja', 'mul'] },
  { name: 'lang en includes mul', terms: ['hydrogen'], langs: ['en', 'mul'] },
  { name: 'filter and term', terms: ['水素'], langs: ['en', 'mul'] },
  { name: 'first page', terms: ['finance'], offset: 0, limit: 2 },
  { name: 'second page', terms: ['finance'], offset: 2, limit: 2 },
  { name: 'last partial page', terms: ['finance'], offset: 4, limit: 10 },
  { name: 'offset past the end', terms: ['finance'], offset: 50, limit: 10 },
  { name: 'five terms', terms: ['climate', 'finance', 'carbon', 'markets', 'flows'] },
  { name: 'shelf filter', terms: ['hydrogen'], shelf: 'japan_to_global' },
  { name: 'minimum draft score (papers without a score fail it)', terms: ['hydrogen'], minDraftScore: 85 },
  { name: 'a bound of 0 admits papers without a score', terms: ['hydrogen'], minDraftScore: 0 },
  { name: 'shelf, score and topic together', terms: ['hydrogen'], shelf: 'global_to_japan', minDraftScore: 80, topic: 'hydrogen' },
];

/** The work id of a group of fixture papers: the smallest of their stored ids (as the writer sets it). */
export const workOf = (...ids: string[]): string => ids.map(fixtureId).sort()[0]!;

const WORK_A = workOf('c01', 'c02', 'c03');
const WORK_B = workOf('c06', 'c07');

/**
 * A connected paper: `paper()` with its place in the graph and when it was first added. Without
 * `created_at` it is a record an index saved before the field existed.
 */
function connected(input: Parameters<typeof paper>[0], graph: { created_at?: string; cited_by_corpus_count?: number; work_id?: string }): Paper {
  const { created_at, ...rest } = paper(input);
  return { ...rest, ...graph } as Paper;
}

/**
 * Papers of one query term (`adaptation`) with what the author, since, cited-by and versions features
 * read: authors written every way a name is (family name first after a comma, with diacritics,
 * full-width Latin, Japanese spaced and unspaced), three records of one work and two of another (of
 * different venue types), source and corpus citation counts (a tie, a zero, a paper with neither),
 * and `created_at` instants on both sides of a bound, one exactly on it, one missing.
 */
export const CONNECTED_PAPERS: Paper[] = [
  connected(
    { id: 'c01', title: 'Coastal adaptation finance', authors: ['Misaki Hasegawa', 'Jonas Müller'], year: 2021, venue_type: 'preprint', lang: 'en', cited_by_count: 12 },
    { created_at: '2025-01-10T00:00:00.000Z', cited_by_corpus_count: 1, work_id: WORK_A },
  ),
  connected(
    { id: 'c02', title: 'Coastal adaptation finance', authors: ['Hasegawa, Misaki', 'Müller, J.'], year: 2022, venue_type: 'journal', lang: 'en', cited_by_count: 40 },
    { created_at: '2025-03-01T00:00:00.000Z', cited_by_corpus_count: 2, work_id: WORK_A },
  ),
  connected(
    { id: 'c03', title: 'Coastal adaptation finance', authors: ['M. Hasegawa'], year: 2021, venue_type: 'conference', lang: 'en' },
    { created_at: '2025-06-01T12:00:00.000Z', work_id: WORK_A },
  ),
  connected(
    { id: 'c04', title: '気候適応計画', abstract: 'Adaptation planning in Japanese prefectures.', authors: ['長谷川 美咲', '田中太郎'], year: 2023, venue_type: 'journal', lang: 'mul' },
    { created_at: '2025-06-01T12:00:00.000Z', cited_by_corpus_count: 5 },
  ),
  connected({ id: 'c05', title: '適応策 adaptation in Tokyo', authors: ['長谷川美咲'], year: 2024, venue_type: 'report', lang: 'mul', cited_by_count: 3 }, { created_at: '2026-01-05T09:30:00.000Z' }),
  connected(
    { id: 'c06', title: 'Adaptation pathways', authors: ['Ｊｏｈｎ Ｓｍｉｔｈ'], year: 2020, venue_type: 'journal', lang: 'en', cited_by_count: 7 },
    { created_at: '2025-06-01T11:59:59.999Z', work_id: WORK_B },
  ),
  connected(
    { id: 'c07', title: 'Adaptation pathways', authors: ['John Smith'], year: 2020, venue_type: 'preprint', lang: 'en', cited_by_count: 100 },
    { created_at: '2026-02-01T00:00:00.000Z', work_id: WORK_B },
  ),
  // Saved before the graph fields existed: no created_at, no corpus count (neither count known).
  { ...connected({ id: 'c08', title: 'Urban heat adaptation', authors: ['Zoë Hasegawa-Lee'], year: 2019, lang: 'en' }, {}), cited_by_corpus_count: undefined as unknown as number },
  connected({ id: 'c09', title: 'Heat adaptation in cities', authors: ['Anna Muller'], year: 2018, lang: 'en', cited_by_count: 12 }, { created_at: '2025-02-01T00:00:00.000Z' }),
  connected(
    { id: 'c10', title: 'Adaptation finance data', authors: ['MÜLLER, Anna'], year: 2022, venue_type: 'dataset', lang: 'en', cited_by_count: 0 },
    { created_at: '2025-05-01T00:00:00.000Z' },
  ),
];
