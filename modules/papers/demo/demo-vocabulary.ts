/**
 * Word lists for the generated demo corpus. Every phrase is a triple of English, Japanese and Chinese
 * renderings of the same idea, so a record's AI title/summary in another language is a translation of
 * its original-language text rather than unrelated filler. All names and venues are invented.
 */
export type Tri = readonly [en: string, ja: string, zh: string];

export const COMMON_TAGS: readonly string[] = ['GX', '脱炭素', 'climate change', '気候変動', 'net zero', 'CO2排出量', 'decarbonisation', 'Japan'];

export const METHODS: readonly Tri[] = [
  ['difference-in-differences estimation', '差分の差分法', '双重差分法'],
  ['panel regression', 'パネル回帰分析', '面板回归'],
  ['life-cycle assessment', 'ライフサイクルアセスメント（LCA）', '生命周期评价'],
  ['a gradient-boosting model', '勾配ブースティングモデル', '梯度提升模型'],
  ['system dynamics simulation', 'システムダイナミクス・シミュレーション', '系统动力学仿真'],
  ['text mining', 'テキストマイニング', '文本挖掘'],
  ['a questionnaire survey', 'アンケート調査', '问卷调查'],
  ['comparative case studies', '比較事例研究', '比较案例研究'],
  ['input-output analysis', '産業連関分析', '投入产出分析'],
  ['scenario analysis', 'シナリオ分析', '情景分析'],
  ['an event study', 'イベントスタディ', '事件研究法'],
  ['an integrated assessment model', '統合評価モデル', '综合评估模型'],
  ['spatial econometrics', '空間計量経済分析', '空间计量分析'],
  ['large language model classification', '大規模言語モデルによる分類', '大语言模型分类'],
  ['a computable general equilibrium model', '応用一般均衡モデル', '可计算一般均衡模型'],
  ['Bayesian hierarchical modelling', 'ベイズ階層モデル', '贝叶斯分层模型'],
];

export const REGIONS: readonly Tri[] = [
  ['Japan', '日本', '日本'], ['the EU', 'EU', '欧盟'], ['China', '中国', '中国'], ['ASEAN countries', 'ASEAN諸国', '东盟国家'],
  ['the United States', '米国', '美国'], ['Germany', 'ドイツ', '德国'], ['India', 'インド', '印度'], ['the Kanto region', '関東地方', '关东地区'],
  ['Hokkaido', '北海道', '北海道'], ['Kyushu', '九州', '九州'], ['OECD countries', 'OECD諸国', '经合组织国家'], ['Sub-Saharan Africa', 'サブサハラ・アフリカ', '撒哈拉以南非洲'],
  ['Latin America', '中南米', '拉丁美洲'], ['South Korea', '韓国', '韩国'], ['the Nordic countries', '北欧諸国', '北欧国家'], ['Australia', 'オーストラリア', '澳大利亚'],
  ['the Yangtze River Delta', '長江デルタ', '长三角地区'], ['Indonesia', 'インドネシア', '印度尼西亚'],
];

export const SECTORS: readonly Tri[] = [
  ['manufacturing', '製造業', '制造业'], ['power', '電力', '电力'], ['steel', '鉄鋼', '钢铁'], ['chemicals', '化学', '化工'],
  ['automotive', '自動車', '汽车'], ['banking', '銀行', '银行'], ['insurance', '保険', '保险'], ['real estate', '不動産', '房地产'],
  ['shipping', '海運', '航运'], ['aviation', '航空', '航空'], ['agriculture', '農業', '农业'], ['forestry', '森林・林業', '林业'],
  ['retail', '小売', '零售'], ['cement', 'セメント', '水泥'], ['semiconductor', '半導体', '半导体'], ['financial services', '金融', '金融服务'],
];

