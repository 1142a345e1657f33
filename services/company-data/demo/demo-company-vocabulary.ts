import type { ReportType } from '../company-inputs';

/**
 * Word lists and sector profiles for the generated demo company data. Every name is invented (a
 * nature or season word, a business word of the sector, a corporate form); the emission profiles are
 * rough orders of magnitude for a mid-sized Prime-market company of the sector, only meant to make
 * the demo series look plausible. None of this is data about a real company.
 */

/** [Japanese, English]. */
export type Pair = readonly [ja: string, en: string];

export interface DemoIndustry {
  /** TSE 33-sector code as in `industries` (infra/migrations/004_company_data.sql). */
  readonly code: string;
  readonly name_ja: string;
  readonly name_en: string;
  /** TOPIX-17 series the sector belongs to. */
  readonly sector17: readonly [code: string, name: string];
  /** Share of the 3,838 real listed companies in this sector (weights the random draws). */
  readonly weight: number;
  /** Typical Scope 1 and Scope 2 (location-based) emissions of a mid-sized Prime company, t-CO2e. */
  readonly scope1: number;
  readonly scope2: number;
  /** Scope 3 as a multiple of Scope 1 + 2. */
  readonly scope3Multiple: number;
  /** The Scope 3 categories that dominate in the sector, largest first. */
  readonly scope3Main: readonly number[];
  /** Business words for company names. */
  readonly stems: readonly Pair[];
}

const S17 = {
  food: ['1', '食品'],
  energy: ['2', 'エネルギー資源'],
  construction: ['3', '建設・資材'],
  materials: ['4', '素材・化学'],
  pharma: ['5', '医薬品'],
  auto: ['6', '自動車・輸送機'],
  steel: ['7', '鉄鋼・非鉄'],
  machinery: ['8', '機械'],
  electric: ['9', '電機・精密'],
  it: ['10', '情報通信・サービスその他'],
  utilities: ['11', '電力・ガス'],
  transport: ['12', '運輸・物流'],
  trading: ['13', '商社・卸売'],
  retail: ['14', '小売'],
  banks: ['15', '銀行'],
  finance: ['16', '金融（除く銀行）'],
  realEstate: ['17', '不動産'],
} as const satisfies Record<string, readonly [string, string]>;

