import { FIELD_GROUP_NAMES, FIELD_GROUPS, isCjkTerm, isWordCode, matchQuality, occurrences, PROXIMITY, proximityBonus, titleLengths, wordCount, type SearchText } from './relevance';

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

  it('gives the bonus of the model as first written, on texts with repeated, overlapping and distant terms', () => {
    // Random values from a few words, so terms repeat, overlap (`aa` in `aaaa`), touch, and lie far apart.
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const pieces = ['carbon', 'pricing', 'carbonpricing', 'aa', 'aaaa', 'a', 'tax', '炭素', '価格', 'あ', '炭素税', '、', '-', ' ', ' ', ' ', '🌏', 'co2,'];
    const value = () => Array.from({ length: 1 + Math.floor(random() * 30) }, () => pick(pieces)).join(pick(['', ' ', ' ']));
    const values = (most: number) => Array.from({ length: Math.floor(random() * (most + 1)) }, value);
    const queries = [['carbon', 'pricing'], ['pricing', 'carbon', 'tax'], ['aa', 'a'], ['aa', 'aa'], ['炭素', '価格', 'carbon'], ['co2,', 'tax'], ['aaaa', 'aa', 'a', 'carbon']];
    let rewarded = 0;
    for (let n = 0; n < 400; n++) {
      const paper = text(values(2), values(3), values(3));
      const terms = pick(queries);
      const idfs = terms.map(() => 1 + random());
      const bonus = proximityBonusAsWritten(paper, terms, idfs);
      expect({ paper, terms, bonus: proximityBonus(paper, terms, idfs) }).toEqual({ paper, terms, bonus });
      if (bonus > 0) rewarded++;
    }
    // Most texts earn a bonus, some none: both sides of every test are met.
    expect(rewarded).toBeGreaterThan(200);
    expect(rewarded).toBeLessThan(400);
  });
});

/** `proximityBonus` as first written (each order's walk searching the value again from every occurrence), with the words between counted plainly. */
function proximityBonusAsWritten(text: SearchText, terms: string[], idfs: number[]): number {
  let bonus = 0;
  for (let i = 0; i + 1 < terms.length; i++) {
    let best = 0;
    for (const group of FIELD_GROUP_NAMES) {
      const boost = FIELD_GROUPS[group].boost;
      for (const value of text[group]) {
        const atA = value.indexOf(terms[i]!);
        const atB = atA < 0 ? -1 : value.indexOf(terms[i + 1]!);
        if (atB < 0) continue;
        const gap = gapAsWritten(value, terms[i]!, terms[i + 1]!);
        if (gap !== undefined) best = Math.max(best, boost / (1 + gap));
        if (gap === 0) continue;
        const reversed = gapAsWritten(value, terms[i + 1]!, terms[i]!);
        if (reversed !== undefined) best = Math.max(best, (PROXIMITY.reversed * boost) / (1 + reversed));
      }
    }
    bonus += PROXIMITY.weight * best * ((idfs[i]! + idfs[i + 1]!) / 2);
  }
  return bonus;
}

function gapAsWritten(text: string, a: string, b: string): number | undefined {
  let best: number | undefined;
  for (let at = text.indexOf(a); at >= 0 && best !== 0; at = text.indexOf(a, at + 1)) {
    const next = text.indexOf(b, at + a.length);
    if (next < 0) break;
    const gap = wordsIn(text.slice(at + a.length, next));
    if (gap <= PROXIMITY.maxGap && (best === undefined || gap < best)) best = gap;
  }
  return best;
}

/** Words in a stretch of text: a run of letters, digits or marks is one, a run of Japanese or Chinese one per two characters. */
function wordsIn(stretch: string): number {
  let words = 0;
  let run = 0;
  let cjk = false;
  const close = () => {
    words += run === 0 ? 0 : cjk ? Math.ceil(run / 2) : 1;
    run = 0;
  };
  for (const char of stretch) {
    const word = char.length === 1 ? isWordCode(char.charCodeAt(0)) : /[\p{L}\p{N}\p{M}]/u.test(char);
    if (!word) {
      close();
      continue;
    }
    if (run > 0 && isCjkTerm(char) !== cjk) close();
    cjk = isCjkTerm(char);
    run++;
  }
  close();
  return words;
}