export const DATA_SOURCES: readonly Tri[] = [
  ['firm-level disclosure data', '企業の開示データ', '企业披露数据'],
  ['satellite imagery', '衛星画像', '卫星影像'],
  ['smart meter data', 'スマートメーターのデータ', '智能电表数据'],
  ['patent records', '特許データ', '专利数据'],
  ['annual securities reports', '有価証券報告書', '年度证券报告'],
  ['CDP questionnaire data', 'CDP質問書の回答データ', 'CDP问卷数据'],
  ['plant-level emissions inventories', '事業所単位の排出量インベントリ', '工厂层面排放清单'],
  ['household survey data', '世帯調査データ', '住户调查数据'],
  ['bond market data', '債券市場データ', '债券市场数据'],
  ['hourly electricity market data', '時間別の電力市場データ', '逐时电力市场数据'],
  ['supplier transaction records', 'サプライヤー取引データ', '供应商交易记录'],
  ['news articles', 'ニュース記事', '新闻报道'],
  ['integrated reports', '統合報告書', '综合报告'],
];

/** Policy goals a background sentence can refer to. */
export const GOALS: readonly Tri[] = [
  ['net zero by 2050', '2050年カーボンニュートラル', '2050年碳中和'],
  ['decarbonisation', '脱炭素化', '脱碳'],
  ['the GX transition', 'GX（グリーントランスフォーメーション）', '绿色转型（GX）'],
  ['its 2030 emissions target', '2030年の排出削減目標', '2030年减排目标'],
  ['a low-carbon economy', '低炭素経済への移行', '低碳经济转型'],
];

export const DIRECTIONS: readonly Tri[] = [['reduction', '減少', '下降'], ['increase', '増加', '上升']];

/**
 * Title templates. Placeholders: {S} subject, {S2} second subject, {O} outcome, {M}/{M2} methods,
 * {R}/{R2} regions, {K} sector, {D} data source, {X} a subject of another topic, {Y0}/{Y1} study
 * period. Every template names the subject, and the generator never repeats a title (see
 * demo-papers.ts), so templates with few placeholders are used once per subject and the others
 * carry the rest of the corpus.
 */
