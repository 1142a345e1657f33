-- Company data: the TSE company master, SBTi status, collected reports and decarbonisation metrics.

-- The TSE 33-sector classification (reference data): the API accepts a code or either name.
CREATE TABLE industries (
  code     text PRIMARY KEY CHECK (code ~ '^[0-9]{4}$'),
  name_ja  text NOT NULL UNIQUE,
  name_en  text NOT NULL UNIQUE
);
INSERT INTO industries (code, name_ja, name_en) VALUES
  ('0050', '水産・農林業', 'Fishery, Agriculture & Forestry'),
  ('1050', '鉱業', 'Mining'),
  ('2050', '建設業', 'Construction'),
  ('3050', '食料品', 'Foods'),
  ('3100', '繊維製品', 'Textiles & Apparels'),
  ('3150', 'パルプ・紙', 'Pulp & Paper'),
  ('3200', '化学', 'Chemicals'),
  ('3250', '医薬品', 'Pharmaceutical'),
  ('3300', '石油・石炭製品', 'Oil & Coal Products'),
  ('3350', 'ゴム製品', 'Rubber Products'),
  ('3400', 'ガラス・土石製品', 'Glass & Ceramics Products'),
  ('3450', '鉄鋼', 'Iron & Steel'),
  ('3500', '非鉄金属', 'Nonferrous Metals'),
  ('3550', '金属製品', 'Metal Products'),
  ('3600', '機械', 'Machinery'),
  ('3650', '電気機器', 'Electric Appliances'),
  ('3700', '輸送用機器', 'Transportation Equipment'),
  ('3750', '精密機器', 'Precision Instruments'),
  ('3800', 'その他製品', 'Other Products'),
  ('4050', '電気・ガス業', 'Electric Power & Gas'),
  ('5050', '陸運業', 'Land Transportation'),
  ('5100', '海運業', 'Marine Transportation'),
  ('5150', '空運業', 'Air Transportation'),
  ('5200', '倉庫・運輸関連業', 'Warehousing & Harbor Transportation Services'),
  ('5250', '情報・通信業', 'Information & Communication'),
  ('6050', '卸売業', 'Wholesale Trade'),
  ('6100', '小売業', 'Retail Trade'),
  ('7050', '銀行業', 'Banks'),
  ('7100', '証券、商品先物取引業', 'Securities & Commodity Futures'),
  ('7150', '保険業', 'Insurance'),
  ('7200', 'その他金融業', 'Other Financing Business'),
  ('8050', '不動産業', 'Real Estate'),
  ('9050', 'サービス業', 'Services');

-- Securities codes: four characters, a digit then digits or capital letters (7203, 130A).
CREATE TABLE companies (
  code           text PRIMARY KEY CHECK (code ~ '^[0-9][0-9A-Z]{3}$'),
  name_ja        text NOT NULL,
  name_en        text,
  industry_code  text NOT NULL REFERENCES industries (code),
  market         text CHECK (market IN ('Prime', 'Standard', 'Growth')),
  is_foreign     boolean NOT NULL DEFAULT false,
  sector17_code  text,
  sector17_name  text,
  size_category  text,
  as_of          date,
  source         text,
  content_hash   text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companies_industry_idx ON companies (industry_code, code);

-- A company's current SBTi status, mapped onto the spec's four values (the original kept beside it).
CREATE TABLE company_sbt (
  company_code           text PRIMARY KEY REFERENCES companies (code) ON DELETE CASCADE,
  status                 text NOT NULL CHECK (status IN ('1.5C', 'WB2C', 'committed', 'none')),
  sbti_status            text,
  sbti_classification    text,
  near_term_target_year  integer,
  long_term_target_year  integer,
  net_zero_year          integer,
  sbti_id                text,
  source_updated         date,
  content_hash           text NOT NULL,
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- Report ids: rpt_{code}_{publication year}_{type}, one report per company, type and year.
CREATE TABLE reports (
  id                text PRIMARY KEY CHECK (id ~ '^rpt_[0-9][0-9A-Z]{3}_[0-9]{4}_(integrated|sustainability|environmental|csr)$'),
  company_code      text NOT NULL REFERENCES companies (code) ON DELETE CASCADE,
  type              text NOT NULL CHECK (type IN ('integrated', 'sustainability', 'environmental', 'csr')),
  publication_year  integer NOT NULL CHECK (publication_year BETWEEN 1990 AND 2100),
  title             text,
  source_url        text,
  pdf_url           text,
  figures           jsonb NOT NULL DEFAULT '{}',
  source            text,
  content_hash      text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_code, type, publication_year)
);

-- Decarbonisation metrics per company and publication year. Emissions in t-CO2e.
CREATE TABLE gx_metrics (
  company_code           text NOT NULL REFERENCES companies (code) ON DELETE CASCADE,
  publication_year       integer NOT NULL CHECK (publication_year BETWEEN 1990 AND 2100),
  scope1                 double precision CHECK (scope1 >= 0),
  scope2_location        double precision CHECK (scope2_location >= 0),
  scope2_market          double precision CHECK (scope2_market >= 0),
  scope3_total           double precision CHECK (scope3_total >= 0),
  scope3_categories      jsonb,
  unit                   text NOT NULL DEFAULT 't-CO2e',
  sbt_status             text CHECK (sbt_status IN ('1.5C', 'WB2C', 'committed', 'none')),
  sbt_near_term_year     integer,
  sbt_net_zero_year      integer,
  tcfd_supporter         boolean,
  cdp_score              text CHECK (cdp_score IN ('A', 'A-', 'B', 'B-', 'C', 'C-', 'D', 'D-', 'F')),
  renewable_ratio        double precision CHECK (renewable_ratio BETWEEN 0 AND 1),
  -- Which report each figure came from: {"scope1": "rpt_7203_2024_integrated", ...}.
  sources                jsonb NOT NULL DEFAULT '{}',
  raw_extraction         jsonb,
  source                 text,
  content_hash           text NOT NULL,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_code, publication_year)
);
CREATE INDEX gx_metrics_year_idx ON gx_metrics (publication_year, company_code);
CREATE INDEX gx_metrics_sbt_idx ON gx_metrics (sbt_status, publication_year, company_code);
