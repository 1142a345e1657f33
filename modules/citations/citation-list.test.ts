import { storedAlone } from '../../shared/papers/paper.schema';
import { parsePaperInput, type PaperInput } from '../papers/paper-input';
import { citationList, uniqueKeys } from './citation-list';
import { citationSourceOf } from './citation-source';
import { toBibtex } from './bibtex';

const paper = (input: Partial<PaperInput> & { id: string }) => {
  const parsed = parsePaperInput({ title: 'Carbon pricing', authors: ['Ana García'], year: 2022, lang: 'en', ...input });
  if (!parsed.ok) throw new Error(parsed.error);
  return citationSourceOf(storedAlone(parsed.paper, '2024-01-01T00:00:00.000Z'), 'https://papers.example.org', '2026-11-28');
};

describe('a list of citations', () => {
  it('keeps each key, giving a key repeated in the list a letter: b, c, … z, ba', () => {
    const same = Array.from({ length: 28 }, (_, i) => paper({ id: `same-${i}` }));
    const keys = uniqueKeys([paper({ id: 'other', title: 'Hydrogen' }), ...same]);
    expect(keys.slice(0, 4)).toEqual(['garcia2022hydrogen', 'garcia2022carbon', 'garcia2022carbonb', 'garcia2022carbonc']);
    expect(keys[26]).toBe('garcia2022carbonz');
    expect(keys[27]).toBe('garcia2022carbonba');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is each entry as the paper gives it, the repeated key aside', () => {
    const [a, b] = [paper({ id: 'a' }), paper({ id: 'b', doi: '10.5555/b' })];
    expect(citationList('bibtex', [a, b])).toBe(`${toBibtex(a)}\n${toBibtex(b).replace('{garcia2022carbon,', '{garcia2022carbonb,')}`);
    expect(citationList('bibtex', [])).toBe('');
    expect(citationList('csl-json', [])).toBe('[]\n');
  });
});
