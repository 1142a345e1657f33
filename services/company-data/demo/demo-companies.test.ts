import fs from 'node:fs';
import path from 'node:path';
import {
  CDP_SCORES, COMPANY_CODE, REPORT_TYPES, SBT_STATUSES, companyInputSchema, metricInputSchema, reportIdOf, reportInputSchema,
  type MetricInput, type ReportInput,
} from '../company-inputs';
import {
  DEFAULT_DEMO_COMPANY_COUNT, DEMO_COMPANY_AS_OF, DEMO_COMPANY_MARKERS, DEMO_GENERATOR, DEMO_REPORT_BASE_URL, MAX_DEMO_COMPANIES,
  demoCompanyCode, generateDemoCompanyData, type DemoCompanyData,
} from './demo-companies';

const data = generateDemoCompanyData();
const { companies, reports, metrics } = data;

/** The 33 sectors as the migration inserts them. */
const MIGRATION_INDUSTRIES: ReadonlyMap<string, string> = (() => {
  const sql = fs.readFileSync(path.join(__dirname, '../../../infra/migrations/004_company_data.sql'), 'utf8');
  return new Map([...sql.matchAll(/\('(\d{4})', '([^']+)', '([^']+)'\)/g)].map((m) => [m[1], m[2]]));
})();

const reportId = (r: ReportInput) => reportIdOf({ company_code: r.company_code, publication_year: r.publication_year, type: r.type });
const metricKey = (m: MetricInput) => `${m.company_code}/${m.publication_year}`;
const byCompany = <T extends { company_code: string }>(items: readonly T[]): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(item.company_code);
    if (list) list.push(item);
    else map.set(item.company_code, [item]);
  }
  return map;
};

/** Referential and uniqueness checks that must hold at any size. */
function expectConsistent({ companies, reports, metrics }: DemoCompanyData, years: number): void {
  const codes = new Set(companies.map((c) => c.code));
  expect(codes.size).toBe(companies.length);
  expect(metrics).toHaveLength(companies.length * years);
  expect(new Set(metrics.map(metricKey)).size).toBe(metrics.length);
  const ids = new Set(reports.map(reportId));
  expect(ids.size).toBe(reports.length);
  const missing: string[] = [];
  for (const r of reports) if (!codes.has(r.company_code)) missing.push(reportId(r));
  for (const m of metrics) {
    if (!codes.has(m.company_code)) missing.push(metricKey(m));
    for (const id of Object.values(m.sources ?? {})) {
      if (!ids.has(id) || !id.startsWith(`rpt_${m.company_code}_${m.publication_year}_`)) missing.push(`${metricKey(m)} → ${id}`);
    }
  }
  expect(missing).toEqual([]);
}

