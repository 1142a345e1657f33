import {
  CDP_SCORES, reportIdOf,
  type CompanyInput, type MetricInput, type ReportInput, type ReportType, type SbtStatus,
} from '../company-inputs';
import { CORPORATE_FORMS, DEMO_INDUSTRIES, NAME_PREFIXES, REPORT_TITLES, type DemoIndustry, type Pair } from './demo-company-vocabulary';
import { mulberry32, recordSeed, type Random } from '../../../shared/random/seeded-random';

/**
 * Generator of the synthetic demo company data loaded into an empty database (and used by the
 * benchmarks): invented companies with codes no real TSE issue can have (real codes never start with
 * `0`), their reports and their yearly decarbonisation metrics. Nothing here describes a real company.
 *
 * Output is a pure function of the options. Each company draws from its own PRNG seeded by
 * (seed, company number), and each of its years from one seeded by (company, year), so company n and
 * its year y are the same whatever count or year range is requested (only a company whose reports
 * all fall outside the range gets a fallback report in the range's last years).
 */

export const DEFAULT_DEMO_COMPANY_COUNT = 120;
export const DEFAULT_DEMO_COMPANY_YEARS = 10;
export const DEFAULT_DEMO_COMPANY_FIRST_YEAR = 2016;
export const DEFAULT_DEMO_COMPANY_SEED = 0x67_58_c0_25;
/** The `as_of` of every demo company record. */
export const DEMO_COMPANY_AS_OF = '2025-06-30';
/** Every demo company's names end with these, so a record can never be mistaken for a real company. */
export const DEMO_COMPANY_MARKERS = { ja: '（デモ）', en: ' (demo)' } as const;
export const DEMO_SOURCE = 'demo';
export const DEMO_REPORT_BASE_URL = 'https://example.org/gx-demo/reports';
/** What `raw_extraction.generator` says on the demo metric records that carry one. */
export const DEMO_GENERATOR = 'gx demo company data';
/** 0001–0999, then every `0` + three of [0-9A-Z] with at least one letter. */
export const MAX_DEMO_COMPANIES = 999 + 26 * 36 * 36 + 10 * (36 * 36 - 100);

export interface DemoCompanyOptions {
  /** Number of companies (default 120, at most MAX_DEMO_COMPANIES). */
  companies?: number;
  /** Number of publication years (default 10). */
  years?: number;
  seed?: number;
  /** First publication year (default 2016, so the default range is 2016–2025). */
  firstYear?: number;
}

export interface DemoCompanyData {
  companies: CompanyInput[];
  reports: ReportInput[];
  metrics: MetricInput[];
}

type Market = 'Prime' | 'Standard' | 'Growth';
type Figure = 'scope1' | 'scope2_location' | 'scope2_market' | 'scope3_total' | 'scope3_categories' | 'renewable_ratio';

// Module-scope aliases: inside jest's vm sandbox each lookup of the global `Math` is slow.
const { ceil, floor, round, sqrt, log, cos, exp, min, max, PI } = Math;
const NEVER = 9999;
/** Trends are expressed relative to this publication year. */
const BASE_YEAR = 2016;
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';


/**
 * The securities code of demo company n (1-based): `0001`…`0999`, then `0A00`…`0ZZZ`, then the
 * remaining `0` + digit codes that contain a letter (`00A0`…). Never a real code: real ones never
 * start with `0`.
 */
export function demoCompanyCode(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_DEMO_COMPANIES) throw new RangeError(`demo company number must be 1–${MAX_DEMO_COMPANIES}, got ${n}`);
  if (n <= 999) return `0${String(n).padStart(3, '0')}`;
  let k = n - 1000;
  if (k < 26 * 1296) return `0${ALNUM[10 + floor(k / 1296)]}${ALNUM[floor((k % 1296) / 36)]}${ALNUM[k % 36]}`;
  k -= 26 * 1296;
  const digit = floor(k / 1196);
  let j = k % 1196;
  if (j < 260) return `0${ALNUM[digit]}${ALNUM[floor(j / 26)]}${ALNUM[10 + (j % 26)]}`;
  j -= 260;
  return `0${ALNUM[digit]}${ALNUM[10 + floor(j / 36)]}${ALNUM[j % 36]}`;
}

