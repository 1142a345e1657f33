import { analyze, forEachWord } from './analyzer';

describe('analyze (the terms of ranked retrieval)', () => {
  it('stems English words and drops the English stop words', () => {
    expect(analyze('The impact of carbon pricing on emissions')).toEqual(['impact', 'carbon', 'price', 'emiss']);
    expect(analyze('emission')).toEqual(analyze('Emissions'));
  });

  it('folds width and case first, as keyword matching does', () => {
    expect(analyze('ＣＯ２ Ｅｍｉｓｓｉｏｎｓ')).toEqual(['co2', 'emiss']);
  });

  it('turns a run of Japanese or Chinese into overlapping bigrams, a lone character into itself', () => {
    expect(analyze('炭素税の効果')).toEqual(['炭素', '素税', '税の', 'の効', '効果']);
    expect(analyze('水素サプライチェーン')).toContain('チェ');
    expect(analyze('税')).toEqual(['税']);
  });

  it('splits a word where the script changes', () => {
    const words: [string, boolean][] = [];
    forEachWord('co2排出量 ai', (w, cjk) => words.push([w, cjk]));
    expect(words).toEqual([['co2', false], ['排出量', true], ['ai', false]]);
  });

  it('keeps words of other scripts and digits as they are', () => {
    expect(analyze('café 2030 ΔT')).toEqual(['café', '2030', 'δt']);
  });

  it('finds no term in punctuation or white space', () => {
    expect(analyze(' — , . ')).toEqual([]);
  });
});