export const TITLE_TEMPLATES: readonly Tri[] = [
  ['{S} in {R}: evidence from {M}', '{R}における{S}：{M}による実証分析', '{R}的{S}：基于{M}的实证分析'],
  ['assessing {S} in the {K} sector', '{K}部門における{S}の評価', '{K}部门{S}评估'],
  ['{S} and {O}: a {K} sector perspective', '{S}と{O}：{K}部門の視点から', '{S}与{O}：{K}部门视角'],
  ['what role for {S} in {O}? Panel evidence from {R}, {Y0}–{Y1}', '{S}は{O}にどう影響するか：{R}のパネルデータ（{Y0}–{Y1}年）', '{S}如何影响{O}？来自{R}的面板证据（{Y0}—{Y1}年）'],
  ['toward {S}: lessons from {K} firms in {R}', '{S}に向けて：{R}の{K}企業からの示唆', '迈向{S}：来自{R}{K}企业的启示'],
  ['{S} under the GX transition: insights from {M}', 'GX時代の{S}：{M}からの示唆', 'GX转型背景下的{S}：来自{M}的见解'],
  ['{S}: data, metrics and open questions', '{S}：データ、指標と今後の課題', '{S}：数据、指标与未解问题'],
  ['revisiting {S} with {D}', '{D}を用いた{S}の再検討', '基于{D}的{S}再探讨'],
  ['{S} and {S2} in {R}', '{R}における{S}と{S2}', '{R}的{S}与{S2}'],
  ['{S} and CO2 emissions in {R}', '{R}における{S}とCO2排出量', '{R}的{S}与碳排放'],
  ['the role of {S} in shaping {O}', '{S}が{O}に果たす役割', '{S}在{O}形成中的作用'],
  ['measuring {O} in the {K} sector: a study of {S}', '{K}部門における{O}の測定：{S}に関する研究', '{K}部门{O}测度：关于{S}的研究'],
  ['{S} in {R} and {R2}: a comparative analysis', '{R}と{R2}における{S}の比較分析', '{R}与{R2}{S}的比较分析'],
  ['does {S} affect {O}? Evidence from {K} firms in {R}', '{S}は{O}に影響するか：{R}の{K}企業による検証', '{S}会影响{O}吗？来自{R}{K}企业的证据'],
  ['{S} and {O} in {R}, {Y0}–{Y1}', '{R}における{S}と{O}（{Y0}–{Y1}年）', '{R}的{S}与{O}（{Y0}—{Y1}年）'],
  ['estimating {O} with {M}: the case of {S} in {R}', '{M}による{O}の推計：{R}の{S}を事例として', '基于{M}的{O}估计：以{R}{S}为例'],
  ['{S} since {Y0}: new evidence from {D}', '{Y0}年以降の{S}：{D}による新たな知見', '{Y0}年以来的{S}：基于{D}的新证据'],
  ['mapping {S} in {R} with {D}', '{D}で見る{R}の{S}', '利用{D}描绘{R}的{S}'],
  ['the economics of {S}: implications for {O} in {R}', '{S}の経済分析：{R}の{O}への含意', '{S}的经济分析：对{R}{O}的启示'],
  ['{S} meets {X}: linking two agendas in {R}', '{S}と{X}：{R}における二つの課題の接点', '{S}与{X}：{R}两大议题的关联'],
  ['who benefits from {S}? Distributional evidence from {R}', '{S}の恩恵を受けるのは誰か：{R}における分配面の実証', '谁从{S}中受益？来自{R}的分配效应证据'],
  ['barriers to {S} in the {K} sector: survey evidence from {R}', '{K}部門における{S}の障壁：{R}での調査から', '{K}部门{S}的障碍：来自{R}的调查证据'],
  ['heterogeneous effects of {S} on {O}: firm-level evidence from {R}', '{S}が{O}に与える異質な効果：{R}の企業データによる分析', '{S}对{O}的异质性影响：来自{R}企业层面的证据'],
  ['short- and long-run effects of {S} on {O} in the {K} sector', '{K}部門において{S}が{O}に与える短期・長期の効果', '{S}对{K}部门{O}的短期与长期影响'],
  ['policy design for {S}: a review and research agenda for {R}', '{S}の制度設計：{R}に向けた文献レビューと研究課題', '{S}的政策设计：面向{R}的综述与研究议程'],
  ['how {K} firms in {R} respond to {S}', '{R}の{K}企業は{S}にどう対応しているか', '{R}{K}企业如何应对{S}'],
  ['from pledges to practice: {S} in the {K} sector of {R}', '公約から実践へ：{R}の{K}部門における{S}', '从承诺到实践：{R}{K}部门的{S}'],
  ['uncertainty in {O}: the role of {S} in {R}', '{O}の不確実性：{R}における{S}の役割', '{O}的不确定性：{S}在{R}的作用'],
  ['a panel of {S} in {R}, {Y0}–{Y1}: stylised facts and open issues', '{R}における{S}のパネルデータ（{Y0}–{Y1}年）：定型化された事実と課題', '{R}{S}面板数据（{Y0}—{Y1}年）：典型事实与待解问题'],
  ['comparing {M} and {M2} for {S}: an application to {R}', '{S}の分析における{M}と{M2}の比較：{R}への応用', '{S}分析中{M}与{M2}的比较：以{R}为例'],
];

/**
 * What a title takes after it when the vocabulary has no unused title left for a record (only far
 * beyond the default corpus size): the next number of a series, as in 「〜に関する研究（第2報）」.
 */
export const TITLE_SERIES_SUFFIXES: Tri = [' (Part {n})', '（第{n}報）', '（第{n}报）'];

/**
 * Abstract sentence templates by rhetorical role. Besides the title placeholders: {G} goal, {X} a
 * subject from another topic, {R2} second region, {M2} second method, {P} percentage, {Q} share,
 * {N} sample size, {I} interviewees, {L} lag in years, {C1}/{C2} carbon prices, {DIR} direction.
 */
