import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadCompanies } from '../../services/company-data/loaders/company.loader';
import { loadMetrics } from '../../services/company-data/loaders/metric.loader';
import { loadReports } from '../../services/company-data/loaders/report.loader';
import { loadSbtTargets } from '../../services/company-data/loaders/sbt.loader';
import { CompanyWriter, type NewCompany } from '../../services/company-data/repositories/company.writer';
import { readJsonLines } from '../../shared/loading/json-lines';
import { describeWithReferenceData, itWithReferenceData, referenceFile } from '../support/reference-data';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { scratchDir } from '../support/test-run';
import { waitFor } from '../support/wait-for';

const run = promisify(execFile);

const COMPANIES_FILE = referenceFile('companies.jsonl');
const SBT_FILE = referenceFile('sbt_targets.jsonl');

interface CompanyLine {
  code: string;
  name_ja: string;
  name_en: string | null;
  industry_code: string;
  market: string;
}
interface SbtLine {
  sbti_id: string;
  tse_code: string | null;
  near_term_status: string | null;
  near_term_target_classification: string | null;
  near_term_target_year: string | null;
  date_updated: string;
}

const readFile = <T>(file: string): T[] =>
  fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as T);

function writeLines(lines: string[], name = 'data.jsonl'): string {
  const file = path.join(scratchDir('company-load'), name);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const countBy = <T>(items: T[], key: (item: T) => string): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

async function countRows(database: TestDatabase, table: string): Promise<number> {
  return (await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
}

/** Each row's update time as Postgres text (microseconds, which a JS Date would lose). */
async function updateTimes(database: TestDatabase, table: string, key: string): Promise<Map<string, string>> {
  const result = await database.db.query<{ k: string; t: string }>(`SELECT ${key}::text AS k, updated_at::text AS t FROM ${table}`);
  return new Map(result.rows.map((r) => [r.k, r.t]));
}

/** Waits until Postgres's clock has passed every recorded update time, so a needless update would show. */
const clockPast = (database: TestDatabase, times: Map<string, string>) =>
  waitFor('the database clock to pass the recorded update times', async () => {
    const result = await database.db.query<{ past: boolean }>('SELECT coalesce(clock_timestamp() > max(t::timestamptz), true) AS past FROM unnest($1::text[]) AS t', [[...times.values()]]);
    return result.rows[0]!.past;
  });

/** The SBTi rule, written here again on its own: near-term status and classification → the spec's value. */
function expectedStatus(row: SbtLine): string {
  if (row.near_term_status === 'Committed') return 'committed';
  if (row.near_term_status !== 'Targets set') return 'none';
  const c = row.near_term_target_classification ?? '';
  if (c.startsWith('1.5°C')) return '1.5C';
  if (c.startsWith('Well-below 2°C') || c.startsWith('2°C')) return 'WB2C';
  return 'none';
}
const RANK: Record<string, number> = { '1.5C': 3, WB2C: 2, committed: 1, none: 0 };

const company = (extra: object = {}) =>
  JSON.stringify({ code: '7203', name_ja: 'トヨタ自動車', name_en: 'TOYOTA MOTOR CORPORATION', industry_code: '3700', market: 'Prime', ...extra });

describeWithReferenceData('company data loaders: the real companies.jsonl and sbt_targets.jsonl', ['companies.jsonl', 'sbt_targets.jsonl'], () => {
  let database: TestDatabase;
  const companies = readFile<CompanyLine>(COMPANIES_FILE);
  const sbtRows = readFile<SbtLine>(SBT_FILE);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('loads the 3,838 lines of companies.jsonl: 3,836 companies, 2 preferred-share issues skipped', async () => {
    // Two lines are preferred shares (five-character codes, 25935 伊藤園 優先株式) of companies that have
    // their own line: issues, not companies; a securities code has four characters (schema and table).
    const preferred = companies.filter((c) => c.code.length === 5);
    expect(preferred.map((c) => [c.code, c.name_ja])).toEqual([['25935', '伊藤園 優先株式'], ['94345', 'ソフトバンク 優先株式']]);
    const listed = companies.filter((c) => c.code.length === 4);
    expect(preferred.every((p) => listed.some((c) => c.code === p.code.slice(0, 4)))).toBe(true);

    const report = await loadCompanies(readJsonLines(COMPANIES_FILE), database.db);
    expect(report).toEqual({ read: 3838, inserted: 3836, updated: 0, unchanged: 0, repeated: 0, skipped: 2, rejected: [] });
    expect(await countRows(database, 'companies')).toBe(listed.length);
    expect(listed.length).toBe(3836);

    // Counts per industry (the file's codes lack their leading zero: 50 = 0050).
    const fileCounts = countBy(listed, (c) => c.industry_code.padStart(4, '0'));
    const stored = await database.db.query<{ industry_code: string; n: number }>(
      'SELECT industry_code, count(*)::int AS n FROM companies GROUP BY industry_code',
    );
    expect(Object.fromEntries(stored.rows.map((r) => [r.industry_code, r.n]))).toEqual(fileCounts);
    expect(Object.keys(fileCounts)).toHaveLength(33);
    expect(fileCounts['0050']).toBeGreaterThan(0);

    const rows = await database.db.query<{ code: string; name_ja: string; name_en: string | null; market: string }>(
      'SELECT code, name_ja, name_en, market FROM companies',
    );
    const byCode = new Map(rows.rows.map((r) => [r.code, r]));
    for (const c of listed) {
      expect(byCode.get(c.code)).toEqual({ code: c.code, name_ja: c.name_ja, name_en: c.name_en, market: c.market });
    }
    expect(byCode.get('130A')).toMatchObject({ name_ja: 'Veritas In Silico', name_en: null, market: 'Growth' });
    expect(byCode.get('1301')).toMatchObject({ name_ja: '極洋', name_en: 'KYOKUYO CO., LTD.' });
    expect(byCode.get('2593')).toMatchObject({ name_ja: '伊藤園', name_en: 'ITO EN,LTD.' });
    expect([...byCode.keys()].filter((code) => /[A-Z]/.test(code)).length).toBe(listed.filter((c) => /[A-Z]/.test(c.code)).length);
    expect(countBy(rows.rows, (r) => r.market)).toEqual(countBy(listed, (c) => c.market));
    expect(countBy(companies, (c) => c.market)).toEqual({ Prime: 1646, Standard: 1603, Growth: 589 }); // the file, as its README says
    const kyokuyo = await database.db.query('SELECT industry_code, as_of::text, is_foreign FROM companies WHERE code = $1', ['1301']);
    expect(kyokuyo.rows[0]).toEqual({ industry_code: '0050', as_of: '2024-06-28', is_foreign: false });
  });

  it('a second load of companies.jsonl changes nothing (other batch size too)', async () => {
    const before = await updateTimes(database, 'companies', 'code');
    await clockPast(database, before);
    const report = await loadCompanies(readJsonLines(COMPANIES_FILE), database.db, { batchSize: 777 });
    expect(report).toMatchObject({ read: 3838, inserted: 0, updated: 0, unchanged: 3836, skipped: 2, rejected: [] });
    expect(await updateTimes(database, 'companies', 'code')).toEqual(before);
  });

  it('sbt_targets.jsonl: statuses of known companies follow the mapping rule, one row per company', async () => {
    const linked = sbtRows.filter((r) => r.tse_code);
    const codes = new Set(linked.map((r) => r.tse_code!));
    const report = await loadSbtTargets(readJsonLines(SBT_FILE), database.db);
    expect(report).toEqual({
      read: 2334,
      inserted: codes.size,
      updated: 0,
      unchanged: 0,
      repeated: linked.length - codes.size,
      skipped: sbtRows.length - linked.length,
      rejected: [],
    });
    expect(report.skipped).toBe(1940);
    expect(report.repeated).toBe(4);

    // The row kept per company: the most advanced status, then the latest date_updated.
    const expected = new Map<string, SbtLine>();
    for (const row of linked) {
      const kept = expected.get(row.tse_code!);
      const better =
        !kept ||
        RANK[expectedStatus(row)]! > RANK[expectedStatus(kept)]! ||
        (RANK[expectedStatus(row)] === RANK[expectedStatus(kept)] && row.date_updated > kept.date_updated);
      if (better) expected.set(row.tse_code!, row);
    }
    const stored = await database.db.query<{ company_code: string; status: string; sbti_id: string; sbti_status: string | null; sbti_classification: string | null; near_term_target_year: number | null; source_updated: string }>(
      'SELECT company_code, status, sbti_id, sbti_status, sbti_classification, near_term_target_year, source_updated::text FROM company_sbt',
    );
    expect(stored.rows).toHaveLength(expected.size);
    for (const row of stored.rows) {
      const source = expected.get(row.company_code)!;
      expect({ code: row.company_code, status: row.status, sbti_id: row.sbti_id, classification: row.sbti_classification }).toEqual({
        code: source.tse_code,
        status: expectedStatus(source),
        sbti_id: source.sbti_id,
        classification: source.near_term_target_classification,
      });
      expect(row.sbti_status).toBe(source.near_term_status);
      expect(row.source_updated).toBe(source.date_updated);
      expect(row.near_term_target_year).toBe(source.near_term_target_year ? Number(source.near_term_target_year.replace('FY', '')) : null);
    }
    const expectedCounts = countBy([...expected.values()], expectedStatus);
    expect(countBy(stored.rows, (r) => r.status)).toEqual(expectedCounts);
    expect(Object.keys(expectedCounts).sort()).toEqual(['1.5C', 'WB2C', 'committed', 'none']);

    const byCode = new Map(stored.rows.map((r) => [r.company_code, r]));
    expect(byCode.get('1928')).toMatchObject({ status: '1.5C', sbti_classification: '1.5°C', near_term_target_year: 2030 }); // Sekisui House, "FY2030"
    expect(byCode.get('9107')).toMatchObject({ status: 'WB2C', sbti_classification: '2°C' }); // an older 2°C target
    expect(byCode.get('7201')).toMatchObject({ status: 'WB2C' }); // "Well-below 2°C/Well-below 2°C"
    expect(byCode.get('7202')).toMatchObject({ status: 'none', sbti_status: 'Commitment removed' });
    expect(byCode.get('6146')).toMatchObject({ status: 'committed', sbti_status: 'Committed' });
    // The four codes with two rows: 7120's set 1.5°C target beats its later commitment; the others keep the later row.
    expect(byCode.get('7120')).toMatchObject({ status: '1.5C', sbti_id: '40019553' });
    expect(byCode.get('1711')).toMatchObject({ status: '1.5C', sbti_id: '40002678', source_updated: '2024-01-18' });
    expect(byCode.get('5380')).toMatchObject({ sbti_id: '40010833' });
    expect(byCode.get('8051')).toMatchObject({ sbti_id: '40023517' });
  });

  it('sbt: the same rows in another order or batch size change nothing', async () => {
    const before = await updateTimes(database, 'company_sbt', 'company_code');
    await clockPast(database, before);
    const again = await loadSbtTargets(readJsonLines(SBT_FILE), database.db);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 390, repeated: 4, skipped: 1940, rejected: [] });

    const lines = fs.readFileSync(SBT_FILE, 'utf8').split('\n').filter((l) => l.trim() !== '');
    const reversed = await loadSbtTargets(readJsonLines(writeLines([...lines].reverse())), database.db, { batchSize: 7 });
    expect(reversed).toMatchObject({ inserted: 0, updated: 0, unchanged: 390, repeated: 4, rejected: [] });
    // Each duplicated code's two rows, each first in turn, in separate batches.
    const dupes = lines.filter((l) => ['7120', '1711', '5380', '8051'].includes(JSON.parse(l).tse_code));
    for (const order of [dupes, [...dupes].reverse()]) {
      const report = await loadSbtTargets(readJsonLines(writeLines(order)), database.db, { batchSize: 1 });
      expect(report).toMatchObject({ read: 8, inserted: 0, updated: 0, unchanged: 4, repeated: 4 });
    }
    expect(await updateTimes(database, 'company_sbt', 'company_code')).toEqual(before);
  });

  it('sbt: an unknown company is rejected by line, a row without tse_code skipped, bad years and dates refused', async () => {
    const sbt = (extra: object) =>
      JSON.stringify({ sbti_id: '1', company_name: 'X', near_term_status: 'Targets set', near_term_target_classification: '1.5°C', near_term_target_year: 'FY2030', date_updated: '2024-01-01', ...extra });
    const file = writeLines([
      sbt({ tse_code: '1928' }), // differs from the row stored from the file: updated
      sbt({ tse_code: '1234' }),
      sbt({ tse_code: null }),
      sbt({ tse_code: '1301', near_term_target_year: 'FY20x0' }),
      sbt({ tse_code: '1301', date_updated: '2024-13-40' }),
      sbt({ tse_code: '72' }),
      '{"tse_code": "1301",',
      sbt({ tse_code: '1301', near_term_status: 'Committed', near_term_target_classification: null, near_term_target_year: null }),
    ]);
    const report = await loadSbtTargets(readJsonLines(file), database.db);
    expect(report.rejected.map((r) => r.line)).toEqual([2, 4, 5, 6, 7]);
    expect(report.rejected[0]!.error).toMatch(/no company 1234/);
    expect(report.rejected[1]!.error).toMatch(/near_term_target_year: "FY20x0" is not a year/);
    expect(report.rejected[2]!.error).toMatch(/date_updated: "2024-13-40" is not a date/);
    expect(report.rejected[3]!.error).toMatch(/^tse_code: /);
    expect(report.rejected[4]!.error).toMatch(/not valid JSON/);
    expect(report).toMatchObject({ read: 8, skipped: 1, updated: 1, inserted: 1 });
    const kyokuyo = await database.db.query('SELECT status, sbti_status FROM company_sbt WHERE company_code = $1', ['1301']);
    expect(kyokuyo.rows).toEqual([{ status: 'committed', sbti_status: 'Committed' }]);
  });
});

