import { codePointLength, splitTerms } from './normalize';
import { isUnspacedCjk, splitQuery, wordsOfTerm } from './word-split';

/** The public search's keyword limits (spec 000 §4.1). */
const LIMITS = { maxTerms: 5, minTermChars: 2, maxChars: 500 };
const suggested = (query: string) => splitQuery(query, LIMITS)?.q;

describe('splitting unspaced Japanese and Chinese into words', () => {
  it('drops the particles between words and keeps the compounds whole', () => {
    expect(suggested('炭素税の効果')).toBe('炭素税 効果');
    expect(suggested('水素サプライチェーンの構築と課題')).toBe('水素 サプライチェーン 構築 課題');
    expect(suggested('脱炭素化に向けた企業の取り組み')).toBe('脱炭素化 向け 企業 取り組み');
    expect(suggested('水素を用いた発電')).toBe('水素 発電');
  });

  it('drops hiragana function words and particle-led phrases, keeps other hiragana words', () => {
    expect(suggested('気候変動リスクについて')).toBe('気候 変動 リスク');
    expect(suggested('サステナビリティに関する情報開示')).toBe('サステナビリティ 情報 開示');
    expect(suggested('地域のまちづくりと脱炭素')).toBe('地域 まちづくり 脱炭素');
  });

  it('drops punctuation, and keeps Latin and digits of a mixed term as they were written', () => {
    expect(suggested('CO2排出量の推移')).toBe('CO2 排出量 推移');
    expect(suggested('ＣＯ２排出量の推移')).toBe('CO2 排出量 推移');
    expect(suggested('「炭素税」の効果')).toBe('炭素税 効果');
    expect(suggested('GX-ETSの課題')).toBe('GX-ETS 課題');
    expect(suggested('2030年目標')).toBe('2030年 目標');
    expect(suggested('スコープ3排出量')).toBe('スコープ3 排出量');
  });

  it('splits Chinese, dropping its function characters', () => {
    expect(suggested('碳排放交易市场的影响')).toBe('碳排放 交易 市场 影响');
    expect(suggested('气候变化对农业的影响')).toBe('气候 变化 农业 影响');
    expect(suggested('碳中和目标下的能源转型')).toBe('碳中和 目标下 能源 转型');
  });

  it('keeps a katakana loanword whole although the segmenter cuts it', () => {
    expect(wordsOfTerm('カーボンプライシング')).toEqual(['カーボンプライシング']);
    expect(wordsOfTerm('ｶｰﾎﾞﾝﾌﾟﾗｲｼﾝｸﾞの課題')).toEqual(['カーボンプライシング', '課題']);
    expect(wordsOfTerm('グリーントランスフォーメーション')).toEqual(['グリーントランスフォーメーション']);
  });

  it('suggests nothing for a term that is already a word, or a query without unspaced CJK', () => {
    for (const query of ['炭素税', 'カーボンプライシング', '炭素税 効果', '水素 輸送', 'carbon pricing', 'CO2', 'Ｈｙｄｒｏｇｅｎ', '水']) {
      expect(suggested(query)).toBeUndefined();
    }
    expect(isUnspacedCjk('水素')).toBe(true);
    expect(isUnspacedCjk('co2水')).toBe(false);
  });

  it('keeps the other terms of the query as written, and drops a term another one holds', () => {
    expect(splitQuery('Hydrogen 水素の輸送', LIMITS)).toEqual({ q: 'Hydrogen 水素 輸送', split: ['水素の輸送'] });
    expect(suggested('炭素 炭素税の効果')).toBe('炭素税 効果');
    expect(suggested('炭素税の効果と炭素税')).toBe('炭素税 効果');
  });

  it('caps long text at 5 terms: other terms first, then nouns, longest first, in the order of the query', () => {
    const long = '気候変動リスクの開示と企業価値の関係についての実証分析と政策提言';
    expect(suggested(long)).toBe('気候 変動 リスク 開示 企業');
    expect(suggested('再生可能エネルギーの導入が電力市場に与える影響について')).toBe('再生 可能 エネルギー 導入 電力');
    expect(suggested(`policy ${long}`)).toBe('policy 気候 変動 リスク 開示');
    for (const query of [long, 'aa bb cc dd 炭素税の効果と排出量取引の課題']) {
      const terms = splitTerms(suggested(query)!);
      expect(terms.length).toBeLessThanOrEqual(5);
      expect(terms.every((t) => codePointLength(t) >= 2)).toBe(true);
    }
  });

  it('stays within the limits it is given', () => {
    expect(splitQuery('炭素税の効果', { ...LIMITS, maxChars: 5 })).toBeUndefined();
    expect(splitQuery('炭素税の効果と課題', { ...LIMITS, maxTerms: 2 })?.q).toBe('炭素税 効果');
    // Nothing is left once the particles and the one-character words are gone.
    expect(suggested('のを')).toBeUndefined();
  });
});