export const SENTENCES: Readonly<Record<SentenceRole, readonly Tri[]>> = {
  background: [
    ['As {R} pursues {G}, {S} has become a central issue for {K} companies and investors.', '{G}の実現に向けて、{R}では{S}が{K}企業と投資家にとって重要な課題となっている。', '随着{R}推进{G}，{S}已成为{K}企业和投资者关注的核心议题。'],
    ['Climate change and tightening climate policy are reshaping {O} in the {K} sector.', '気候変動と気候政策の強化は、{K}部門の{O}に大きな影響を与えつつある。', '气候变化和日益严格的气候政策正在重塑{K}部门的{O}。'],
    ['Despite growing attention to {S}, empirical evidence on the relationship between {S} and {O} remains limited, particularly outside Europe.', '{S}への関心は高まっているものの、{O}との関係に関する実証的な知見は、特に欧州以外では限られている。', '尽管{S}日益受到关注，但关于其与{O}关系的实证证据仍然有限，尤其是在欧洲以外地区。'],
    ['Decarbonisation pathways consistent with the Paris Agreement require rapid cuts in CO2 emissions, and many studies point to {S} as a key lever.', 'パリ協定と整合的な脱炭素の道筋にはCO2排出量の急速な削減が必要であり、{S}はその重要な手段として挙げられることが多い。', '与《巴黎协定》一致的脱碳路径要求快速削减碳排放，而{S}常被视为应对气候变化的关键手段。'],
    ['Investors, regulators and financial institutions increasingly ask how climate-related risks and opportunities depend on {S}.', '投資家、規制当局、金融機関は、{S}が気候関連のリスクと機会にどう影響するかへの関心を強めている。', '投资者、监管机构和金融机构越来越关注{S}如何影响气候相关风险与机遇。'],
    ["Japan's GX policy package and the spread of carbon pricing have put {S} at the centre of corporate strategy.", '日本のGX政策パッケージと炭素価格の導入拡大により、{S}は企業戦略の中心的なテーマとなっている。', '日本的GX政策组合和碳定价的推广使{S}成为企业应对气候变化战略的核心。'],
  ],
  context: [
    ['In {R}, the {K} sector accounts for roughly {Q}% of national CO2 emissions.', '{R}では、{K}部門が国内のCO2排出量の約{Q}%を占めている。', '在{R}，{K}部门约占全国碳排放的{Q}%。'],
    ['Electricity prices, renewable energy targets and access to climate finance differ markedly across the regions studied.', '対象地域の間では、電力価格、再エネ導入目標、気候金融へのアクセスが大きく異なる。', '各研究地区的电价、可再生能源目标和气候融资渠道差异显著。'],
    ['Recent disclosure rules require {K} firms in {R} to report emissions and transition plans.', '{R}では近年の開示規則により、{K}企業に排出量と移行計画の開示が求められている。', '{R}近期的披露规则要求{K}企业报告碳排放和转型计划。'],
    ['Public and private climate finance for {S} has grown rapidly since {Y0}.', '{Y0}年以降、{S}に対する公的・民間の気候資金は急速に拡大している。', '自{Y0}年以来，投向{S}的公共和私人气候资金迅速增长。'],
  ],
  aim: [
    ['This study examines the relationship between {S} and {O} in {R}.', '本研究では、{R}における{S}と{O}の関係を分析する。', '本研究考察了{R}{S}与{O}之间的关系。'],
    ['We study the effect of {S} on {O} and the channels behind it.', '本稿は、{S}が{O}に影響を与えるか、またその経路を検討する。', '本文探讨{S}是否以及如何影响{O}。'],
    ['We develop a framework that links {S} to {S2} and evaluate it for the {K} sector.', '本稿では{S}と{S2}を結び付ける枠組みを構築し、{K}部門を対象に評価する。', '本文构建了将{S}与{S2}联系起来的框架，并以{K}部门为对象进行评估。'],
    ['The paper assesses {S} from the perspective of {K} firms operating in {R}.', '本論文は、{R}で事業を行う{K}企業の視点から{S}を評価する。', '本文从{R}{K}企业的视角评估{S}。'],
    ['Our aim is to quantify how {S} shaped {O} over {Y0}–{Y1}.', '本研究の目的は、{Y0}年から{Y1}年にかけて{S}が{O}に与えた影響を定量化することである。', '本研究旨在量化{Y0}—{Y1}年间{S}对{O}的影响。'],
  ],
  data: [
    ['We compile {D} covering {N} firms in {R} from {Y0} to {Y1}.', '{R}の{N}社を対象に、{Y0}年から{Y1}年までの{D}を整備した。', '我们整理了{R}{N}家企业{Y0}—{Y1}年的{D}。'],
    ['The analysis draws on {D} for {N} facilities in the {K} sector.', '分析には、{K}部門の{N}事業所に関する{D}を用いる。', '分析使用了{K}部门{N}个设施的{D}。'],
    ['Our dataset combines {D} with regional electricity and emissions statistics ({N} observations).', '{D}と地域別の電力・排出量統計を組み合わせたデータセット（{N}観測値）を用いる。', '数据集将{D}与地区电力和碳排放统计相结合（共{N}个观测值）。'],
    ['We collected {D} and interviewed {I} practitioners.', '{D}を収集するとともに、実務家{I}名へのインタビューを実施した。', '我们收集了{D}，并访谈了{I}名从业人员。'],
  ],
  method: [
    ['Using {M}, we identify the effect of {S} on {O}.', '{M}を用いて、{S}が{O}に与える効果を識別する。', '我们采用{M}识别{S}对{O}的影响。'],
    ['We apply {M} and compare scenarios with and without {S}.', '{M}を適用し、{S}がある場合とない場合のシナリオを比較する。', '我们运用{M}，比较有无{S}情形下的情景。'],
    ['The empirical strategy combines {M} with {M2} to test robustness.', '実証戦略として、{M}と{M2}を組み合わせて頑健性を確認する。', '实证策略结合{M}与{M2}以检验稳健性。'],
    ['We calibrate a model of {R} using {M} and simulate {O} up to 2050.', '{M}により{R}を対象としたモデルを構築し、2050年までの{O}を推計する。', '我们以{M}构建针对{R}的模型，模拟至2050年的{O}。'],
  ],
  result: [
    ['Results associate {S} with a {P}% {DIR} in {O}.', '分析の結果、{S}は{O}の{P}%の{DIR}と関連していることが示された。', '结果表明，{S}与{O}{DIR}{P}%相关。'],
    ['The effect is larger for {K} firms ({Q}%) and for firms with high CO2 emissions intensity.', 'この効果は{K}企業（{Q}%）およびCO2排出原単位の高い企業で大きい。', '该效应在{K}企业（{Q}%）和碳排放强度较高的企业中更为显著。'],
    ['We find a lag of about {L} years between changes in {S} and changes in {O}.', '{O}は{S}に対して約{L}年の遅れを伴って反応することが明らかになった。', '研究发现，{O}对{S}的反应存在约{L}年的滞后。'],
    ['Under the central scenario, the change in {O} reaches {P}% by 2035 relative to {Y0} levels.', '中心シナリオでは、{O}は2035年までに{Y0}年比で{P}%変化する。', '在基准情景下，到2035年{O}较{Y0}年水平变化{P}%。'],
    ['Around {Q}% of the sample reports information on {S}, but its quality varies widely.', 'サンプルの約{Q}%が{S}に関する情報を開示しているが、その質には大きなばらつきがある。', '约{Q}%的样本披露了{S}相关信息，但质量差异较大。'],
    ['Heterogeneity analysis shows that the results differ between {R} and {R2}.', '異質性分析により、{R}と{R2}とで結果が異なることが示された。', '异质性分析显示，{R}与{R2}的结果存在差异。'],
  ],
  discussion: [
    ['Compared with earlier studies, our estimates for the {K} sector are conservative.', '先行研究と比べると、{K}部門に関する本研究の推計値は保守的である。', '与已有研究相比，本文对{K}部门的估计较为保守。'],
    ['The results also point to trade-offs between short-term costs and long-term emissions reductions.', 'また、短期的なコストと長期的な排出削減との間にトレードオフが存在することも示唆される。', '结果还表明，短期成本与长期减排之间存在权衡。'],
    ['Interviews indicate that shortages of skilled staff and data slow progress on {S}.', 'インタビューからは、人材とデータの不足が{S}に関する取り組みを遅らせていることがうかがえる。', '访谈表明，专业人才和数据的缺乏减缓了{S}的进展。'],
    ['Policy uncertainty, including the future path of carbon prices, emerges as a major barrier.', '炭素価格の先行きを含む政策の不確実性が、大きな障壁となっていることも明らかになった。', '包括碳价未来走势在内的政策不确定性成为主要障碍。'],
    ['Regional differences in power grid capacity and renewable potential help explain the variation.', '電力系統の容量や再エネのポテンシャルの地域差が、こうしたばらつきの一因と考えられる。', '电网容量和可再生能源潜力的地区差异有助于解释这种差异。'],
    ['Firms with stronger climate governance and board oversight show larger improvements.', '気候ガバナンスや取締役会による監督が強固な企業ほど、改善の幅が大きい。', '气候治理和董事会监督较强的企业改善幅度更大。'],
  ],
  robustness: [
    ['The findings are robust to alternative emission factors and sample definitions.', 'これらの結果は、排出係数やサンプル定義を変更しても頑健である。', '在更换排放因子和样本定义后，结论依然稳健。'],
    ['Limitations include incomplete Scope 3 data and the short observation period.', 'Scope 3排出に関するデータの欠損や観測期間の短さが本研究の限界である。', '本研究的局限包括范围三数据不完整以及观测期较短。'],
    ['Because disclosure is voluntary for many firms, selection bias cannot be fully ruled out.', '多くの企業にとって開示は任意であるため、選択バイアスを完全には排除できない。', '由于许多企业的披露属于自愿性质，无法完全排除选择偏差。'],
    ['Sensitivity tests with carbon prices between {C1} and {C2} USD/tCO2 confirm the main results.', '炭素価格を1トン当たり{C1}〜{C2}ドルとした感度分析でも、主要な結果は変わらない。', '在碳价为每吨{C1}至{C2}美元的敏感性分析中，主要结论保持不变。'],
  ],
  implication: [
    ['The results suggest that policymakers in {R} should align {S} with carbon pricing and disclosure rules.', '以上の結果は、{R}の政策担当者が{S}を炭素価格や開示制度と整合させる必要性を示唆する。', '研究结果表明，{R}的政策制定者应将{S}与碳定价和信息披露规则相协调。'],
    ['For investors and financial institutions, the findings highlight the value of better data on {O}.', '投資家や金融機関にとっては、{O}に関するデータ整備の重要性が示唆される。', '对于投资者和金融机构而言，研究凸显了完善{O}数据的价值。'],
    ['We discuss implications for the GX transition, including renewable power procurement and hydrogen use in the {K} sector.', '最後に、{K}部門における再エネ電力の調達や水素利用を含め、GX推進への示唆を議論する。', '最后，我们讨论了对GX转型的启示，包括{K}部门的可再生电力采购和氢能利用。'],
    ['These insights can support the design of credible transition plans and climate-related disclosure.', 'これらの知見は、信頼性の高い移行計画や気候関連情報の開示の設計に役立つ。', '这些见解可为制定可信的转型计划和气候相关信息披露提供支持。'],
    ['The study contributes to the literature on {S} and on {X}.', '本研究は{S}および{X}に関する研究に貢献する。', '本研究为{S}及{X}相关文献作出了贡献。'],
  ],
  future: [
    ['Future work should extend the analysis to {X} and to small and medium-sized enterprises.', '今後は{X}や中小企業へと分析を拡張することが課題である。', '未来研究应将分析扩展至{X}以及中小企业。'],
    ['We also release the code and an anonymised version of the dataset to support replication.', '再現性を確保するため、コードと匿名化したデータセットを公開する。', '为支持复现，我们公开了代码和匿名化数据集。'],
    ['Case studies from {R2} illustrate how forest conservation, biodiversity and decarbonisation goals can be pursued together.', '{R2}の事例から、森林保全、生物多様性の保全、脱炭素化を同時に進める方策を示す。', '来自{R2}的案例说明了如何同时推进森林保护、生物多样性与脱碳目标。'],
    ['Interaction with electricity market design and grid constraints is discussed as a key open issue.', '電力市場の設計や送電網の制約との相互作用は、今後の重要な論点として議論する。', '与电力市场设计及电网约束的相互作用是需要进一步讨论的关键问题。'],
    ['Finally, we compare our estimates with official climate finance statistics.', '最後に、推計結果を公的な気候金融統計と比較する。', '最后，我们将估算结果与官方气候资金统计进行比较。'],
  ],
};