describe('company data loaders: bad lines, reports and metrics', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('companies: bad lines are reported with their numbers; the industry code is checked against the table', async () => {
    const file = writeLines([
      company({ code: '7203', industry_code: 3700 }),
      company({ code: '6758', industry_code: '3651' }),
      '{"code": "1301"',
      company({ code: '72' }),
      company({ code: '6501', name_ja: '' }),
      '',
      company({ code: '9984', market: 'Tokyo' }),
      company({ code: '130a', industry_code: '50' }),
      company({ code: '4502', industry_code: '9999' }),
      company({ code: '72030' }),
      company({ code: '72035', name_ja: 'トヨタ自動車 優先株式' }),
    ]);
    let report = await loadCompanies(readJsonLines(file), database.db);
    expect(report.rejected.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 7, 9, 10]);
    expect(report.rejected[0]!.error).toMatch(/^industry_code: /); // a number, not a string
    expect(report.rejected[1]!.error).toBe('industry_code: 3651 is not one of the TSE sectors in the industries table');
    expect(report.rejected[2]!.error).toMatch(/not valid JSON/);
    expect(report.rejected[3]!.error).toMatch(/^code: a securities code is 4 characters/);
    expect(report.rejected[4]!.error).toMatch(/^name_ja: /);
    expect(report.rejected[5]!.error).toMatch(/^market: /);
    expect(report.rejected[6]!.error).toMatch(/industry_code: 9999 is not one of the TSE sectors/);
    expect(report.rejected[7]!.error).toMatch(/^code: a securities code is 4 characters/);
    expect(report).toMatchObject({ read: 10, inserted: 1, skipped: 1 }); // line 11: preferred shares, not a company
    const stored = await database.db.query('SELECT code, industry_code FROM companies');
    expect(stored.rows).toEqual([{ code: '130A', industry_code: '0050' }]);

    // The check reads the industries table, not a list in the code.
    await database.db.query(`INSERT INTO industries (code, name_ja, name_en) VALUES ('9999', 'テスト業', 'Testing')`);
    report = await loadCompanies(readJsonLines(file), database.db);
    expect(report.rejected.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 7, 10]);
    expect(report).toMatchObject({ inserted: 1, unchanged: 1 });
  });

  it('companies: a changed line updates its row only; a code repeated in the file is loaded once (the later line)', async () => {
    await loadCompanies(readJsonLines(writeLines([company(), company({ code: '6758', name_ja: 'ソニーグループ', industry_code: '3650' })])), database.db);
    const before = await updateTimes(database, 'companies', 'code');
    await clockPast(database, before);
    const report = await loadCompanies(
      readJsonLines(writeLines([company({ name_ja: 'トヨタ' }), company(), company({ code: '6758', name_ja: 'ソニーグループ', industry_code: '3650' })])),
      database.db,
    );
    expect(report).toMatchObject({ read: 3, inserted: 0, updated: 0, unchanged: 2, repeated: 1 });
    const changed = await loadCompanies(readJsonLines(writeLines([company({ name_en: 'Toyota Motor Corporation' })])), database.db);
    expect(changed).toMatchObject({ updated: 1, unchanged: 0 });
    const after = await updateTimes(database, 'companies', 'code');
    expect(after.get('6758')).toBe(before.get('6758'));
    expect(after.get('7203')).not.toBe(before.get('7203'));
  });

  it('a batch is one statement: a row the database refuses leaves none of its batch written', async () => {
    const good: NewCompany = {
      code: '7203', name_ja: 'トヨタ自動車', name_en: null, industry_code: '3700', market: 'Prime', is_foreign: false,
      sector17_code: null, sector17_name: null, size_category: null, as_of: null, source: null,
    };
    await expect(new CompanyWriter(database.db).upsertMany([good, { ...good, code: 'not a code' }])).rejects.toThrow(/check constraint/);
    expect(await countRows(database, 'companies')).toBe(0);
  });

  it('reports: id from company, year and type; unknown companies, bad types and years rejected; idempotent', async () => {
    await loadCompanies(readJsonLines(writeLines([company()])), database.db);
    const report = (extra: object) =>
      JSON.stringify({ company_code: '7203', type: 'integrated', publication_year: 2024, title: '統合報告書 2024', pdf_url: 'https://example.com/ir.pdf', figures: { scope1: 2000000 }, ...extra });
    const file = writeLines([
      report({}),
      report({ company_code: '9999' }),
      report({ type: 'annual' }),
      report({ publication_year: 1800 }),
      report({ publication_year: '2024' }),
      report({ type: 'sustainability', publication_year: 2023, figures: null }),
      report({ pdf_url: 'ftp://example.com/x.pdf' }),
    ]);
    const first = await loadReports(readJsonLines(file), database.db);
    expect(first.rejected.map((r) => r.line)).toEqual([2, 3, 4, 5, 7]);
    expect(first.rejected[0]!.error).toBe('company_code: no company 9999 in the companies table');
    expect(first.rejected[1]!.error).toMatch(/^type: /);
    expect(first.rejected[2]!.error).toMatch(/^publication_year: /);
    expect(first.rejected[3]!.error).toMatch(/^publication_year: /);
    expect(first.rejected[4]!.error).toMatch(/^pdf_url: /);
    expect(first).toMatchObject({ read: 7, inserted: 2, updated: 0, unchanged: 0 });
    const rows = await database.db.query('SELECT id, company_code, type, publication_year, title, figures FROM reports ORDER BY id');
    expect(rows.rows).toEqual([
      { id: 'rpt_7203_2023_sustainability', company_code: '7203', type: 'sustainability', publication_year: 2023, title: '統合報告書 2024', figures: {} },
      { id: 'rpt_7203_2024_integrated', company_code: '7203', type: 'integrated', publication_year: 2024, title: '統合報告書 2024', figures: { scope1: 2000000 } },
    ]);

    const before = await updateTimes(database, 'reports', 'id');
    await clockPast(database, before);
    const second = await loadReports(readJsonLines(file), database.db);
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(second.rejected).toEqual(first.rejected);
    expect(await updateTimes(database, 'reports', 'id')).toEqual(before);
    const changed = await loadReports(readJsonLines(writeLines([report({ figures: { scope1: 2100000 } })])), database.db);
    expect(changed).toMatchObject({ inserted: 0, updated: 1 });
  });

  it('metrics: keyed by company and year; unknown companies, bad values and sources to missing reports rejected; idempotent', async () => {
    await loadCompanies(readJsonLines(writeLines([company(), company({ code: '6758', name_ja: 'ソニーグループ', industry_code: '3650' })])), database.db);
    await loadReports(readJsonLines(writeLines([JSON.stringify({ company_code: '7203', type: 'integrated', publication_year: 2024 })])), database.db);
    const metric = (extra: object) =>
      JSON.stringify({
        company_code: '7203', publication_year: 2024, scope1: 2_000_000, scope2_market: 1_500_000, scope3_total: null,
        scope3_categories: { '1': 100, '11': 5000 }, sbt_status: 'WB2C', cdp_score: 'A', renewable_ratio: 0.2,
        sources: { scope1: 'rpt_7203_2024_integrated' }, ...extra,
      });
    const file = writeLines([
      metric({}),
      metric({ company_code: '9999' }),
      metric({ publication_year: 2023, sources: { scope1: 'rpt_7203_2023_integrated', scope2_market: 'rpt_7203_2024_integrated' } }),
      metric({ publication_year: 20245 }),
      metric({ company_code: '6758', sbt_status: '2C' }),
      metric({ company_code: '6758', scope1: -1 }),
      metric({ company_code: '6758', sources: { scope1: 'report 1' } }),
      metric({ company_code: '6758', sources: {}, raw_extraction: null, scope3_categories: null, renewable_ratio: null }),
      metric({ company_code: '6758', sources: {}, publication_year: 2023 }),
    ]);
    const first = await loadMetrics(readJsonLines(file), database.db, { batchSize: 2 });
    expect(first.rejected.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(first.rejected[0]!.error).toBe('company_code: no company 9999 in the companies table');
    expect(first.rejected[1]!.error).toBe('sources.scope1: no report rpt_7203_2023_integrated in the reports table (load its report first)');
    expect(first.rejected[2]!.error).toMatch(/^publication_year: /);
    expect(first.rejected[3]!.error).toMatch(/^sbt_status: /);
    expect(first.rejected[4]!.error).toMatch(/^scope1: /);
    expect(first.rejected[5]!.error).toMatch(/^sources\.scope1: /);
    expect(first).toMatchObject({ read: 9, inserted: 3, updated: 0, unchanged: 0 });
    const rows = await database.db.query(
      `SELECT company_code, publication_year, scope1, scope3_total, scope3_categories, unit, sources, raw_extraction IS NULL AS no_raw
       FROM gx_metrics ORDER BY company_code, publication_year`,
    );
    expect(rows.rows).toEqual([
      { company_code: '6758', publication_year: 2023, scope1: 2_000_000, scope3_total: null, scope3_categories: { '1': 100, '11': 5000 }, unit: 't-CO2e', sources: {}, no_raw: true },
      { company_code: '6758', publication_year: 2024, scope1: 2_000_000, scope3_total: null, scope3_categories: null, unit: 't-CO2e', sources: {}, no_raw: true },
      { company_code: '7203', publication_year: 2024, scope1: 2_000_000, scope3_total: null, scope3_categories: { '1': 100, '11': 5000 }, unit: 't-CO2e', sources: { scope1: 'rpt_7203_2024_integrated' }, no_raw: true },
    ]);

    const before = await updateTimes(database, 'gx_metrics', "company_code || '/' || publication_year");
    await clockPast(database, before);
    const second = await loadMetrics(readJsonLines(file), database.db);
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await updateTimes(database, 'gx_metrics', "company_code || '/' || publication_year")).toEqual(before);

    // Once the missing report is loaded, the metric that cited it loads too.
    await loadReports(readJsonLines(writeLines([JSON.stringify({ company_code: '7203', type: 'integrated', publication_year: 2023 })])), database.db);
    const third = await loadMetrics(readJsonLines(file), database.db);
    expect(third).toMatchObject({ inserted: 1, updated: 0, unchanged: 3 });
    expect(third.rejected.map((r) => r.line)).toEqual([2, 4, 5, 6, 7]);
  });

  itWithReferenceData('gx load companies FILE: a report on stdout, bad lines on stderr, exit code 2, and a rerun changes nothing', ['companies.jsonl'], async () => {
    const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const cli = path.resolve(__dirname, '../../bin/gx.js');
    const all = await run('node', [cli, 'load', 'companies', COMPANIES_FILE], { env });
    expect(all.stdout).toMatch(/3838 lines read, 3836 inserted, 0 updated, 0 unchanged, 0 repeated in the file, 0 rejected, 2 skipped \(preferred shares, not companies\)\n$/);
    expect(all.stderr).toBe('');

    const file = writeLines([company({ name_en: 'Toyota Motor Corporation' }), '{oops', company({ code: '4502', industry_code: '9999' })]);
    const first = await run('node', [cli, 'load', 'companies', file, '--batch-size', '100'], { env }).catch((e) => e);
    expect(first.code).toBe(2);
    expect(first.stderr).toMatch(/^line 2: not valid JSON.*\nline 3: industry_code: 9999 is not one of the TSE sectors in the industries table\n$/);
    expect(first.stdout).toMatch(/3 lines read, 0 inserted, 1 updated, 0 unchanged, 0 repeated in the file, 2 rejected\n$/);
    const second = await run('node', [cli, 'load', 'companies', file], { env }).catch((e) => e);
    expect(second.code).toBe(2);
    expect(second.stdout).toMatch(/0 inserted, 0 updated, 1 unchanged/);
    expect(await countRows(database, 'companies')).toBe(3836);

    const badSize = await run('node', [cli, 'load', 'companies', file, '--batch-size', '0'], { env }).catch((e) => e);
    expect(badSize.code).not.toBe(0);
    expect(badSize.stderr).toMatch(/batch-size/);
  });
});