describe('generateDemoCompanyData', () => {
  it('generates 120 companies, one metrics record per company and year 2016–2025, and their reports', () => {
    expect(companies).toHaveLength(DEFAULT_DEMO_COMPANY_COUNT);
    expect(metrics).toHaveLength(DEFAULT_DEMO_COMPANY_COUNT * 10);
    expect(reports.length).toBeGreaterThan(companies.length * 5);
    expect([...new Set(metrics.map((m) => m.publication_year))].sort()).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    expectConsistent(data, 10);
  });

  it('generates records that all pass their input schemas', () => {
    const failures: string[] = [];
    const check = (label: string, result: { success: boolean; error?: { message: string } }) => {
      if (!result.success) failures.push(`${label}: ${result.error?.message}`);
    };
    for (const c of companies) check(c.code, companyInputSchema.safeParse(c));
    for (const r of reports) check(reportId(r), reportInputSchema.safeParse(r));
    for (const m of metrics) check(metricKey(m), metricInputSchema.safeParse(m));
    expect(failures).toEqual([]);
    // Parsing changes nothing: the records are already in their stored form.
    expect(companyInputSchema.parse(companies[0])).toEqual(companies[0]);
    expect(metricInputSchema.parse(metrics[0])).toEqual(metrics[0]);
  });

  it('is deterministic for the same options and differs for another seed', () => {
    expect(generateDemoCompanyData()).toEqual(data);
    const options = { companies: 30, years: 4, seed: 7, firstYear: 2020 };
    expect(generateDemoCompanyData(options)).toEqual(generateDemoCompanyData(options));
    const other = generateDemoCompanyData({ seed: 12345 });
    expect(other.companies.map((c) => c.code)).toEqual(companies.map((c) => c.code));
    expect(other.companies.map((c) => c.name_ja)).not.toEqual(companies.map((c) => c.name_ja));
    expect(other.metrics.map((m) => m.scope1)).not.toEqual(metrics.map((m) => m.scope1));
  });

  it('gives company n the same records whatever count is requested', () => {
    const few = generateDemoCompanyData({ companies: 40 });
    const codes = new Set(few.companies.map((c) => c.code));
    expect(few.companies).toEqual(companies.slice(0, 40));
    expect(few.metrics).toEqual(metrics.filter((m) => codes.has(m.company_code)));
    expect(few.reports).toEqual(reports.filter((r) => codes.has(r.company_code)));
  });

  it('gives codes no real issue can have: 0001…0999, then 0A00…', () => {
    expect(demoCompanyCode(1)).toBe('0001');
    expect(demoCompanyCode(999)).toBe('0999');
    expect(demoCompanyCode(1000)).toBe('0A00');
    expect(demoCompanyCode(1001)).toBe('0A01');
    expect(demoCompanyCode(1010)).toBe('0A0A');
    expect(demoCompanyCode(3838)).toMatch(/^0[B-Z][0-9A-Z]{2}$/);
    const all = Array.from({ length: MAX_DEMO_COMPANIES }, (_, i) => demoCompanyCode(i + 1));
    expect(new Set(all).size).toBe(MAX_DEMO_COMPANIES);
    expect(all.filter((code) => !COMPANY_CODE.test(code) || code[0] !== '0')).toEqual([]);
    expect(all.filter((c) => /^[0-9]{4}$/.test(c))).toHaveLength(999);
    expect(() => demoCompanyCode(0)).toThrow(RangeError);
    expect(() => demoCompanyCode(MAX_DEMO_COMPANIES + 1)).toThrow(RangeError);
    expect(companies.map((c) => c.code)).toEqual(all.slice(0, companies.length));
  });

  it('marks every record as generated demo data', () => {
    const names = new Set<string>();
    for (const c of companies) {
      expect(c.source).toBe('demo');
      expect(c.name_ja.endsWith(DEMO_COMPANY_MARKERS.ja)).toBe(true);
      expect(c.name_en?.endsWith(DEMO_COMPANY_MARKERS.en)).toBe(true);
      expect(c.name_ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(c.name_en).toMatch(/^[\x20-\x7e]+$/);
      expect(c.as_of).toBe(DEMO_COMPANY_AS_OF);
      expect(c.foreign).toBe(false);
      names.add(c.name_ja);
    }
    expect(names.size).toBe(companies.length);
    for (const r of reports) {
      expect(r.source).toBe('demo');
      expect(r.title).toContain(DEMO_COMPANY_MARKERS.ja);
      expect(r.title).toContain(DEMO_COMPANY_MARKERS.en);
      expect(r.title).toContain(String(r.publication_year));
      const url = `${DEMO_REPORT_BASE_URL}/${r.company_code}/${r.publication_year}/${r.type}`;
      expect(r.source_url).toBe(url);
      if (r.pdf_url !== null) expect(r.pdf_url).toBe(`${url}.pdf`);
    }
    expect(reports.filter((r) => r.pdf_url === null).length).toBeGreaterThan(0);
    const raw = metrics.filter((m) => m.raw_extraction);
    expect(raw.length).toBeGreaterThan(metrics.length / 10);
    for (const m of metrics) {
      expect(m.source).toBe('demo');
      expect(m.unit).toBe('t-CO2e');
      if (m.raw_extraction) expect(m.raw_extraction).toMatchObject({ generator: DEMO_GENERATOR, generated: true, model: null });
    }
  });

  it('covers all 33 sectors with the migration’s codes and names, every market and every report type', () => {
    expect(MIGRATION_INDUSTRIES.size).toBe(33);
    const seen = new Map(companies.map((c) => [c.industry_code, c.industry_name]));
    expect([...seen.keys()].sort()).toEqual([...MIGRATION_INDUSTRIES.keys()].sort());
    for (const c of companies) expect(c.industry_name).toBe(MIGRATION_INDUSTRIES.get(c.industry_code));
    for (const c of companies) expect(c.sector17_code).toMatch(/^([1-9]|1[0-7])$/);
    expect(new Set(companies.map((c) => c.market))).toEqual(new Set(['Prime', 'Standard', 'Growth']));
    expect(new Set(reports.map((r) => r.type))).toEqual(new Set(REPORT_TYPES));
  });

  it('publishes 1–4 report types per company, most of them in several years', () => {
    const perCompany = byCompany(reports);
    expect(perCompany.size).toBe(companies.length);
    const typeCounts = new Set<number>();
    let multiYear = 0;
    let typesTotal = 0;
    for (const list of perCompany.values()) {
      const years = new Map<string, number>();
      for (const r of list) years.set(r.type, (years.get(r.type) ?? 0) + 1);
      expect(years.size).toBeGreaterThanOrEqual(1);
      expect(years.size).toBeLessThanOrEqual(4);
      typeCounts.add(years.size);
      typesTotal += years.size;
      multiYear += [...years.values()].filter((n) => n >= 2).length;
    }
    expect(typeCounts).toEqual(new Set([1, 2, 3, 4]));
    expect(multiYear / typesTotal).toBeGreaterThan(0.8);
    // Integrated reports, once started, come out every year.
    for (const list of perCompany.values()) {
      const integrated = list.filter((r) => r.type === 'integrated').map((r) => r.publication_year);
      if (integrated.length > 0) expect(integrated).toEqual(Array.from({ length: 2026 - integrated[0] }, (_, i) => integrated[0] + i));
    }
  });

  it('uses all four SBT statuses and every CDP score, with TCFD support spreading over time', () => {
    expect(new Set(metrics.map((m) => m.sbt_status))).toEqual(new Set(SBT_STATUSES));
    expect(new Set(metrics.map((m) => m.cdp_score).filter((s) => s !== null))).toEqual(new Set(CDP_SCORES));
    const tcfd = (year: number) => metrics.filter((m) => m.publication_year === year && m.tcfd_supporter).length;
    expect(tcfd(2016)).toBe(0);
    expect(tcfd(2025)).toBeGreaterThan(tcfd(2019));
    const validated = metrics.filter((m) => m.sbt_status === 'WB2C' || m.sbt_status === '1.5C');
    for (const m of validated) expect(m.sbt_near_term_year).toBeGreaterThanOrEqual(2025);
    for (const m of metrics.filter((m) => m.sbt_status === 'none' || m.sbt_status === 'committed')) {
      expect(m.sbt_near_term_year).toBeNull();
      expect(m.sbt_net_zero_year).toBeNull();
    }
    expect(metrics.some((m) => m.sbt_net_zero_year === 2050)).toBe(true);
  });

  it('moves each company’s SBT status only forwards: none → committed → WB2C → 1.5C', () => {
    const rank = { none: 0, committed: 1, WB2C: 2, '1.5C': 3 } as const;
    let progressing = 0;
    for (const list of byCompany(metrics).values()) {
      const ranks = list.map((m) => rank[m.sbt_status ?? 'none']);
      for (let i = 1; i < ranks.length; i++) expect(ranks[i]).toBeGreaterThanOrEqual(ranks[i - 1]);
      if (ranks[0] < ranks[ranks.length - 1]) progressing++;
    }
    expect(progressing).toBeGreaterThan(companies.length / 5);
  });

  it('gives plausible emissions: sector magnitudes, mostly declining, Scope 3 categories adding up', () => {
    const latest = metrics.filter((m) => m.publication_year === 2025);
    const sector = new Map(companies.map((c) => [c.code, c.industry_code]));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const scope1Of = (codes: readonly string[]) => median(latest.filter((m) => codes.includes(sector.get(m.company_code) ?? '') && m.scope1 != null).map((m) => m.scope1 as number));
    expect(scope1Of(['3450', '4050', '3400'])).toBeGreaterThan(10 * scope1Of(['7050', '7100', '9050', '5250']));

    let declining = 0;
    let disclosing = 0;
    for (const list of byCompany(metrics).values()) {
      const series = list.filter((m) => m.scope1 != null).map((m) => m.scope1 as number);
      if (series.length < 5) continue;
      disclosing++;
      if (series[series.length - 1] < series[0]) declining++;
      const ratios = list.filter((m) => m.renewable_ratio != null).map((m) => m.renewable_ratio as number);
      for (let i = 1; i < ratios.length; i++) expect(ratios[i]).toBeGreaterThanOrEqual(ratios[i - 1]);
    }
    expect(disclosing).toBeGreaterThan(companies.length / 2);
    expect(declining / disclosing).toBeGreaterThan(0.7);

    const withCategories = metrics.filter((m) => m.scope3_categories);
    expect(withCategories.length).toBeGreaterThan(50);
    for (const m of withCategories) {
      const values = Object.values(m.scope3_categories ?? {});
      expect(values.length).toBeGreaterThanOrEqual(3);
      expect(m.scope3_total).toBeCloseTo(values.reduce((a, b) => a + b, 0), -1);
    }
    for (const m of metrics) {
      if (m.scope2_market != null && m.scope2_location != null) expect(m.scope2_market).toBeLessThanOrEqual(m.scope2_location * 1.1);
      if (m.renewable_ratio != null) expect(m.renewable_ratio).toBeLessThanOrEqual(1);
    }
    expect(metrics.filter((m) => m.scope3_total != null).length).toBeGreaterThan(metrics.length / 4);
    expect(metrics.filter((m) => m.scope1 == null).length).toBeGreaterThan(0);
  });

  it('cites, for each figure, a report of that company and year that carries the same figure', () => {
    const byId = new Map(reports.map((r) => [reportId(r), r]));
    let cited = 0;
    for (const m of metrics) {
      for (const [figure, id] of Object.entries(m.sources ?? {})) {
        cited++;
        const value = m[figure as keyof MetricInput];
        expect(value).not.toBeNull();
        const figures = byId.get(id)?.figures ?? {};
        if (figure === 'scope3_categories') expect(figures.scope3_category_count).toBe(Object.keys(value as object).length);
        else if (figure === 'renewable_ratio') expect(figures.renewable_ratio).toBe(value);
        else expect(figures[`${figure}_t`]).toBe(value);
      }
      const hasReport = REPORT_TYPES.some((type) => byId.has(reportIdOf({ company_code: m.company_code, publication_year: m.publication_year, type })));
      if (!hasReport) expect(m.sources).toEqual({});
    }
    expect(cited).toBeGreaterThan(metrics.length);
    for (const r of reports) expect(r.figures?.fiscal_year).toBe(r.publication_year - 1);
  });

  it('generates 3,838 companies × 10 years consistently', () => {
    const big = generateDemoCompanyData({ companies: 3838 });
    expect(big.companies).toHaveLength(3838);
    expect(big.metrics).toHaveLength(38_380);
    expectConsistent(big, 10);
    expect(new Set(big.companies.map((c) => c.name_ja)).size).toBe(3838);
    expect(big.companies.filter((c) => !COMPANY_CODE.test(c.code) || c.code[0] !== '0')).toEqual([]);
    expect(big.companies[999].code).toBe('0A00');
    expect(new Set(big.companies.map((c) => c.industry_code)).size).toBe(33);
    // Spot-check the schemas on a sample of the large set.
    for (let i = 0; i < big.metrics.length; i += 97) expect(metricInputSchema.safeParse(big.metrics[i]).success).toBe(true);
    for (let i = 0; i < big.reports.length; i += 97) expect(reportInputSchema.safeParse(big.reports[i]).success).toBe(true);
    for (let i = 0; i < big.companies.length; i += 17) expect(companyInputSchema.safeParse(big.companies[i]).success).toBe(true);
  });

  it('honours the years and firstYear options', () => {
    const some = generateDemoCompanyData({ companies: 50, years: 3, firstYear: 2030 });
    expect(new Set(some.metrics.map((m) => m.publication_year))).toEqual(new Set([2030, 2031, 2032]));
    expect(new Set(some.reports.map((r) => r.publication_year)).size).toBeGreaterThan(0);
    for (const r of some.reports) expect([2030, 2031, 2032]).toContain(r.publication_year);
    expectConsistent(some, 3);
    // An early range still gives every company a report.
    const early = generateDemoCompanyData({ companies: 50, years: 2, firstYear: 1995 });
    expectConsistent(early, 2);
    expect(new Set(early.reports.map((r) => r.company_code)).size).toBe(50);
    expect(generateDemoCompanyData({ companies: 0 })).toEqual({ companies: [], reports: [], metrics: [] });
    // A year inside both ranges is the same record (for the companies that need no fallback report in the shorter range).
    const shifted = generateDemoCompanyData({ companies: 40, years: 3, firstYear: 2020 });
    const inRange = new Set(reports.filter((r) => r.publication_year >= 2020 && r.publication_year <= 2022 && r.company_code < '0041').map((r) => r.company_code));
    expect(inRange.size).toBeGreaterThan(30);
    const year2021 = (list: readonly MetricInput[]) => list.filter((m) => m.publication_year === 2021 && inRange.has(m.company_code));
    expect(year2021(shifted.metrics)).toEqual(year2021(metrics));
    expect(shifted.reports.filter((r) => inRange.has(r.company_code))).toEqual(reports.filter((r) => inRange.has(r.company_code) && r.publication_year >= 2020 && r.publication_year <= 2022));
  });

  it('rejects invalid options', () => {
    expect(() => generateDemoCompanyData({ companies: -1 })).toThrow(RangeError);
    expect(() => generateDemoCompanyData({ companies: 1.5 })).toThrow(RangeError);
    expect(() => generateDemoCompanyData({ companies: MAX_DEMO_COMPANIES + 1 })).toThrow(RangeError);
    expect(() => generateDemoCompanyData({ years: 0 })).toThrow(RangeError);
    expect(() => generateDemoCompanyData({ firstYear: 1989 })).toThrow(RangeError);
    expect(() => generateDemoCompanyData({ firstYear: 2095, years: 10 })).toThrow(RangeError);
    expect(() => generateDemoCompanyData({ seed: Number.NaN })).toThrow(RangeError);
  });
});
