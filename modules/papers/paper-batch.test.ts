import { batchBodyLimit, distinctRefCount, MAX_REF_CHARS, parsePaperRef, refKey } from './paper-batch';

describe('the ids of a batch lookup', () => {
  it.each([
    ['p_2s_niYOv-9vRxwD_', { kind: 'id', id: 'p_2s_niYOv-9vRxwD_' }],
    ['W123', { kind: 'id', id: 'W123' }],
    ['doi:10.1016/J.ENPOL.2021.112345', { kind: 'doi', doi: '10.1016/j.enpol.2021.112345' }],
    ['DOI:https://doi.org/10.5555/X', { kind: 'doi', doi: '10.5555/x' }],
    ['openalex:w2741809807', { kind: 'openalex', openalex_id: 'W2741809807' }],
    ['OpenAlex:W1', { kind: 'openalex', openalex_id: 'W1' }],
  ])('reads %s', (value, ref) => {
    expect(parsePaperRef(value)).toEqual(ref);
  });

  it.each(['', 'bad id!', '10.5555/x', 'doi:', 'doi:not-a-doi', 'openalex:', 'openalex:X1', 'openalex:https://openalex.org/W1', 'p_é', `doi:10.5555/${'x'.repeat(MAX_REF_CHARS)}`])(
    'refuses %j',
    (value) => {
      expect(parsePaperRef(value)).toBeUndefined();
    },
  );

  it('counts two spellings of one DOI or work id once, and a paper id and a DOI apart', () => {
    const refs = ['doi:10.5555/A', 'DOI:10.5555/a', 'openalex:W1', 'openalex:w1', 'p_a', 'p_a'].map((v) => parsePaperRef(v)!);
    expect(refs.map(refKey)).toEqual(['doi:10.5555/a', 'doi:10.5555/a', 'openalex:W1', 'openalex:W1', 'p_a', 'p_a']);
    expect(distinctRefCount(refs)).toBe(3);
  });

  it('has room in its body for the most ids of the longest kind', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `doi:10.5555/${String(i).padStart(MAX_REF_CHARS - 12, 'x')}`);
    expect(ids.every((id) => id.length === MAX_REF_CHARS && parsePaperRef(id))).toBe(true);
    expect(Buffer.byteLength(JSON.stringify({ ids }))).toBeLessThanOrEqual(parseInt(batchBodyLimit(500), 10) * 1024);
  });
});
