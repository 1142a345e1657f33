import type { TopicSlug } from '../../../shared/papers/paper.schema';
import type { Tri } from './demo-vocabulary';

/** Per-topic word lists of the generated demo corpus (see demo-vocabulary.ts for the shared ones). */
export interface TopicVocab {
  /** Noun phrases naming what a paper is about. */
  readonly subjects: readonly Tri[];
  /** Noun phrases for what a paper measures. */
  readonly outcomes: readonly Tri[];
  /** Mixed English/Japanese tag vocabulary (distinct after NFKC and case folding). */
  readonly tags: readonly string[];
}

export const TOPIC_VOCAB: Readonly<Record<TopicSlug, TopicVocab>> = {
  esg: {
    subjects: [
      ['ESG ratings divergence', 'ESGレーティングの乖離', 'ESG评级分歧'],
      ['ESG integration in portfolio management', 'ポートフォリオ運用におけるESG統合', '投资组合管理中的ESG整合'],
      ['ESG investing and stock returns', 'ESG投資と株式リターン', 'ESG投资与股票收益'],
      ['board diversity and ESG performance', '取締役会の多様性とESGパフォーマンス', '董事会多元化与ESG表现'],
      ['sustainability-linked executive pay', 'サステナビリティ連動型の役員報酬', '与可持续发展挂钩的高管薪酬'],
    ],
    outcomes: [['cost of capital', '資本コスト', '资本成本'], ['ESG scores', 'ESGスコア', 'ESG得分'], ['CO2 emissions intensity', 'CO2排出原単位', '碳排放强度']],
    tags: ['ESG', 'ESG投資', 'ESG rating', 'ESG評価', 'sustainable investing', 'サステナブル投資', 'governance', 'ガバナンス', 'stewardship'],
  },
  energy_transition: {
    subjects: [
      ['coal phase-out pathways', '石炭火力の段階的廃止', '煤电逐步退出路径'],
      ['the energy transition in industrial regions', '産業地域におけるエネルギー転換', '工业地区的能源转型'],
      ['just transition policies', '公正な移行のための政策', '公正转型政策'],
      ['GX investment in decarbonised power systems', '脱炭素電力システムへのGX投資', '面向脱碳电力系统的GX投资'],
      ['electrification of heat demand', '熱需要の電化', '热力需求电气化'],
    ],
    outcomes: [['power sector CO2 emissions', '電力部門のCO2排出量', '电力部门碳排放'], ['regional employment', '地域雇用', '地区就业'], ['electricity prices', '電力価格', '电价']],
    tags: ['energy transition', 'エネルギー転換', 'GX', '脱炭素', 'coal phase-out', '石炭火力', 'just transition', 'electrification', '電化'],
  },
  carbon_pricing: {
    subjects: [
      ['carbon taxes', '炭素税', '碳税'],
      ['emissions trading schemes', '排出量取引制度', '碳排放权交易体系'],
      ['the GX-ETS and carbon price signals', 'GX-ETSと炭素価格シグナル', 'GX-ETS与碳价格信号'],
      ['carbon border adjustment mechanisms', '炭素国境調整措置', '碳边境调节机制'],
      ['internal carbon pricing', 'インターナル・カーボンプライシング', '内部碳定价'],
    ],
    outcomes: [['CO2 emissions', 'CO2排出量', '二氧化碳排放'], ['carbon leakage', 'カーボンリーケージ', '碳泄漏'], ['household energy costs', '家計のエネルギー負担', '家庭能源成本']],
    tags: ['carbon pricing', 'カーボンプライシング', 'carbon tax', '炭素税', 'ETS', '排出量取引', 'CBAM', 'GX-ETS', 'carbon price'],
  },
  climate_finance: {
    subjects: [
      ['green bond pricing', 'グリーンボンドの価格形成', '绿色债券定价'],
      ['climate finance flows to developing countries', '途上国向け気候資金の流れ', '流向发展中国家的气候资金'],
      ['blended finance for adaptation', '適応策のためのブレンデッド・ファイナンス', '适应领域的混合融资'],
      ['bank lending to fossil fuel firms', '化石燃料企業への銀行融資', '银行对化石燃料企业的贷款'],
      ['climate-aligned sovereign debt', '気候目標に整合した国債', '与气候目标一致的主权债务'],
    ],
    outcomes: [['the green premium', 'グリーンプレミアム', '绿色溢价'], ['cost of debt', '負債コスト', '债务成本'], ['climate finance mobilisation', '気候資金の動員', '气候资金动员']],
    tags: ['climate finance', '気候金融', 'green bonds', 'グリーンボンド', 'sustainable finance', 'サステナブルファイナンス', '金融', 'blended finance', 'adaptation finance'],
  },
  ccus: {
    subjects: [
      ['carbon capture and storage', 'CO2回収・貯留（CCS）', '碳捕集与封存'],
      ['CO2 capture at cement plants', 'セメント工場におけるCO2回収', '水泥厂二氧化碳捕集'],
      ['direct air capture', '直接空気回収（DAC）', '直接空气捕集'],
      ['CO2 utilisation in synthetic fuels', '合成燃料へのCO2利用', '二氧化碳合成燃料利用'],
      ['geological storage site selection', '地中貯留サイトの選定', '地质封存选址'],
    ],
    outcomes: [['capture costs', '回収コスト', '捕集成本'], ['net CO2 removal', '正味のCO2除去量', '二氧化碳净移除量'], ['storage capacity', '貯留容量', '封存容量']],
    tags: ['CCUS', 'CCS', 'carbon capture', 'CO2回収', 'DAC', 'CO2貯留', 'negative emissions', 'ネガティブエミッション', '炭素除去'],
  },
  hydrogen: {
    subjects: [
      ['green hydrogen production', 'グリーン水素の製造', '绿氢生产'],
      ['hydrogen supply chains', '水素サプライチェーン', '氢能供应链'],
      ['ammonia co-firing in coal plants', '石炭火力におけるアンモニア混焼', '燃煤电厂掺烧氨'],
      ['hydrogen-based steelmaking', '水素還元製鉄', '氢冶金'],
      ['electrolyser cost trajectories', '水電解装置のコスト推移', '电解槽成本路径'],
    ],
    outcomes: [['the levelised cost of hydrogen', '水素の均等化コスト', '氢能平准化成本'], ['life-cycle CO2 emissions', 'ライフサイクルCO2排出量', '全生命周期碳排放'], ['hydrogen demand', '水素需要', '氢能需求']],
    tags: ['hydrogen', '水素', 'green hydrogen', 'グリーン水素', 'ammonia', 'アンモニア', 'electrolysis', '水電解', 'fuel cells'],
  },
  renewable: {
    subjects: [
      ['offshore wind deployment', '洋上風力発電の導入', '海上风电部署'],
      ['rooftop solar adoption', '屋根置き太陽光の普及', '屋顶光伏普及'],
      ['renewable curtailment', '再エネの出力制御', '可再生能源弃电'],
      ['grid integration of variable renewables', '変動性再エネの系統統合', '波动性可再生能源并网'],
      ['corporate renewable PPAs', '企業による再エネPPA', '企业可再生能源购电协议'],
      ['geothermal power development', '地熱発電の開発', '地热发电开发'],
    ],
    outcomes: [['electricity system costs', '電力システムのコスト', '电力系统成本'], ['the renewable share of generation', '発電量に占める再エネ比率', '可再生能源发电占比'], ['grid stability', '系統の安定性', '电网稳定性']],
    tags: ['renewable energy', '再生可能エネルギー', '再エネ', 'solar PV', '太陽光', 'offshore wind', '洋上風力', 'PPA', '電力'],
  },
  policy: {
    subjects: [
      ['GX promotion legislation', 'GX推進法', 'GX推进立法'],
      ['net-zero targets of local governments', '自治体のゼロカーボン宣言', '地方政府净零目标'],
      ['climate policy stringency', '気候政策の厳格度', '气候政策严格程度'],
      ['NDC implementation', 'NDCの実施状況', '国家自主贡献实施'],
      ['green industrial policy', 'グリーン産業政策', '绿色产业政策'],
    ],
    outcomes: [['national CO2 emissions', '国内のCO2排出量', '全国碳排放'], ['green investment', 'グリーン投資', '绿色投资'], ['policy credibility', '政策の信頼性', '政策可信度']],
    tags: ['climate policy', '気候政策', 'GX推進', 'NDC', 'net zero', 'カーボンニュートラル', 'regulation', '規制', 'GX'],
  },
  carbon_accounting: {
    subjects: [
      ['corporate GHG inventories', '企業の温室効果ガス排出量算定', '企业温室气体清单'],
      ['product carbon footprints', '製品のカーボンフットプリント', '产品碳足迹'],
      ['emission factor uncertainty', '排出係数の不確実性', '排放因子不确定性'],
      ['the GHG Protocol in practice', 'GHGプロトコルの実務', '温室气体核算体系实践'],
      ['carbon accounting for financial portfolios', '金融ポートフォリオの炭素会計', '金融投资组合碳核算'],
    ],
    outcomes: [['reported emissions', '報告排出量', '报告排放量'], ['measurement error', '測定誤差', '测量误差'], ['financed emissions', 'ファイナンスド・エミッション', '融资排放']],
    tags: ['carbon accounting', '炭素会計', 'GHG Protocol', 'GHGプロトコル', 'carbon footprint', 'カーボンフットプリント', 'PCAF', '排出係数', 'LCA'],
  },
  climate_science: {
    subjects: [
      ['extreme heat attribution', '極端高温のイベント・アトリビューション', '极端高温归因'],
      ['regional precipitation change', '地域の降水量変化', '区域降水变化'],
      ['the remaining carbon budget', '残余カーボンバジェット', '剩余碳预算'],
      ['sea-level rise projections', '海面上昇の予測', '海平面上升预测'],
      ['methane emissions from agriculture', '農業由来のメタン排出', '农业甲烷排放'],
      ['downscaled climate scenarios', 'ダウンスケーリングした気候シナリオ', '降尺度气候情景'],
    ],
    outcomes: [['warming projections', '気温上昇の予測', '升温预测'], ['extreme event frequency', '極端現象の発生頻度', '极端事件频率'], ['radiative forcing', '放射強制力', '辐射强迫']],
    tags: ['climate science', '気候科学', '気候変動', 'climate modelling', 'IPCC', '温暖化', 'extreme weather', '異常気象', 'CMIP6'],
  },
  disclosure_infrastructure: {
    subjects: [
      ['machine-readable sustainability disclosure', '機械可読なサステナビリティ開示', '机器可读的可持续发展披露'],
      ['ISSB standard adoption', 'ISSB基準の採用', 'ISSB准则采纳'],
      ['XBRL taxonomies for climate data', '気候データのXBRLタクソノミ', '气候数据XBRL分类标准'],
      ['the SSBJ standards', 'SSBJ基準', 'SSBJ准则'],
      ['assurance of sustainability information', 'サステナビリティ情報の保証', '可持续发展信息鉴证'],
    ],
    outcomes: [['disclosure quality', '開示の質', '披露质量'], ['data comparability', 'データの比較可能性', '数据可比性'], ['information asymmetry', '情報の非対称性', '信息不对称']],
    tags: ['sustainability disclosure', 'サステナビリティ開示', '開示', 'ISSB', 'SSBJ', 'XBRL', 'assurance', '保証', 'data infrastructure'],
  },
  transition_finance: {
    subjects: [
      ['transition bonds', 'トランジション・ボンド', '转型债券'],
      ['transition finance for hard-to-abate sectors', '排出削減困難産業のトランジション・ファイナンス', '难减排行业的转型金融'],
      ['climate transition bonds issued by Japan', '日本のクライメート・トランジション・ボンド', '日本发行的气候转型债券'],
      ['credible transition plans', '信頼性のある移行計画', '可信的转型计划'],
      ['transition taxonomies in Asia', 'アジアのトランジション・タクソノミー', '亚洲转型分类目录'],
    ],
    outcomes: [['financing costs', '資金調達コスト', '融资成本'], ['emissions reduction commitments', '排出削減のコミットメント', '减排承诺'], ['investor demand', '投資家の需要', '投资者需求']],
    tags: ['transition finance', 'トランジション・ファイナンス', '移行金融', 'transition bonds', '移行計画', 'GX経済移行債', 'taxonomy', 'hard-to-abate'],
  },
  energy_efficiency: {
    subjects: [
      ['building energy efficiency retrofits', '建築物の省エネ改修', '建筑节能改造'],
      ['industrial heat pumps', '産業用ヒートポンプ', '工业热泵'],
      ['ZEB and ZEH adoption', 'ZEB・ZEHの普及', '零能耗建筑与住宅普及'],
      ['energy management systems in factories', '工場のエネルギーマネジメントシステム', '工厂能源管理系统'],
      ['the energy efficiency gap', 'エネルギー効率ギャップ', '能效缺口'],
    ],
    outcomes: [['energy consumption', 'エネルギー消費量', '能源消耗'], ['electricity demand', '電力需要', '电力需求'], ['payback periods', '投資回収期間', '投资回收期']],
    tags: ['energy efficiency', '省エネ', '省エネルギー', 'heat pumps', 'ヒートポンプ', 'ZEB', 'buildings', '建築物', 'demand response'],
  },
  scope3: {
    subjects: [
      ['Scope 3 emissions measurement', 'Scope 3排出量の算定', '范围三排放核算'],
      ['supplier engagement on Scope 3', 'Scope 3削減に向けたサプライヤー・エンゲージメント', '范围三供应商参与'],
      ['category 11 use-phase emissions', 'カテゴリ11（販売した製品の使用）の排出', '类别11产品使用阶段排放'],
      ['spend-based Scope 3 estimation', '支出ベース手法によるScope 3排出の推計', '基于支出法的范围三估算'],
      ['value chain emissions of financial institutions', '金融機関のバリューチェーン排出', '金融机构价值链排放'],
    ],
    outcomes: [['Scope 3 emissions', 'Scope 3排出量', '范围三排放'], ['estimation error', '推計誤差', '估算误差'], ['supplier emissions', 'サプライヤーの排出量', '供应商排放']],
    tags: ['scope 3', 'スコープ3', 'サプライチェーン排出量', 'value chain', 'バリューチェーン', 'category 1', 'supplier engagement', 'upstream emissions'],
  },
  scope1_2: {
    subjects: [
      ['Scope 1 and 2 emissions reduction', 'Scope 1・2排出量の削減', '范围一和范围二减排'],
      ['market-based Scope 2 accounting', 'マーケット基準によるScope 2算定', '基于市场的范围二核算'],
      ['renewable energy certificates and Scope 2', '再エネ証書とScope 2', '可再生能源证书与范围二'],
      ['on-site fuel switching', '自社拠点での燃料転換', '现场燃料转换'],
      ['facility-level emissions monitoring', '事業所単位の排出量モニタリング', '设施层面排放监测'],
    ],
    outcomes: [['Scope 1 and 2 emissions', 'Scope 1・2排出量', '范围一和范围二排放'], ['emissions from purchased electricity', '購入電力由来の排出', '外购电力排放'], ['abatement costs', '削減費用', '减排成本']],
    tags: ['scope 1', 'scope 2', 'スコープ1', 'スコープ2', '非化石証書', 'RE100', 'market-based', 'direct emissions', '直接排出'],
  },
  tcfd: {
    subjects: [
      ['TCFD-aligned disclosure', 'TCFD提言に沿った開示', '与TCFD一致的披露'],
      ['climate scenario analysis in annual reports', '有価証券報告書における気候シナリオ分析', '年报中的气候情景分析'],
      ['physical and transition risk disclosure', '物理的リスクと移行リスクの開示', '物理风险与转型风险披露'],
      ['TCFD supporters in Japan', '日本のTCFD賛同企業', '日本TCFD支持机构'],
      ['climate governance under the TCFD framework', 'TCFDの枠組みにおける気候ガバナンス', 'TCFD框架下的气候治理'],
    ],
    outcomes: [['disclosure quality', '開示の質', '披露质量'], ['firm value', '企業価値', '企业价值'], ['analyst forecast accuracy', 'アナリスト予想の精度', '分析师预测准确度']],
    tags: ['TCFD', 'TCFD提言', 'climate disclosure', '気候関連開示', 'scenario analysis', 'シナリオ分析', 'transition risk', '移行リスク', '物理的リスク'],
  },
  sbt: {
    subjects: [
      ['science-based targets', 'SBT（科学的根拠に基づく目標）', '科学碳目标'],
      ['SBTi validation of corporate targets', 'SBTiによる企業目標の認定', 'SBTi对企业目标的核准'],
      ['net-zero target credibility', 'ネットゼロ目標の信頼性', '净零目标可信度'],
      ['1.5°C-aligned targets of Japanese firms', '日本企業の1.5℃目標', '日本企业的1.5°C目标'],
      ['sectoral decarbonisation approaches', 'セクター別の脱炭素アプローチ', '行业脱碳方法'],
    ],
    outcomes: [['emissions reduction progress', '排出削減の進捗', '减排进展'], ['target ambition', '目標の野心度', '目标雄心'], ['CO2 emissions', 'CO2排出量', '二氧化碳排放']],
    tags: ['SBT', 'SBTi', 'science based targets', '科学的根拠に基づく目標', 'net zero', 'ネットゼロ', '1.5℃', '脱炭素目標'],
  },
  cdp: {
    subjects: [
      ['CDP climate scores', 'CDP気候変動スコア', 'CDP气候变化评分'],
      ['CDP questionnaire responses', 'CDP質問書への回答', 'CDP问卷答复'],
      ['CDP A-list firms', 'CDP Aリスト企業', 'CDP A级名单企业'],
      ['CDP water security disclosure', 'CDP水セキュリティの開示', 'CDP水安全披露'],
      ['non-response to CDP requests', 'CDP質問書への無回答', '未回复CDP问卷'],
    ],
    outcomes: [['disclosure quality', '開示の質', '披露质量'], ['stock returns', '株式リターン', '股票收益'], ['reported emissions', '報告排出量', '报告排放量']],
    tags: ['CDP', 'CDPスコア', 'CDP score', 'A list', 'Aリスト', '環境情報開示', 'water security', 'questionnaire'],
  },
  ev: {
    subjects: [
      ['electric vehicle adoption', '電気自動車（EV）の普及', '电动汽车普及'],
      ['EV charging infrastructure', 'EV充電インフラ', '电动汽车充电基础设施'],
      ['battery supply chains', '蓄電池のサプライチェーン', '动力电池供应链'],
      ['vehicle-to-grid services', 'V2Gサービス', '车网互动服务'],
      ['EV purchase subsidies', 'EV購入補助金', '电动汽车购置补贴'],
      ['electric buses', '電気バス', '电动公交车'],
    ],
    outcomes: [['transport CO2 emissions', '運輸部門のCO2排出量', '交通运输碳排放'], ['electricity demand', '電力需要', '电力需求'], ['battery costs', '電池コスト', '电池成本']],
    tags: ['EV', 'electric vehicles', '電気自動車', 'charging', '充電インフラ', 'batteries', '蓄電池', 'V2G', 'モビリティ'],
  },
  greenwashing: {
    subjects: [
      ['greenwashing in corporate communications', '企業広報におけるグリーンウォッシュ', '企业宣传中的漂绿'],
      ['ESG fund labelling', 'ESGファンドの名称規制', 'ESG基金标签'],
      ['green claims in advertising', '広告における環境主張', '广告中的环保声明'],
      ['the gap between climate pledges and action', '気候目標と実際の行動の乖離', '气候承诺与行动之间的差距'],
      ['greenwashing detection with NLP', '自然言語処理によるグリーンウォッシュ検出', '基于自然语言处理的漂绿识别'],
    ],
    outcomes: [['consumer trust', '消費者の信頼', '消费者信任'], ['regulatory enforcement', '規制当局の執行', '监管执法'], ['fund flows', 'ファンドへの資金流入', '基金资金流动']],
    tags: ['greenwashing', 'グリーンウォッシュ', 'green claims', 'ESG funds', 'ESGファンド', 'misleading claims', '誇大表示', '消費者保護'],
  },
  climate_risk: {
    subjects: [
      ['physical climate risk in real estate', '不動産の物理的気候リスク', '房地产物理气候风险'],
      ['climate stress testing of banks', '銀行の気候ストレステスト', '银行气候压力测试'],
      ['transition risk in credit portfolios', '与信ポートフォリオの移行リスク', '信贷组合转型风险'],
      ['flood risk and insurance', '洪水リスクと保険', '洪水风险与保险'],
      ['stranded assets', '座礁資産', '搁浅资产'],
    ],
    outcomes: [['expected credit losses', '予想信用損失', '预期信用损失'], ['asset prices', '資産価格', '资产价格'], ['insurance premiums', '保険料', '保险费']],
    tags: ['climate risk', '気候リスク', 'physical risk', '物理的リスク', 'transition risk', '移行リスク', 'stress testing', 'ストレステスト', 'stranded assets', '洪水'],
  },
  biodiversity: {
    subjects: [
      ['biodiversity loss and corporate risk', '生物多様性の損失と企業リスク', '生物多样性丧失与企业风险'],
      ['TNFD-aligned nature disclosure', 'TNFDに沿った自然関連開示', '与TNFD一致的自然相关披露'],
      ['forest carbon sinks', '森林吸収源', '森林碳汇'],
      ['deforestation-free supply chains', '森林破壊ゼロのサプライチェーン', '零毁林供应链'],
      ['biodiversity offsets', '生物多様性オフセット', '生物多样性补偿'],
      ['satoyama ecosystem services', '里山の生態系サービス', '里山生态系统服务'],
    ],
    outcomes: [['species richness', '生物種の豊かさ', '物种丰富度'], ['forest cover', '森林被覆率', '森林覆盖率'], ['nature-related financial risk', '自然関連の財務リスク', '自然相关金融风险']],
    tags: ['biodiversity', '生物多様性', 'TNFD', 'nature-positive', 'ネイチャーポジティブ', '森林', 'deforestation', 'ecosystem services', '生態系'],
  },
  supply_chain: {
    subjects: [
      ['supply chain decarbonisation', 'サプライチェーンの脱炭素化', '供应链脱碳'],
      ['green procurement', 'グリーン調達', '绿色采购'],
      ['supplier emissions data sharing', 'サプライヤー排出量データの共有', '供应商排放数据共享'],
      ['climate resilience of supply chains', 'サプライチェーンの気候レジリエンス', '供应链气候韧性'],
      ['low-carbon materials sourcing', '低炭素素材の調達', '低碳材料采购'],
    ],
    outcomes: [['supply chain emissions', 'サプライチェーン排出量', '供应链排放'], ['procurement costs', '調達コスト', '采购成本'], ['supplier participation', 'サプライヤーの参加率', '供应商参与率']],
    tags: ['supply chain', 'サプライチェーン', 'green procurement', 'グリーン調達', 'suppliers', 'サプライヤー', 'logistics', '物流', 'resilience'],
  },
  ai_esg: {
    subjects: [
      ['large language models for ESG analysis', 'ESG分析のための大規模言語モデル', '用于ESG分析的大语言模型'],
      ['machine learning estimation of corporate emissions', '機械学習による企業排出量の推計', '基于机器学习的企业排放估算'],
      ['AI-based screening of climate disclosure', 'AIによる気候関連開示のスクリーニング', '基于AI的气候披露筛查'],
      ['satellite-based emissions monitoring with deep learning', '深層学習による衛星からの排出監視', '基于深度学习的卫星排放监测'],
      ['the energy footprint of AI data centres', 'AIデータセンターの電力消費', 'AI数据中心能源足迹'],
    ],
    outcomes: [['prediction accuracy', '予測精度', '预测准确度'], ['analyst workload', 'アナリストの作業負荷', '分析师工作量'], ['data centre electricity use', 'データセンターの電力使用量', '数据中心用电量']],
    tags: ['AI', '人工知能', 'machine learning', '機械学習', 'LLM', '大規模言語モデル', 'NLP', 'ESG data', 'データセンター'],
  },
  other: {
    subjects: [
      ['climate education', '気候変動教育', '气候变化教育'],
      ['public attitudes towards decarbonisation', '脱炭素に対する市民意識', '公众对脱碳的态度'],
      ['green jobs', 'グリーン雇用', '绿色就业'],
      ['climate litigation', '気候訴訟', '气候诉讼'],
      ['circular economy business models', 'サーキュラーエコノミーのビジネスモデル', '循环经济商业模式'],
      ['urban heat adaptation', '都市の暑熱適応', '城市高温适应'],
    ],
    outcomes: [['public support', '市民の支持', '公众支持'], ['household CO2 emissions', '家庭のCO2排出量', '家庭碳排放'], ['local resilience', '地域のレジリエンス', '地方韧性']],
    tags: ['sustainability', 'サステナビリティ', 'circular economy', '循環経済', 'climate litigation', '気候訴訟', 'adaptation', '適応', '市民参加'],
  },
};

/** Tags any topic may borrow, so cross-topic tag searches find something. */
