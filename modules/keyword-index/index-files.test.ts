import fs from 'node:fs';
import path from 'node:path';
import { CONNECTED_PAPERS, FIXTURE_PAPERS, paper } from '../../tests/contract/fixture-papers';
import { makeTempDir, removeDir } from '../../tests/support/test-run';
import { splitTerms } from '../../shared/text/normalize';
import { MemoryKeywordIndex } from './keyword-index.memory';
import type { KeywordQuery } from './keyword-index.port';

const AT = { database: 'db-1', cursor: { position: '42' }, reindex: '7' };
const QUERIES = ['水素', 'tidal', 'carbon', 'emissions trading', 'co2', '排出 削減', 'energy'].map(
  (q): KeywordQuery => ({ terms: splitTerms(q), filters: {}, offset: 0, limit: 50, facets: ['topic', 'lang', 'year', 'venue_type'] }),
);
const answers = async (index: MemoryKeywordIndex) => Promise.all(QUERIES.map((q) => index.search(q)));

/**
 * The embedded index on disk: a checkpoint saves its structures in segments (small ones here, so the
 * fixture spans several), a new process reopens them without rebuilding and answers exactly as the
 * index that saved them, and later checkpoints add what changed.
 */
describe('MemoryKeywordIndex on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(makeTempDir('keyword-index-files'), 'keyword-index');
  });
  afterEach(() => removeDir(path.dirname(dir)));

  it('reopens what a checkpoint saved and answers the same, from several segments', async () => {
    const saved = new MemoryKeywordIndex({ segmentPapers: 4 });
    await saved.upsert(FIXTURE_PAPERS);
    await saved.checkpoint(dir, AT);
    const reopened = new MemoryKeywordIndex();
    expect(await reopened.reopen(dir, AT.database)).toEqual(AT);
    expect(await reopened.count()).toBe(FIXTURE_PAPERS.length);
    expect(await answers(reopened)).toEqual(await answers(saved));
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('segment-')).length).toBeGreaterThan(1);
    await Promise.all([saved.close(), reopened.close()]);
  });

  it('saves changes applied after a reopen, and removed papers stay removed', async () => {
    const first = new MemoryKeywordIndex({ segmentPapers: 4 });
    await first.upsert(FIXTURE_PAPERS);
    await first.checkpoint(dir, AT);
    const second = new MemoryKeywordIndex({ segmentPapers: 4 });
    await second.reopen(dir, AT.database);
    const removed = FIXTURE_PAPERS[0]!;
    await second.remove([removed.id]);
    await second.upsert([paper({ id: 'tidal', title: 'Tidal lagoon ecology', year: 2024 })]);
    const later = { ...AT, cursor: { position: '50' } };
    await second.checkpoint(dir, later);
    const third = new MemoryKeywordIndex();
    expect(await third.reopen(dir, AT.database)).toEqual(later);
    expect(await third.count()).toBe(FIXTURE_PAPERS.length);
    expect((await third.search({ terms: ['tidal'], filters: {}, offset: 0, limit: 10 })).hits.map((h) => h.paper.title)).toEqual(['Tidal lagoon ecology']);
    expect(await answers(third)).toEqual(await answers(second));
    await Promise.all([first.close(), second.close(), third.close()]);
  });

  it('keeps what the author, since, cited_by and versions features read: the same answers after a reopen and after a merge', async () => {
    const connected: KeywordQuery[] = [
      ...['muller', '長谷川', 'Ｓｍｉｔｈ', 'hasegawa'].map((author) => ({ terms: ['adaptation'], filters: { author }, offset: 0, limit: 50 })),
      { terms: ['adaptation'], filters: { addedSince: '2025-06-01T12:00:00.000Z' }, offset: 0, limit: 50 },
      { terms: ['adaptation'], filters: {}, offset: 0, limit: 50, sort: 'cited_by' },
      { terms: ['adaptation'], filters: {}, offset: 0, limit: 50, collapse: 'versions', facets: ['venue_type', 'year'] },
      { terms: ['adaptation'], filters: { author: 'muller' }, offset: 0, limit: 50, collapse: 'versions', sort: 'cited_by' },
    ];
    const answersOf = (index: MemoryKeywordIndex) => Promise.all(connected.map((q) => index.search(q)));
    const whole = new MemoryKeywordIndex();
    await whole.upsert([...FIXTURE_PAPERS, ...CONNECTED_PAPERS]);
    const expected = await answersOf(whole);
    expect(expected[0]!.total).toBe(4);
    // Small segments: the connected papers spread over several, each checkpoint leaving one to merge.
    const saved = new MemoryKeywordIndex({ segmentPapers: 16 });
    await saved.upsert(FIXTURE_PAPERS);
    for (const p of CONNECTED_PAPERS) {
      await saved.upsert([p]);
      await saved.checkpoint(dir, AT);
    }
    const reopened = new MemoryKeywordIndex({ segmentPapers: 16 });
    await reopened.reopen(dir, AT.database);
    expect(await answersOf(reopened)).toEqual(expected);
    expect(await reopened.mergeSegments()).toBe(true);
    expect(await answersOf(reopened)).toEqual(expected);
    await reopened.checkpoint(dir, AT);
    const again = new MemoryKeywordIndex();
    await again.reopen(dir, AT.database);
    expect(await answersOf(again)).toEqual(expected);
    // A record that is no longer a version of another (it changed) leaves its work.
    const alone = { ...CONNECTED_PAPERS[1]!, work_id: CONNECTED_PAPERS[1]!.id };
    await Promise.all([again.upsert([alone]), whole.upsert([alone])]);
    expect(await answersOf(again)).toEqual(await answersOf(whole));
    await Promise.all([whole.close(), saved.close(), reopened.close(), again.close()]);
  });

  it('does not reopen another database, nor a directory without a whole checkpoint', async () => {
    const index = new MemoryKeywordIndex();
    await index.upsert(FIXTURE_PAPERS);
    expect(await new MemoryKeywordIndex().reopen(dir, AT.database)).toBeUndefined();
    await index.checkpoint(dir, AT);
    expect(await new MemoryKeywordIndex().reopen(dir, 'db-2')).toBeUndefined();
    const segment = fs.readdirSync(dir).find((f) => f.startsWith('segment-'))!;
    fs.truncateSync(path.join(dir, segment), 100);
    expect(await new MemoryKeywordIndex().reopen(dir, AT.database)).toBeUndefined();
    await index.close();
  });

  it('merges the small segments checkpoints leave into one, answering the same before and after a reopen', async () => {
    // A full segment is 16 papers here, so a checkpoint of 1–3 changed papers leaves a small one.
    const index = new MemoryKeywordIndex({ segmentPapers: 16 });
    const whole = new MemoryKeywordIndex();
    await whole.upsert(FIXTURE_PAPERS);
    const segmentFiles = () => fs.readdirSync(dir).filter((f) => f.startsWith('segment-'));
    for (let i = 0, step = 1; i < FIXTURE_PAPERS.length; i += step, step = (step % 3) + 1) {
      await index.upsert(FIXTURE_PAPERS.slice(i, i + step));
      await index.checkpoint(dir, AT);
    }
    // Retired slots inside the small segments: a paper changed, another removed.
    for (const target of [index, whole]) {
      await target.upsert([{ ...FIXTURE_PAPERS[1]!, title: 'Tidal lagoon ecology' }]);
      await target.remove([FIXTURE_PAPERS[2]!.id]);
    }
    await index.checkpoint(dir, AT);
    const before = segmentFiles().length;
    expect(await index.mergeSegments()).toBe(true);
    expect(await answers(index)).toEqual(await answers(whole));
    await index.checkpoint(dir, AT);
    expect(segmentFiles().length).toBeLessThan(before);
    const reopened = new MemoryKeywordIndex();
    await reopened.reopen(dir, AT.database);
    expect(await answers(reopened)).toEqual(await answers(whole));
    expect(await reopened.mergeSegments()).toBe(false);
    await Promise.all([index.close(), whole.close(), reopened.close()]);
  });

  it('keeps the terms searched last for the next start, which works them out ahead of its first searches', async () => {
    const first = new MemoryKeywordIndex({ segmentPapers: 4 });
    await first.upsert(FIXTURE_PAPERS);
    await first.checkpoint(dir, AT);
    const expected = await answers(first);
    await first.saveRecentTerms(dir);
    const searched = [...new Set(QUERIES.flatMap((q) => q.terms))];
    const second = new MemoryKeywordIndex();
    await second.reopen(dir, AT.database);
    expect(await second.warmRecentTerms(dir)).toBe(searched.length);
    expect(await answers(second)).toEqual(expected);
    // A process that searched nothing leaves the last list as it was.
    const third = new MemoryKeywordIndex();
    await third.reopen(dir, AT.database);
    await third.saveRecentTerms(dir);
    expect(await new MemoryKeywordIndex().warmRecentTerms(dir)).toBe(searched.length);
    await Promise.all([first.close(), second.close(), third.close()]);
  });
});
