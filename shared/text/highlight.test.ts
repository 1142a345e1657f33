import { normalizeText } from './normalize';
import { highlightsOf, MAX_MATCHES_PER_VALUE } from './highlight';
import { mulberry32 } from '../random/seeded-random';

const at = (value: string, h: { start: number; end: number }) => value.slice(h.start, h.end);

describe('highlights: where a term occurs in the text a record carries', () => {
  it('finds full-width and case-folded text by its plain form, with offsets into the text as given', () => {
    const record = { title: 'ＣＯ２ capture in Japan', tags: ['Hydrogen', 'CCUS'] };
    const hits = highlightsOf(record, ['title', 'tags'], ['co2', 'HYDRO']);
    expect(hits.map((h) => [h.field, h.index, at(h.field === 'tags' ? record.tags[h.index!]! : record.title, h), h.term])).toEqual([
      ['title', undefined, 'ＣＯ２', 'co2'],
      ['tags', 0, 'Hydro', 'hydro'],
    ]);
  });

  it('counts offsets in UTF-16 code units, past emoji and surrogate pairs', () => {
    const title = '🌏🌱 水素と𠮷野 hydrogen';
    const [kanji, english] = highlightsOf({ title }, ['title'], ['水素', 'hydrogen']);
    expect(at(title, kanji!)).toBe('水素');
    expect(at(title, english!)).toBe('hydrogen');
    expect(english!.start).toBe(title.indexOf('hydrogen'));
  });

  it('marks the whole character when normalisation expands it and the term matches part of it', () => {
    const [hit] = highlightsOf({ title: '㍻の排出量' }, ['title'], ['平']);
    expect(at('㍻の排出量', hit!)).toBe('㍻');
  });

  it('gives a snippet around the match, cut with … and never inside a character', () => {
    const abstract = `${'前置き。'.repeat(30)}炭素税の効果を測る。${'後書き。'.repeat(30)}`;
    const [hit] = highlightsOf({ abstract }, ['abstract'], ['炭素税']);
    expect(hit!.snippet.startsWith('…')).toBe(true);
    expect(hit!.snippet.endsWith('…')).toBe(true);
    expect(hit!.snippet).toContain('炭素税の効果');
  });

  it('reports at most a few matches of a term in one value', () => {
    expect(highlightsOf({ abstract: 'carbon '.repeat(20) }, ['abstract'], ['carbon'])).toHaveLength(MAX_MATCHES_PER_VALUE);
  });

  it('finds nothing in fields it was not asked about, and nothing for no terms', () => {
    expect(highlightsOf({ title: 'carbon', abstract: 'carbon' }, ['title'], ['carbon']).map((h) => h.field)).toEqual(['title']);
    expect(highlightsOf({ title: 'carbon' }, ['title'], [])).toEqual([]);
  });

  // Property: on generated texts mixing scripts, widths, cases and emoji, every highlight's slice is
  // text that matches its term (its normalised form holds the term), and every occurrence is found.
  it('points every offset at text that matches its term, on generated records (full-width, kana, kanji, mixed case, emoji)', () => {
    const random = mulberry32(20261126);
    const pieces = ['ＣＯ２', 'co2', 'Co2', '水素', 'すいそ', 'スイソ', 'ｽｲｿ', 'Hydrogen', 'HYDROGEN', '🌱', '👩‍🔬', '𠮷', ' ', '　', 'é', 'é', 'ﬁ', '㍻', 'Ⅻ', '排出'];
    const termsPool = ['co2', '水素', 'すいそ', 'スイソ', 'hydrogen', 'fi', '平成', 'xii', 'é', '排出'];
    for (let round = 0; round < 500; round++) {
      const text = Array.from({ length: 4 + Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const terms = termsPool.filter(() => random() < 0.4);
      for (const h of highlightsOf({ title: text }, ['title'], terms)) {
        const slice = text.slice(h.start, h.end);
        expect({ text, slice, term: h.term, holds: normalizeText(slice).includes(h.term) }).toEqual({ text, slice, term: h.term, holds: true });
        // Offsets sit on character boundaries: no lone surrogate at either end.
        expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(slice)).toBe(false);
      }
      for (const term of terms.map(normalizeText)) {
        const occurrences = normalizeText(text).split(term).length - 1;
        const found = highlightsOf({ title: text }, ['title'], [term]).length;
        expect(found).toBe(Math.min(occurrences, MAX_MATCHES_PER_VALUE));
      }
    }
  });
});