export type SentenceRole =
  | 'background' | 'context' | 'aim' | 'data' | 'method' | 'result' | 'discussion' | 'robustness' | 'implication' | 'future';

/** [native script, romanisation] pairs; authors are random combinations, not real people. */
export const JA_FAMILY: readonly (readonly [string, string])[] = [
  ['佐藤', 'Sato'], ['鈴木', 'Suzuki'], ['高橋', 'Takahashi'], ['田中', 'Tanaka'], ['伊藤', 'Ito'], ['渡辺', 'Watanabe'],
  ['山本', 'Yamamoto'], ['中村', 'Nakamura'], ['小林', 'Kobayashi'], ['加藤', 'Kato'], ['吉田', 'Yoshida'], ['山田', 'Yamada'],
  ['松本', 'Matsumoto'], ['井上', 'Inoue'], ['木村', 'Kimura'], ['清水', 'Shimizu'], ['池田', 'Ikeda'], ['橋本', 'Hashimoto'],
  ['石川', 'Ishikawa'], ['前田', 'Maeda'], ['藤田', 'Fujita'], ['岡田', 'Okada'], ['長谷川', 'Hasegawa'], ['村上', 'Murakami'],
  ['青木', 'Aoki'], ['坂本', 'Sakamoto'], ['遠藤', 'Endo'], ['西村', 'Nishimura'], ['福田', 'Fukuda'], ['三浦', 'Miura'],
];
export const JA_GIVEN: readonly (readonly [string, string])[] = [
  ['健太', 'Kenta'], ['翔', 'Sho'], ['大輔', 'Daisuke'], ['拓也', 'Takuya'], ['直樹', 'Naoki'], ['美咲', 'Misaki'], ['由美', 'Yumi'],
  ['彩', 'Aya'], ['陽子', 'Yoko'], ['智子', 'Tomoko'], ['隆', 'Takashi'], ['誠', 'Makoto'], ['真理子', 'Mariko'], ['恵', 'Megumi'],
  ['悠人', 'Yuto'], ['葵', 'Aoi'], ['結衣', 'Yui'], ['浩二', 'Koji'], ['俊介', 'Shunsuke'], ['千尋', 'Chihiro'],
];
export const ZH_FAMILY: readonly (readonly [string, string])[] = [
  ['王', 'Wang'], ['李', 'Li'], ['张', 'Zhang'], ['刘', 'Liu'], ['陈', 'Chen'], ['杨', 'Yang'], ['赵', 'Zhao'], ['黄', 'Huang'],
  ['周', 'Zhou'], ['吴', 'Wu'], ['徐', 'Xu'], ['孙', 'Sun'], ['胡', 'Hu'], ['朱', 'Zhu'], ['高', 'Gao'], ['林', 'Lin'],
  ['何', 'He'], ['郭', 'Guo'], ['马', 'Ma'], ['罗', 'Luo'],
];
export const ZH_GIVEN: readonly (readonly [string, string])[] = [
  ['伟', 'Wei'], ['芳', 'Fang'], ['娜', 'Na'], ['敏', 'Min'], ['静', 'Jing'], ['磊', 'Lei'], ['洋', 'Yang'], ['婷', 'Ting'],
  ['晨', 'Chen'], ['浩然', 'Haoran'], ['子涵', 'Zihan'], ['欣怡', 'Xinyi'], ['宇航', 'Yuhang'], ['思远', 'Siyuan'], ['佳琪', 'Jiaqi'],
  ['晓明', 'Xiaoming'], ['丽华', 'Lihua'], ['志强', 'Zhiqiang'], ['雨桐', 'Yutong'], ['嘉怡', 'Jiayi'],
];
export const EN_GIVEN: readonly string[] = [
  'Emma', 'Liam', 'Olivia', 'Noah', 'Sophie', 'Lucas', 'Hannah', 'Daniel', 'Clara', 'Mateo', 'Amara', 'Jonas', 'Priya',
  'Samuel', 'Freya', 'Ivan', 'Leila', 'Tomás', 'Grace', 'Omar', 'Ingrid', 'Felix', 'Zoë', 'Kwame', 'Elena', 'Ravi',
];
export const EN_FAMILY: readonly string[] = [
  'Whitfield', 'Okafor', 'Lindqvist', 'Moreau', 'Alvarez', 'Brennan', 'Kowalski', 'Hartmann', 'Fernandes', 'Osei', 'Petrov',
  'Carver', 'Delacroix', 'Mehta', 'Larsen', 'Novák', 'Quinlan', 'Rossi', 'Haddad', 'Thornton', 'Vásquez', 'Ellison', 'Dubois',
  'Achterberg', 'Nakagawa', 'Ferreira', 'Müller', 'Sørensen',
];