const INDUSTRY_CDF: readonly number[] = (() => {
  const total = DEMO_INDUSTRIES.reduce((sum, i) => sum + i.weight, 0);
  let acc = 0;
  return DEMO_INDUSTRIES.map((i) => (acc += i.weight / total));
})();

/** Sectors whose plants make up most of their emissions publish environmental reports more often. */
const HEAVY = new Set(['1050', '3150', '3200', '3300', '3400', '3450', '3500', '4050', '5100', '5150']);
const COVID_DIP: Readonly<Record<string, number>> = { '5050': 0.85, '5100': 0.9, '5150': 0.7 };

/** Figures each report type carries, and the order in which a metric's `sources` prefer report types. */
const FIGURES_BY_TYPE: Readonly<Record<ReportType, readonly Figure[]>> = {
  integrated: ['scope1', 'scope2_market', 'scope3_total'],
  sustainability: ['scope1', 'scope2_location', 'scope2_market', 'scope3_total', 'scope3_categories', 'renewable_ratio'],
  environmental: ['scope1', 'scope2_location', 'scope2_market', 'scope3_total', 'renewable_ratio'],
  csr: ['scope1', 'scope2_location', 'renewable_ratio'],
};
const SOURCE_PREFERENCE: readonly ReportType[] = ['sustainability', 'environmental', 'integrated', 'csr'];
const FIGURES: readonly Figure[] = ['scope1', 'scope2_location', 'scope2_market', 'scope3_total', 'scope3_categories', 'renewable_ratio'];
const NEAR_TERM_YEARS = [2025, 2026, 2027, 2028, 2030, 2030, 2030, 2031, 2032, 2033, 2035];

interface SbtPlan {
  commit: number;
  valid: number;
  validClass: '1.5C' | 'WB2C';
  upgrade: number;
  nearTerm: number;
  netZero: number | null;
  netZeroFrom: number;
}

interface Profile {
  code: string;
  industry: DemoIndustry;
  market: Market;
  baseJa: string;
  baseEn: string;
  s1: number; s2: number; s3: number;
  s1Rate: number; s2Rate: number; s3Rate: number;
  marketFactor: number;
  discloseFrom: number;
  locationReported: boolean;
  marketFrom: number;
  scope3From: number;
  categoriesFrom: number;
  categories: readonly (readonly [category: string, weight: number])[];
  renewFrom: number;
  renew0: number; renewSlope: number; renewAccel: number;
  sbt: SbtPlan | null;
  tcfdFrom: number;
  cdpFrom: number; cdpBase: number; cdpImprove: number; cdpFailing: number;
  integratedFrom: number;
  csrFrom: number; csrUntil: number;
  sustainabilityFrom: number; sustainabilityGaps: number;
  environmentalFrom: number; environmentalUntil: number; environmentalBiennial: boolean;
}

/**
 * Generates demo companies (default 120), their reports and one metrics record per company and
 * publication year (default 2016–2025). Identical options give identical output.
 */
