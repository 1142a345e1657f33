import { parse } from 'csv-parse/sync';
import { csvCell, csvDocument, csvField } from './csv';
import { attachmentDisposition } from '../http/content-disposition';

describe('CSV', () => {
  it('quotes only what must be quoted, doubling quotes (RFC 4180), and reads back as written', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    const records = [{ id: 'p1', title: '水素, "H2"\nと炭素', authors: ['山田 太郎', 'Jane Doe'], year: 2024, ok: true, none: null, versions: [{ id: 'v1' }, { id: 'v2' }] }];
    const text = csvDocument(['id', 'title', 'authors', 'year', 'ok', 'none', 'versions'], records);
    expect(text.startsWith('\ufeffid,title,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text, { bom: true, columns: true })).toEqual([{ id: 'p1', title: '水素, "H2"\nと炭素', authors: '山田 太郎; Jane Doe', year: '2024', ok: 'true', none: '', versions: 'v1; v2' }]);
    expect(csvCell({ a: 1 })).toBe('{"a":1}');
  });

  it('names a download after its search, ASCII and, when it is not, UTF-8 (RFC 6266)', () => {
    expect(attachmentDisposition('search', 'carbon pricing', 'bib')).toBe('attachment; filename="search-carbon-pricing.bib"');
    expect(attachmentDisposition('search', '', 'csv')).toBe('attachment; filename="search.csv"');
    expect(attachmentDisposition('search', 'Müller "x"', 'ris')).toBe(`attachment; filename="search-muller-x.ris"; filename*=UTF-8''search-M%C3%BCller-%22x%22.ris`);
    expect(attachmentDisposition('search', '水素', 'bib')).toBe(`attachment; filename="search.bib"; filename*=UTF-8''search-%E6%B0%B4%E7%B4%A0.bib`);
  });
});
