import { familyName, nameKeys, nameMatches } from './person-name';

describe('author names', () => {
  it('match by whole name or family name, ignoring case, accents and width', () => {
    expect(nameMatches('Jürgen Müller', 'muller')).toBe(true);
    expect(nameMatches('Jürgen Müller', 'JURGEN MÜLLER')).toBe(true);
    expect(nameMatches('Jürgen Müller', 'Ｍｕｌｌｅｒ')).toBe(true);
    expect(nameMatches('Jürgen Müller', 'Jürgen')).toBe(false);
    expect(nameMatches('Misaki Hasegawa', 'Hasegawa')).toBe(true);
    expect(nameMatches('Hasegawa, Misaki', 'hasegawa')).toBe(true);
    expect(nameMatches('Hasegawa, Misaki', 'Misaki Hasegawa')).toBe(true);
    expect(nameMatches('M. Hasegawa', 'hasegawa')).toBe(true);
    expect(nameMatches('Misaki Hasegawa', 'Hase')).toBe(false);
  });

  it('read East Asian names family name first, spaced or not', () => {
    expect(nameMatches('長谷川 美咲', '長谷川')).toBe(true);
    expect(nameMatches('長谷川 美咲', '長谷川美咲')).toBe(true);
    expect(nameMatches('長谷川 美咲', '長谷川　美咲')).toBe(true);
    expect(nameMatches('長谷川美咲', '長谷川')).toBe(true);
    expect(nameMatches('長谷川 美咲', '美咲')).toBe(false);
    expect(nameMatches('ながせ がく', 'なかせ')).toBe(false);
  });

  it('tell the family name', () => {
    expect(familyName('Misaki Hasegawa')).toBe('hasegawa');
    expect(familyName('Hasegawa, Misaki')).toBe('hasegawa');
    expect(familyName('長谷川 美咲')).toBe('長谷川');
    expect(familyName('長谷川美咲')).toBeUndefined();
    expect(nameKeys('')).toEqual([]);
  });
});
