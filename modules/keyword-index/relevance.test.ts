import { FIELD_GROUPS, matchQuality, occurrences, PROXIMITY, proximityBonus, titleLengths, wordCount, type SearchText } from './relevance';

const text = (title: string[], body: string[] = [], tags: string[] = []): SearchText => ({ title, tags, body });

describe('the relevance model: how well a match stands for a term', () => {
  it('counts a whole word fully, a part of a longer word by the share it covers, less when it does not start the word', () => {
    expect(matchQuality('ai for esg', 'ai', 0)).toBe(1);
    expect(matchQuality('green jobs in hokkaido', 'ai', 'green jobs in hokk'.length)).toBeCloseTo(0.5 * (2 / 8) ** 2);
    expect(matchQuality('emissions of co2', 'emission', 0)).toBeCloseTo((8 / 9) ** 2);
    expect(matchQuality('every level', 'ev', 0)).toBeCloseTo((2 / 5) ** 2);
  });

  it('treats punctuation and hyphens as word boundaries, and a term ending in punctuation as closed', () => {
    expect(matchQuality('co2-equivalent emissions', 'co2', 0)).toBe(1);
    expect(matchQuality('(co2) capture', 'co2', 1)).toBe(1);
    expect(matchQuality('co2, ch4', 'co2,', 0)).toBe(1);
  });

  it('counts every Japanese or Chinese match fully: the text has no word boundaries to judge by', () => {
    expect(occurrences('日本の水素サプライチェーンと水素価格', '水素')).toEqual({ best: 1, sum: 2 });
  });

  it('measures lengths in words, two CJK characters to a word, and a bilingual title by its script', () => {
    expect(wordCount(['carbon pricing in japan', '炭素価格'])).toBe(6);
    expect(titleLengths(['Carbon pricing in Japan'.toLowerCase(), '日本の炭素価格'])).toEqual({ cjk: 4, other: 4 });
  });
});

describe('the relevance model: terms in order and close together', () => {
  const idfs = [2, 2];

  it('gives adjacent terms in order the full bonus of their field, farther ones less, reversed ones a little less, distant ones none', () => {
    const adjacent = proximityBonus(text(['carbon pricing in japan']), ['carbon', 'pricing'], idfs);
    const apart = proximityBonus(text(['carbon taxes and emissions pricing']), ['carbon', 'pricing'], idfs);
    const reversed = proximityBonus(text(['pricing carbon in japan']), ['carbon', 'pricing'], idfs);
    const distant = proximityBonus(text(['carbon a b c d e f g h i j k l pricing']), ['carbon', 'pricing'], idfs);
    expect(adjacent).toBeGreaterThan(apart);
    expect(apart).toBeGreaterThan(0);
    expect(reversed).toBeCloseTo(PROXIMITY.reversed * adjacent);
    expect(reversed).toBeLessThan(adjacent);
    expect(distant).toBe(0);
    // The better of the two orders counts, once.
    expect(proximityBonus(text(['carbon pricing, pricing carbon']), ['carbon', 'pricing'], idfs)).toBeCloseTo(adjacent);
  });

  it('weighs a pair close in the title above the same pair close in the body', () => {
    const inTitle = proximityBonus(text(['carbon pricing']), ['carbon', 'pricing'], idfs);
    const inBody = proximityBonus(text(['a study'], ['carbon pricing in practice']), ['carbon', 'pricing'], idfs);
    expect(inTitle).toBeGreaterThan(inBody);
  });

  it('counts a gap of up to ten words, two Japanese characters to a word, and no more', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    const full = PROXIMITY.weight * (FIELD_GROUPS.title.boost / 11) * 2;
    expect(proximityBonus(text([`carbon ${words(10)} pricing`]), ['carbon', 'pricing'], idfs)).toBeCloseTo(full);
    expect(proximityBonus(text([`carbon ${words(11)} pricing`]), ['carbon', 'pricing'], idfs)).toBe(0);
    // 20 kanji are 10 words, 21 are 11.
    expect(proximityBonus(text([`炭素${'あ'.repeat(20)}価格`]), ['炭素', '価格'], idfs)).toBeCloseTo(full);
    expect(proximityBonus(text([`炭素${'あ'.repeat(21)}価格`]), ['炭素', '価格'], idfs)).toBe(0);
  });

  it('counts Japanese terms separated by a particle as close', () => {
    expect(proximityBonus(text(['炭素税の効果']), ['炭素税', '効果'], idfs)).toBeGreaterThan(0);
  });
});