/** The 33 TSE sectors, in code order. */
export const DEMO_INDUSTRIES: readonly DemoIndustry[] = [
  { code: '0050', name_ja: '水産・農林業', name_en: 'Fishery, Agriculture & Forestry', sector17: S17.food, weight: 12, scope1: 80_000, scope2: 40_000, scope3Multiple: 5, scope3Main: [1, 4, 12], stems: [['水産', 'Fisheries'], ['ファーム', 'Farms'], ['アグリ', 'Agri']] },
  { code: '1050', name_ja: '鉱業', name_en: 'Mining', sector17: S17.energy, weight: 6, scope1: 600_000, scope2: 100_000, scope3Multiple: 15, scope3Main: [11, 1, 10], stems: [['鉱業', 'Mining'], ['資源開発', 'Resources Development'], ['エナジー資源', 'Energy Resources']] },
  { code: '2050', name_ja: '建設業', name_en: 'Construction', sector17: S17.construction, weight: 153, scope1: 100_000, scope2: 60_000, scope3Multiple: 40, scope3Main: [1, 11, 12], stems: [['建設', 'Construction'], ['組', 'Gumi'], ['ハウス', 'Homes']] },
  { code: '3050', name_ja: '食料品', name_en: 'Foods', sector17: S17.food, weight: 125, scope1: 120_000, scope2: 100_000, scope3Multiple: 10, scope3Main: [1, 4, 12], stems: [['食品', 'Foods'], ['製菓', 'Confectionery'], ['乳業', 'Dairy']] },
  { code: '3100', name_ja: '繊維製品', name_en: 'Textiles & Apparels', sector17: S17.materials, weight: 49, scope1: 150_000, scope2: 150_000, scope3Multiple: 5, scope3Main: [1, 11, 4], stems: [['紡績', 'Spinning'], ['繊維', 'Textiles'], ['アパレル', 'Apparel']] },
  { code: '3150', name_ja: 'パルプ・紙', name_en: 'Pulp & Paper', sector17: S17.materials, weight: 24, scope1: 1_500_000, scope2: 300_000, scope3Multiple: 1.5, scope3Main: [1, 4, 12], stems: [['製紙', 'Paper'], ['パルプ', 'Pulp'], ['紙業', 'Paper Mills']] },
  { code: '3200', name_ja: '化学', name_en: 'Chemicals', sector17: S17.materials, weight: 209, scope1: 900_000, scope2: 400_000, scope3Multiple: 4, scope3Main: [1, 11, 12], stems: [['化学工業', 'Chemical Industries'], ['ケミカル', 'Chemical'], ['化成', 'Kasei']] },
  { code: '3250', name_ja: '医薬品', name_en: 'Pharmaceutical', sector17: S17.pharma, weight: 79, scope1: 60_000, scope2: 80_000, scope3Multiple: 8, scope3Main: [1, 2, 4], stems: [['製薬', 'Pharmaceutical'], ['薬品工業', 'Pharmaceutical Industries'], ['バイオファーマ', 'Biopharma']] },
  { code: '3300', name_ja: '石油・石炭製品', name_en: 'Oil & Coal Products', sector17: S17.energy, weight: 10, scope1: 4_000_000, scope2: 500_000, scope3Multiple: 20, scope3Main: [11, 1, 10], stems: [['石油', 'Oil'], ['エネルギー', 'Energy'], ['コークス', 'Coke']] },
  { code: '3350', name_ja: 'ゴム製品', name_en: 'Rubber Products', sector17: S17.auto, weight: 18, scope1: 400_000, scope2: 500_000, scope3Multiple: 12, scope3Main: [1, 11, 12], stems: [['ゴム', 'Rubber'], ['タイヤ', 'Tire'], ['ゴム工業', 'Rubber Industries']] },
  { code: '3400', name_ja: 'ガラス・土石製品', name_en: 'Glass & Ceramics Products', sector17: S17.construction, weight: 54, scope1: 2_500_000, scope2: 400_000, scope3Multiple: 1, scope3Main: [1, 4, 11], stems: [['セメント', 'Cement'], ['硝子', 'Glass'], ['窯業', 'Ceramics']] },
  { code: '3450', name_ja: '鉄鋼', name_en: 'Iron & Steel', sector17: S17.steel, weight: 42, scope1: 8_000_000, scope2: 1_000_000, scope3Multiple: 0.5, scope3Main: [1, 4, 10], stems: [['製鉄', 'Steel'], ['鋼管', 'Steel Pipe'], ['特殊鋼', 'Special Steel']] },
  { code: '3500', name_ja: '非鉄金属', name_en: 'Nonferrous Metals', sector17: S17.steel, weight: 34, scope1: 800_000, scope2: 900_000, scope3Multiple: 2, scope3Main: [1, 10, 4], stems: [['金属鉱業', 'Metal Mining'], ['電線', 'Electric Wire'], ['アルミ', 'Aluminium']] },
  { code: '3550', name_ja: '金属製品', name_en: 'Metal Products', sector17: S17.construction, weight: 87, scope1: 60_000, scope2: 90_000, scope3Multiple: 6, scope3Main: [1, 11, 4], stems: [['金属工業', 'Metal Industries'], ['製作所', 'Works'], ['ファスナー', 'Fasteners']] },
  { code: '3600', name_ja: '機械', name_en: 'Machinery', sector17: S17.machinery, weight: 222, scope1: 80_000, scope2: 150_000, scope3Multiple: 40, scope3Main: [11, 1, 4], stems: [['機械', 'Machinery'], ['重機', 'Heavy Machinery'], ['ロボティクス', 'Robotics']] },
  { code: '3650', name_ja: '電気機器', name_en: 'Electric Appliances', sector17: S17.electric, weight: 239, scope1: 120_000, scope2: 400_000, scope3Multiple: 30, scope3Main: [11, 1, 12], stems: [['電機', 'Electric'], ['電子', 'Electronics'], ['デバイス', 'Devices']] },
  { code: '3700', name_ja: '輸送用機器', name_en: 'Transportation Equipment', sector17: S17.auto, weight: 88, scope1: 300_000, scope2: 600_000, scope3Multiple: 60, scope3Main: [11, 1, 4], stems: [['自動車', 'Motor'], ['造船', 'Shipbuilding'], ['車体', 'Auto Body']] },
  { code: '3750', name_ja: '精密機器', name_en: 'Precision Instruments', sector17: S17.electric, weight: 49, scope1: 20_000, scope2: 80_000, scope3Multiple: 15, scope3Main: [1, 11, 4], stems: [['光学', 'Optical'], ['計器', 'Instruments'], ['メディカル', 'Medical']] },
  { code: '3800', name_ja: 'その他製品', name_en: 'Other Products', sector17: S17.it, weight: 106, scope1: 30_000, scope2: 60_000, scope3Multiple: 10, scope3Main: [1, 11, 12], stems: [['工芸', 'Crafts'], ['楽器', 'Musical Instruments'], ['文具', 'Stationery']] },
  { code: '4050', name_ja: '電気・ガス業', name_en: 'Electric Power & Gas', sector17: S17.utilities, weight: 27, scope1: 20_000_000, scope2: 200_000, scope3Multiple: 1.5, scope3Main: [3, 11, 1], stems: [['電力', 'Electric Power'], ['ガス', 'Gas'], ['パワー', 'Power']] },
  { code: '5050', name_ja: '陸運業', name_en: 'Land Transportation', sector17: S17.transport, weight: 60, scope1: 200_000, scope2: 900_000, scope3Multiple: 2, scope3Main: [1, 2, 3], stems: [['鉄道', 'Railway'], ['運輸', 'Transport'], ['バス', 'Bus']] },
  { code: '5100', name_ja: '海運業', name_en: 'Marine Transportation', sector17: S17.transport, weight: 11, scope1: 5_000_000, scope2: 20_000, scope3Multiple: 0.3, scope3Main: [3, 1, 4], stems: [['汽船', 'Kisen'], ['海運', 'Shipping'], ['マリン', 'Marine']] },
  { code: '5150', name_ja: '空運業', name_en: 'Air Transportation', sector17: S17.transport, weight: 6, scope1: 8_000_000, scope2: 80_000, scope3Multiple: 0.3, scope3Main: [3, 1, 6], stems: [['航空', 'Airways'], ['エアライン', 'Airlines'], ['エアサービス', 'Air Services']] },
  { code: '5200', name_ja: '倉庫・運輸関連業', name_en: 'Warehousing & Harbor Transportation Services', sector17: S17.transport, weight: 36, scope1: 60_000, scope2: 80_000, scope3Multiple: 3, scope3Main: [4, 1, 9], stems: [['倉庫', 'Warehouse'], ['港運', 'Port Services'], ['物流', 'Logistics']] },
  { code: '5250', name_ja: '情報・通信業', name_en: 'Information & Communication', sector17: S17.it, weight: 604, scope1: 20_000, scope2: 300_000, scope3Multiple: 8, scope3Main: [1, 2, 11], stems: [['通信', 'Telecom'], ['システムズ', 'Systems'], ['ソフト', 'Software'], ['ネットワークス', 'Networks']] },
  { code: '6050', name_ja: '卸売業', name_en: 'Wholesale Trade', sector17: S17.trading, weight: 300, scope1: 100_000, scope2: 100_000, scope3Multiple: 50, scope3Main: [11, 1, 4], stems: [['商事', 'Shoji'], ['物産', 'Bussan'], ['トレーディング', 'Trading']] },
  { code: '6100', name_ja: '小売業', name_en: 'Retail Trade', sector17: S17.retail, weight: 342, scope1: 60_000, scope2: 500_000, scope3Multiple: 15, scope3Main: [1, 4, 11], stems: [['百貨店', 'Department Store'], ['ストアーズ', 'Stores'], ['ドラッグ', 'Drug']] },
  { code: '7050', name_ja: '銀行業', name_en: 'Banks', sector17: S17.banks, weight: 79, scope1: 5_000, scope2: 50_000, scope3Multiple: 30, scope3Main: [15, 1, 6], stems: [['銀行', 'Bank'], ['信託銀行', 'Trust Bank']] },
  { code: '7100', name_ja: '証券、商品先物取引業', name_en: 'Securities & Commodity Futures', sector17: S17.finance, weight: 40, scope1: 1_000, scope2: 15_000, scope3Multiple: 10, scope3Main: [15, 1, 6], stems: [['証券', 'Securities'], ['キャピタル・マーケッツ', 'Capital Markets']] },
  { code: '7150', name_ja: '保険業', name_en: 'Insurance', sector17: S17.finance, weight: 13, scope1: 5_000, scope2: 60_000, scope3Multiple: 20, scope3Main: [15, 1, 6], stems: [['損害保険', 'Insurance'], ['生命', 'Life'], ['保険', 'Assurance']] },
  { code: '7200', name_ja: 'その他金融業', name_en: 'Other Financing Business', sector17: S17.finance, weight: 39, scope1: 2_000, scope2: 10_000, scope3Multiple: 10, scope3Main: [13, 15, 1], stems: [['リース', 'Leasing'], ['クレジット', 'Credit'], ['ファイナンス', 'Finance']] },
  { code: '8050', name_ja: '不動産業', name_en: 'Real Estate', sector17: S17.realEstate, weight: 139, scope1: 50_000, scope2: 400_000, scope3Multiple: 4, scope3Main: [13, 2, 11], stems: [['不動産', 'Real Estate'], ['地所', 'Estate'], ['リアルティ', 'Realty']] },
  { code: '9050', name_ja: 'サービス業', name_en: 'Services', sector17: S17.it, weight: 536, scope1: 8_000, scope2: 40_000, scope3Multiple: 5, scope3Main: [1, 6, 7], stems: [['サービス', 'Services'], ['コンサルティング', 'Consulting'], ['人材', 'Staffing']] },
];

