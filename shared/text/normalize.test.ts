import { codePointLength, normalizeText, splitTerms, truncateText } from './normalize';

describe('text rules', () => {
  it('normalises full-width forms and case (NFKC + case folding)', () => {
    expect(normalizeText('ＣＯ２排出量')).toBe('co2排出量');
    expect(normalizeText('ＴＣＦＤ')).toBe('tcfd');
    expect(normalizeText('ｶｰﾎﾞﾝ')).toBe('カーボン'); // half-width katakana
    expect(normalizeText('Scope ３')).toBe('scope 3');
  });

  it('splits terms on any Unicode white space, the ideographic space included', () => {
    expect(splitTerms('水素\u3000輸送')).toEqual(['水素', '輸送']);
    expect(splitTerms('  carbon\t\nPRICING\u00a0policy  ')).toEqual(['carbon', 'pricing', 'policy']);
    expect(splitTerms('\u2003')).toEqual([]);
  });

  it('counts characters in code points, not UTF-16 units', () => {
    expect(codePointLength('🌏🌏')).toBe(2);
    expect(codePointLength('水素')).toBe(2);
  });

  it('shortens to at most the limit without cutting a character or a combining sequence', () => {
    const text = 'a'.repeat(598) + '🌏' + 'e\u0301' + 'tail';
    const short = truncateText(text, 600);
    expect(codePointLength(short)).toBeLessThanOrEqual(600);
    expect(short.endsWith('…')).toBe(true);
    expect(short).not.toMatch(/[\ud800-\udbff]…$/); // no lone high surrogate before the ellipsis
    expect(short).not.toContain('e…'); // the accent is not separated from its letter
    expect(truncateText('short', 600)).toBe('short');
    expect(truncateText('x'.repeat(600), 600)).toBe('x'.repeat(600));
  });
});
