import { buildQdrantFilter, POINT_ID_NAMESPACE, qdrantPayload, qdrantPointId, uuidV5 } from './qdrant-filter';

describe('buildQdrantFilter', () => {
  it('no conditions: no filter at all', () => {
    expect(buildQdrantFilter({})).toBeUndefined();
  });

  it('topic and shelf match a keyword value', () => {
    expect(buildQdrantFilter({ topic: 'hydrogen' })).toEqual({ must: [{ key: 'topic', match: { value: 'hydrogen' } }] });
    expect(buildQdrantFilter({ shelf: 'curated' })).toEqual({ must: [{ key: 'shelf', match: { value: 'curated' } }] });
  });

  it('langs match any of the given languages (the caller adds mul)', () => {
    expect(buildQdrantFilter({ langs: ['ja', 'mul'] })).toEqual({ must: [{ key: 'lang', match: { any: ['ja', 'mul'] } }] });
    expect(buildQdrantFilter({ langs: [] })).toEqual({ must: [{ key: 'lang', match: { any: [] } }] });
  });

  it('a draft-score bound above 0 is a range; at or below 0 it also admits papers without a score', () => {
    expect(buildQdrantFilter({ minDraftScore: 60 })).toEqual({ must: [{ key: 'draft_score', range: { gte: 60 } }] });
    expect(buildQdrantFilter({ minDraftScore: 0 })).toEqual({
      must: [{ should: [{ key: 'draft_score', range: { gte: 0 } }, { is_empty: { key: 'draft_score' } }] }],
    });
  });

  it('combines every condition under must', () => {
    expect(buildQdrantFilter({ topic: 'esg', langs: ['en', 'mul'], shelf: 'japan_to_global', minDraftScore: 0.5 })).toEqual({
      must: [
        { key: 'topic', match: { value: 'esg' } },
        { key: 'lang', match: { any: ['en', 'mul'] } },
        { key: 'shelf', match: { value: 'japan_to_global' } },
        { key: 'draft_score', range: { gte: 0.5 } },
      ],
    });
  });

  it('does not share the caller\'s langs array', () => {
    const langs: ('ja' | 'en')[] = ['ja'];
    const filter = buildQdrantFilter({ langs });
    langs.push('en');
    expect(filter).toEqual({ must: [{ key: 'lang', match: { any: ['ja'] } }] });
  });
});

describe('qdrantPointId', () => {
  it('is a deterministic RFC 9562 version-5 UUID, distinct per id', () => {
    const a = qdrantPointId('p_10.5555/gx-demo.1');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(qdrantPointId('p_10.5555/gx-demo.1')).toBe(a);
    expect(qdrantPointId('p_10.5555/gx-demo.2')).not.toBe(a);
    expect(qdrantPointId('水素')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is built like the reference UUIDv5 (Python\'s uuid5(NAMESPACE_DNS, "python.org"))', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    expect(qdrantPointId('p1')).toBe(uuidV5(POINT_ID_NAMESPACE, 'p1'));
  });
});

describe('qdrantPayload', () => {
  it('keeps the paper id beside the filterable fields', () => {
    expect(qdrantPayload('p1', { topic: 'esg', lang: 'ja', shelf: null, draft_score: 12 })).toEqual({
      paper_id: 'p1', topic: 'esg', lang: 'ja', shelf: null, draft_score: 12,
    });
  });
});