/** Invented first words of company names: nature, season and colour words with their romanisation. */
export const NAME_PREFIXES: readonly Pair[] = [
  ['青葉', 'Aoba'], ['若葉', 'Wakaba'], ['白樺', 'Shirakaba'], ['朝凪', 'Asanagi'], ['夕凪', 'Yunagi'],
  ['潮見', 'Shiomi'], ['銀松', 'Ginmatsu'], ['北風', 'Kitakaze'], ['東雲', 'Shinonome'], ['翠嶺', 'Suirei'],
  ['蒼海', 'Sokai'], ['紫苑', 'Shion'], ['萌木', 'Moegi'], ['若竹', 'Wakatake'], ['千草', 'Chigusa'],
  ['花霞', 'Hanagasumi'], ['雪嶺', 'Setsurei'], ['月見', 'Tsukimi'], ['早瀬', 'Hayase'], ['清流', 'Seiryu'],
  ['山吹', 'Yamabuki'], ['桔梗', 'Kikyo'], ['柊', 'Hiiragi'], ['楓', 'Kaede'], ['葵', 'Aoi'],
  ['菫', 'Sumire'], ['琥珀', 'Kohaku'], ['瑠璃', 'Ruri'], ['翡翠', 'Hisui'], ['珊瑚', 'Sango'],
  ['藍染', 'Aizome'], ['茜', 'Akane'], ['紅葉', 'Momiji'], ['笹原', 'Sasahara'], ['松風', 'Matsukaze'],
  ['竹林', 'Chikurin'], ['梅園', 'Baien'], ['桜丘', 'Sakuragaoka'], ['高嶺', 'Takane'], ['岬', 'Misaki'],
  ['浜風', 'Hamakaze'], ['磯辺', 'Isobe'], ['白砂', 'Shirasuna'], ['黒潮', 'Kuroshio'], ['暁', 'Akatsuki'],
  ['天青', 'Tensei'], ['碧水', 'Hekisui'], ['緑風', 'Ryokufu'], ['光丘', 'Hikarigaoka'], ['星川', 'Hoshikawa'],
  ['彩雲', 'Saiun'], ['豊穣', 'Hojo'], ['稲穂', 'Inaho'], ['麦秋', 'Bakushu'], ['花水木', 'Hanamizuki'],
  ['青嵐', 'Seiran'], ['薫風', 'Kunpu'], ['朝霧', 'Asagiri'], ['白鷺', 'Shirasagi'], ['燕', 'Tsubame'],
  ['雲雀', 'Hibari'], ['鴎', 'Kamome'], ['翠星', 'Suisei'], ['蒼穹', 'Sokyu'], ['凪野', 'Nagino'],
  ['葉月', 'Hazuki'], ['水無月', 'Minazuki'], ['睦月', 'Mutsuki'], ['皐月', 'Satsuki'], ['霜月', 'Shimotsuki'],
  ['青柳', 'Aoyagi'], ['若草', 'Wakakusa'], ['岩清水', 'Iwashimizu'], ['野分', 'Nowaki'], ['春霞', 'Harugasumi'],
];

/** Corporate forms: [Japanese suffix, English suffix]. Distinct in Japanese, so names stay distinct. */
export const CORPORATE_FORMS: readonly Pair[] = [
  ['', 'Co., Ltd.'],
  ['ホールディングス', 'Holdings, Inc.'],
  ['グループ', 'Group Corporation'],
];

export const REPORT_TITLES: Readonly<Record<ReportType, Pair>> = {
  integrated: ['統合報告書', 'Integrated Report'],
  sustainability: ['サステナビリティレポート', 'Sustainability Report'],
  environmental: ['環境報告書', 'Environmental Report'],
  csr: ['CSRレポート', 'CSR Report'],
};