export function generateDemoCompanyData(options: DemoCompanyOptions = {}): DemoCompanyData {
  const count = options.companies ?? DEFAULT_DEMO_COMPANY_COUNT;
  const years = options.years ?? DEFAULT_DEMO_COMPANY_YEARS;
  const seed = options.seed ?? DEFAULT_DEMO_COMPANY_SEED;
  const firstYear = options.firstYear ?? DEFAULT_DEMO_COMPANY_FIRST_YEAR;
  if (!Number.isSafeInteger(count) || count < 0 || count > MAX_DEMO_COMPANIES) throw new RangeError(`companies must be an integer from 0 to ${MAX_DEMO_COMPANIES}, got ${count}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isSafeInteger(firstYear) || firstYear < 1990) throw new RangeError(`firstYear must be an integer from 1990, got ${firstYear}`);
  if (!Number.isSafeInteger(years) || years < 1 || firstYear + years - 1 > 2100) throw new RangeError(`years must be a positive integer ending by 2100, got ${years}`);

  const lastYear = firstYear + years - 1;
  const companies: CompanyInput[] = new Array(count);
  const reports: ReportInput[] = [];
  const metrics: MetricInput[] = new Array(count * years);
  const names = new Set<string>();
  let m = 0;
  for (let n = 1; n <= count; n++) {
    const companySeed = recordSeed(seed >>> 0, n);
    const profile = makeProfile(n, companySeed, seed >>> 0, names);
    companies[n - 1] = companyRecord(profile);

    // Which reports exist in the range; a company with none in the range gets its usual report in the last years.
    const published: (readonly ReportType[])[] = new Array(years);
    let any = false;
    for (let i = 0; i < years; i++) {
      published[i] = reportTypesOf(profile, firstYear + i, companySeed);
      if (published[i].length > 0) any = true;
    }
    if (!any) {
      const fallback: ReportType = profile.market === 'Prime' ? 'integrated' : 'sustainability';
      for (let y = max(firstYear, lastYear - 1); y <= lastYear; y++) published[y - firstYear] = [fallback];
    }

    for (let i = 0; i < years; i++) {
      const year = firstYear + i;
      const yr = mulberry32(recordSeed(companySeed, year));
      const metric = metricRecord(profile, year, yr);
      metrics[m++] = metric;
      const sources: Record<string, string> = {};
      for (const type of published[i]) reports.push(reportRecord(profile, type, year, metric, yr));
      for (const figure of FIGURES) {
        if (metric[figure] == null) continue;
        const type = SOURCE_PREFERENCE.find((t) => published[i].includes(t) && FIGURES_BY_TYPE[t].includes(figure));
        if (type) sources[figure] = reportIdOf({ company_code: profile.code, publication_year: year, type });
      }
      metric.sources = sources;
      const cited = Object.keys(sources);
      if (cited.length > 0 && yr() < 0.4) {
        metric.raw_extraction = {
          generator: DEMO_GENERATOR,
          generated: true,
          model: null,
          note: 'Generated demo record: these figures were not extracted from any real report.',
          pages: cited.map((figure) => ({ figure, report_id: sources[figure], page: 8 + floor(yr() * 120) })),
        };
      }
    }
  }
  return { companies, reports, metrics };
}

function gaussian(rand: Random): number {
  return sqrt(-2 * log(1 - rand())) * cos(2 * PI * rand());
}

function makeProfile(n: number, companySeed: number, seed: number, names: Set<string>): Profile {
  const rand = mulberry32(companySeed);
  const int = (lo: number, hi: number): number => lo + floor(rand() * (hi - lo + 1));
  const chance = (p: number): boolean => rand() < p;

  // The first 33 companies take one sector each, so any count from 33 covers every sector; then mostly round-robin.
  const sectorRoll = rand();
  const industryIndex = n <= DEMO_INDUSTRIES.length || sectorRoll < 0.6 ? (n - 1) % DEMO_INDUSTRIES.length : pickCdf(INDUSTRY_CDF, rand());
  const industry = DEMO_INDUSTRIES[industryIndex];
  const marketRoll = rand();
  const market: Market = marketRoll < 0.45 ? 'Prime' : marketRoll < 0.85 ? 'Standard' : 'Growth';
  const tier = market === 'Prime' ? 0 : market === 'Standard' ? 1 : 2;
  const logSize = [0, -1.8, -3][tier] + 0.9 * clamp(gaussian(rand), -3, 3);
  const size = exp(logSize);
  const noise = () => exp(0.5 * clamp(gaussian(rand), -3, 3));

  // Mostly declining: Scope 1 by about 3% a year, Scope 2 faster as grids and purchases decarbonise.
  const growing = chance(market === 'Growth' ? 0.45 : 0.12);
  const s1Rate = growing ? 0.01 + 0.04 * rand() : -0.005 - 0.055 * rand();
  const s2Rate = growing ? 0.005 * rand() : -0.01 - 0.05 * rand();
  const s3Rate = growing ? 0.02 + 0.04 * rand() : -0.03 + 0.04 * rand();
  const s1 = industry.scope1 * size * noise();
  const s2 = industry.scope2 * size * noise();
  const s3 = (s1 + s2) * industry.scope3Multiple * noise();
  const marketFactor = 0.9 + 0.2 * rand();

  let discloseFrom = [int(2008, 2019), int(2014, 2025), int(2019, 2030)][tier];
  const locationReported = chance(0.85);
  const marketFrom = max(discloseFrom, int(2015, 2021));
  const scope3From = chance([0.9, 0.5, 0.2][tier]) ? max(discloseFrom, int(2014, 2024)) : NEVER;
  const categoriesFrom = chance(0.65) ? max(scope3From, int(2016, 2024)) : NEVER;
  const categories = makeCategories(industry, rand);
  const renewFrom = max(discloseFrom, int(2012, 2022));
  const renew0 = rand() < 0.15 ? 0.1 + 0.25 * rand() : 0.08 * rand() ** 2;
  const renewSlope = 0.002 + 0.02 * rand();
  const renewAccel = chance(0.3) ? 0.01 + 0.03 * rand() : 0;

  const sbt = makeSbtPlan(tier, rand);
  const tcfdFrom = chance([0.85, 0.3, 0.1][tier]) ? [int(2017, 2022), int(2019, 2025), int(2020, 2026)][tier] : NEVER;
  const cdpResponds = chance([0.7, 0.2, 0.04][tier]);
  const cdpFrom = cdpResponds ? int(2010, 2023) : NEVER;
  const cdpBase = 1 + floor(rand() * 6.5);
  const cdpImprove = 0.4 * rand();
  // Companies CDP asked to answer that did not: F in some years (before they respond, or throughout).
  const cdpFailing = tier === 0 ? (cdpResponds ? 0.5 : 0.35) : tier === 1 && !cdpResponds ? 0.05 : 0;

  const integratedFrom = chance([0.8, 0.35, 0.1][tier]) ? [int(2012, 2022), int(2017, 2025), int(2020, 2026)][tier] : NEVER;
  const csrPath = chance([0.6, 0.4, 0.15][tier]);
  const csrFrom = csrPath ? int(2005, 2016) : NEVER;
  const switchYear = int(2017, 2022);
  const csrUntil = csrPath ? switchYear - 1 : 0;
  let sustainabilityFrom = csrPath ? switchYear : chance(0.35) ? int(2014, 2025) : NEVER;
  const sustainabilityGaps = csrPath ? 0 : 0.2 * rand();
  const environmental = chance(HEAVY.has(industry.code) ? 0.55 : 0.25);
  const environmentalFrom = environmental ? int(2005, 2018) : NEVER;
  const environmentalUntil = environmental && chance(0.5) ? environmentalFrom + int(3, 10) : NEVER;
  const environmentalBiennial = chance(0.3);
  // Environmental reports that stop are followed by sustainability reports.
  if (environmentalUntil !== NEVER && sustainabilityFrom === NEVER) sustainabilityFrom = environmentalUntil + 1;
  if (integratedFrom === NEVER && csrFrom === NEVER && sustainabilityFrom === NEVER && environmentalFrom === NEVER) {
    sustainabilityFrom = max(min(discloseFrom, 2025), int(2018, 2025));
  }
  // A company that publishes a report discloses its emissions in it.
  discloseFrom = min(discloseFrom, integratedFrom, csrFrom, sustainabilityFrom, environmentalFrom);

  const code = demoCompanyCode(n);
  const [baseJa, baseEn] = makeName(industry, mulberry32(recordSeed(seed ^ 0x5a5a_5a5a, n)), names, code);
  return {
    code, industry, market, baseJa, baseEn, s1, s2, s3, s1Rate, s2Rate, s3Rate, marketFactor,
    discloseFrom, locationReported, marketFrom, scope3From, categoriesFrom, categories,
    renewFrom, renew0, renewSlope, renewAccel, sbt, tcfdFrom, cdpFrom, cdpBase, cdpImprove, cdpFailing,
    integratedFrom, csrFrom, csrUntil, sustainabilityFrom, sustainabilityGaps,
    environmentalFrom, environmentalUntil, environmentalBiennial,
  };
}

function pickCdf(cdf: readonly number[], roll: number): number {
  for (let i = 0; i < cdf.length; i++) if (roll < cdf[i]) return i;
  return cdf.length - 1;
}

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/** The sector's main Scope 3 categories plus a few others, with shares that add up to 1. */
function makeCategories(industry: DemoIndustry, rand: Random): (readonly [string, number])[] {
  const chosen = [...industry.scope3Main];
  const extra = 1 + floor(rand() * 5);
  for (let attempt = 0; chosen.length < industry.scope3Main.length + extra && attempt < 20; attempt++) {
    const c = 1 + floor(rand() * 15);
    if (!chosen.includes(c)) chosen.push(c);
  }
  const weights = chosen.map((_, i) => (i === 0 ? 3 + 4 * rand() : i < industry.scope3Main.length ? 0.5 + 1.5 * rand() : 0.05 + 0.3 * rand()));
  const total = weights.reduce((a, b) => a + b, 0);
  return chosen.map((c, i) => [String(c), weights[i] / total] as const);
}

/** none → committed → WB2C/1.5C (WB2C validations before 2022, some upgraded to 1.5C later). */
function makeSbtPlan(tier: number, rand: Random): SbtPlan | null {
  const engaged = rand() < [0.7, 0.3, 0.12][tier];
  const commitRoll = rand();
  const directRoll = rand();
  const lagRoll = rand();
  const classRoll = rand();
  const upgradeRoll = rand();
  const nearRoll = rand();
  const netZeroRoll = rand();
  const netZeroLag = floor(rand() * 3);
  if (!engaged) return null;
  const commit = 2015 + ceil(10 * commitRoll ** 0.7);
  const valid = directRoll < 0.15 ? commit : directRoll < 0.3 ? NEVER : commit + 1 + floor(lagRoll * 2.5);
  const validClass = valid >= 2022 ? '1.5C' : valid <= 2019 ? (classRoll < 0.75 ? 'WB2C' : '1.5C') : classRoll < 0.4 ? 'WB2C' : '1.5C';
  const upgrade = validClass === 'WB2C' && upgradeRoll < 0.5 ? max(valid + 1, 2022 + floor(upgradeRoll * 8)) : NEVER;
  const nearTerm = max(NEAR_TERM_YEARS[floor(nearRoll * NEAR_TERM_YEARS.length)], min(valid, 2090) + 5);
  const onePointFive = validClass === '1.5C' ? valid : upgrade;
  const netZero = onePointFive < NEVER && netZeroRoll < 0.45 ? (netZeroRoll < 0.3 ? 2050 : netZeroRoll < 0.38 ? 2045 : 2040) : null;
  return { commit, valid, validClass, upgrade, nearTerm, netZero, netZeroFrom: max(2021, onePointFive) + netZeroLag };
}

function makeName(industry: DemoIndustry, rand: Random, names: Set<string>, code: string): Pair {
  const pick = <T>(xs: readonly T[]): T => xs[floor(rand() * xs.length)];
  let ja = '';
  let en = '';
  // A prefix, a business word and a form; once those collide, two prefixes (30,000+ names a sector).
  for (let attempt = 0; attempt < 40; attempt++) {
    const prefix = pick(NAME_PREFIXES);
    const second = attempt < 8 ? null : pick(NAME_PREFIXES);
    const stem = pick(industry.stems);
    const form = pick(CORPORATE_FORMS);
    if (second === prefix) continue;
    ja = `${prefix[0]}${second ? second[0] : ''}${stem[0]}${form[0]}`;
    en = `${prefix[1]}${second ? ` ${second[1]}` : ''} ${stem[1]} ${form[1]}`;
    if (!names.has(ja)) break;
  }
  if (names.has(ja)) {
    ja = `${ja}${code}`;
    en = en.replace(/ (Co\.|Holdings|Group)/, ` ${code} $1`);
  }
  names.add(ja);
  return [ja, en];
}

function companyRecord(p: Profile): CompanyInput {
  const sizeCategory = p.market === 'Growth' ? null : sizeCategoryOf(p);
  return {
    code: p.code,
    name_ja: `${p.baseJa}${DEMO_COMPANY_MARKERS.ja}`,
    name_en: `${p.baseEn}${DEMO_COMPANY_MARKERS.en}`,
    industry_code: p.industry.code,
    industry_name: p.industry.name_ja,
    market: p.market,
    foreign: false,
    sector17_code: p.industry.sector17[0],
    sector17_name: p.industry.sector17[1],
    size_category: sizeCategory,
    as_of: DEMO_COMPANY_AS_OF,
    source: DEMO_SOURCE,
  };
}

function sizeCategoryOf(p: Profile): string | null {
  // Scope 1+2 relative to the sector's typical company stands in for market capitalisation.
  const relative = (p.s1 + p.s2) / (p.industry.scope1 + p.industry.scope2);
  if (p.market === 'Standard') return relative > 0.25 ? 'TOPIX Small 2' : null;
  if (relative > 6) return 'TOPIX Core30';
  if (relative > 3.5) return 'TOPIX Large70';
  if (relative > 1) return 'TOPIX Mid400';
  if (relative > 0.35) return 'TOPIX Small 1';
  return 'TOPIX Small 2';
}

/** The report types a company published in a year; gaps and biennial reports use a hash of (company, year, type). */
function reportTypesOf(p: Profile, year: number, companySeed: number): ReportType[] {
  const types: ReportType[] = [];
  if (year >= p.integratedFrom) types.push('integrated');
  if (year >= p.sustainabilityFrom && (p.sustainabilityGaps === 0 || recordSeed(companySeed ^ 0x51, year) / 4294967296 >= p.sustainabilityGaps)) {
    types.push('sustainability');
  }
  if (year >= p.environmentalFrom && year <= p.environmentalUntil && (!p.environmentalBiennial || (year - p.environmentalFrom) % 2 === 0)) {
    types.push('environmental');
  }
  if (year >= p.csrFrom && year <= p.csrUntil) types.push('csr');
  return types;
}

const tonnes = (v: number): number => (v >= 100 ? round(v) : round(v * 10) / 10);

function metricRecord(p: Profile, year: number, yr: Random): MetricInput {
  const t = year - BASE_YEAR;
  const dip = year === 2021 ? (COVID_DIP[p.industry.code] ?? 0.95) : 1;
  const wobble = () => 1 + 0.03 * clamp(gaussian(yr), -3, 3);
  const disclosed = year >= p.discloseFrom;

  const renewable = year >= p.renewFrom ? round(1000 * clamp(p.renew0 + p.renewSlope * (year - 2012) + p.renewAccel * max(0, year - 2020) ** 1.5, 0, 1)) / 1000 : null;
  const s1 = p.s1 * (1 + p.s1Rate) ** t * dip * wobble();
  const s2Location = p.s2 * (1 + p.s2Rate) ** t * dip * wobble();
  const s2Market = s2Location * (1 - (renewable ?? 0)) * p.marketFactor;
  let s3: number | null = null;
  let categories: Record<string, number> | null = null;
  if (year >= p.scope3From) {
    const expected = p.s3 * (1 + p.s3Rate) ** t * dip;
    if (year >= p.categoriesFrom) {
      categories = {};
      let sum = 0;
      for (const [category, share] of p.categories) {
        const value = tonnes(expected * share * wobble());
        categories[category] = value;
        sum += value;
      }
      s3 = round(sum);
    } else {
      s3 = tonnes(expected * wobble());
    }
  }

  const sbt = sbtAt(p.sbt, year);
  const cdp = cdpAt(p, year, yr);
  return {
    company_code: p.code,
    publication_year: year,
    scope1: disclosed ? tonnes(s1) : null,
    scope2_location: disclosed && p.locationReported ? tonnes(s2Location) : null,
    scope2_market: disclosed && year >= p.marketFrom ? tonnes(s2Market) : null,
    scope3_total: s3,
    scope3_categories: categories,
    unit: 't-CO2e',
    sbt_status: sbt.status,
    sbt_near_term_year: sbt.nearTerm,
    sbt_net_zero_year: sbt.netZero,
    tcfd_supporter: year >= p.tcfdFrom,
    cdp_score: cdp,
    renewable_ratio: renewable,
    sources: {},
    raw_extraction: null,
    source: DEMO_SOURCE,
  };
}

function sbtAt(plan: SbtPlan | null, year: number): { status: SbtStatus; nearTerm: number | null; netZero: number | null } {
  if (!plan || year < plan.commit) return { status: 'none', nearTerm: null, netZero: null };
  if (year < plan.valid) return { status: 'committed', nearTerm: null, netZero: null };
  const status = year >= plan.upgrade ? '1.5C' : plan.validClass;
  return { status, nearTerm: plan.nearTerm, netZero: status === '1.5C' && plan.netZero !== null && year >= plan.netZeroFrom ? plan.netZero : null };
}

function cdpAt(p: Profile, year: number, yr: Random): (typeof CDP_SCORES)[number] | null {
  const roll = yr();
  const drift = gaussian(yr);
  if (year >= p.cdpFrom) {
    // A (0) … D- (7): improving from the base grade, with a grade of noise either way.
    const index = clamp(round(p.cdpBase - p.cdpImprove * (year - p.cdpFrom) + 0.8 * drift), 0, 7);
    return CDP_SCORES[index];
  }
  // Asked but not answering: F in some of the three years before a company starts to respond, or in
  // some years throughout for a company that never does.
  const asked = p.cdpFrom === NEVER ? year >= 2010 : year >= p.cdpFrom - 3;
  return asked && roll < p.cdpFailing ? 'F' : null;
}

function reportRecord(p: Profile, type: ReportType, year: number, metric: MetricInput, yr: Random): ReportInput {
  const [titleJa, titleEn] = REPORT_TITLES[type];
  const figures: Record<string, number | string> = { fiscal_year: year - 1 };
  let emissions = false;
  for (const figure of FIGURES_BY_TYPE[type]) {
    const value = metric[figure];
    if (value == null) continue;
    if (figure === 'renewable_ratio') figures.renewable_ratio = value as number;
    else if (figure === 'scope3_categories') figures.scope3_category_count = Object.keys(value).length;
    else {
      figures[`${figure}_t`] = value as number;
      emissions = true;
    }
  }
  if (emissions) figures.unit = 't-CO2e';
  const url = `${DEMO_REPORT_BASE_URL}/${p.code}/${year}/${type}`;
  return {
    company_code: p.code,
    type,
    publication_year: year,
    title: `${p.baseJa} ${titleJa}${year}${DEMO_COMPANY_MARKERS.ja} | ${p.baseEn} ${titleEn} ${year}${DEMO_COMPANY_MARKERS.en}`,
    source_url: url,
    pdf_url: yr() < 0.92 ? `${url}.pdf` : null,
    figures,
    source: DEMO_SOURCE,
  };
}
