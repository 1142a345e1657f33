import { negotiate, type Offered } from './content-negotiation';

const OFFERED: [Offered<'json' | 'csv' | 'bib'>, ...Offered<'json' | 'csv' | 'bib'>[]] = [
  { name: 'json', mediaTypes: ['application/json'] },
  { name: 'csv', mediaTypes: ['text/csv'] },
  { name: 'bib', mediaTypes: ['application/x-bibtex'] },
];

describe('Accept negotiation', () => {
  it.each([
    [undefined, 'json'],
    ['*/*', 'json'],
    ['text/csv', 'csv'],
    ['TEXT/CSV; charset=utf-8', 'csv'],
    ['text/*', 'csv'],
    ['application/*;q=0.5, text/csv;q=0.4', 'json'],
    ['text/csv;q=0.9, application/x-bibtex', 'bib'],
    ['text/csv, application/json', 'json'],
    ['text/html,application/xhtml+xml,*/*;q=0.8', 'json'],
    ['text/csv;q=0, */*', 'json'],
    ['image/png', 'json'],
    ['garbage', 'json'],
    ['text/csv;q=2', 'json'],
  ])('%s → %s', (accept, expected) => {
    expect(negotiate(accept, OFFERED)).toBe(expected);
  });
});