/** Invented publisher words, so no venue collides with a real journal's name. */
export const VENUE_PREFIXES: readonly string[] = ['Meridian', 'Kestrel', 'Northwind', 'Harborlight', 'Aoba', 'Silverpine', 'Tidewater', 'Greenfield Lane'];
export const VENUE_FIELDS: readonly Tri[] = [
  ['Low-Carbon Economics', '低炭素経済', '低碳经济'], ['Transition Finance', '移行金融', '转型金融'], ['Climate Policy Studies', '気候政策研究', '气候政策研究'],
  ['Sustainable Energy Systems', '持続可能エネルギーシステム', '可持续能源系统'], ['Corporate Sustainability', '企業サステナビリティ', '企业可持续发展'],
  ['Environmental Accounting', '環境会計', '环境会计'], ['Carbon Markets', '炭素市場', '碳市场'], ['Nature and Society', '自然と社会', '自然与社会'],
];
export const JOURNAL_FORMS: readonly string[] = ['Journal of', 'Review of', 'Letters in', 'Annals of', 'Transactions on'];
export const JOURNAL_SUFFIX_JA: readonly string[] = ['研究', '学会誌', 'レビュー', '論集'];
export const JOURNAL_SUFFIX_ZH: readonly string[] = ['研究', '学报', '评论'];
export const PREPRINT_SERVERS: readonly string[] = ['ClimateRxiv', 'OpenGX Preprints', 'TransitionRxiv', 'GreenArchive Preprint Server'];
export const DATA_REPOSITORIES: readonly string[] = ['GX Open Data Repository', 'Meridian Climate Data Hub', 'Kestrel Research Data', 'Aoba Environmental Data Archive'];
