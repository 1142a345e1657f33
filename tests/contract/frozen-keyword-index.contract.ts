import type { FrozenKeywordIndex } from '../../modules/keyword-index';
import type { KeywordQuery } from '../../modules/keyword-index/keyword-index.port';
import { CONTRACT_QUERIES, FIXTURE_PAPERS } from './fixture-papers';

async function* batches<T>(items: T[], size = 4): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const queryOf = (q: (typeof CONTRACT_QUERIES)[number]): KeywordQuery => ({
  terms: q.terms,
  filters: { topic: q.topic ?? undefined, langs: q.langs, shelf: q.shelf, minDraftScore: q.minDraftScore },
  offset: q.offset ?? 0,
  limit: q.limit ?? 50,
  facets: ['year', 'topic'],
});

/**
 * What a release's frozen keyword index must do on every engine (answers as of a release, `as_of`):
 * built once, it is found again by name by another instance (another process, a restart) and answers
 * every query with the same bytes; a name never built is not found; dropped, it is gone.
 */
export function frozenKeywordIndexContract(makeFrozen: (name: string) => FrozenKeywordIndex): void {
  const answersOf = async (frozen: FrozenKeywordIndex) => {
    const out: string[] = [];
    for (const q of CONTRACT_QUERIES) out.push(JSON.stringify(await frozen.index.search(queryOf(q))));
    return out;
  };

  it('answers every query with the same bytes when opened again by another instance, and is gone once dropped', async () => {
    const built = makeFrozen('2026-11-28');
    expect(await built.open()).toBe(false);
    await built.build(batches(FIXTURE_PAPERS));
    const first = await answersOf(built);
    expect(await built.index.count()).toBe(FIXTURE_PAPERS.length);
    await built.close();

    const reopened = makeFrozen('2026-11-28');
    expect(await reopened.open()).toBe(true);
    expect(await answersOf(reopened)).toEqual(first);
    // Names differing only in case are two releases.
    const other = makeFrozen('2026-11-28'.toUpperCase() + 'X');
    expect(await other.open()).toBe(false);
    await other.close();
    await reopened.drop();
    await reopened.close();
    const dropped = makeFrozen('2026-11-28');
    expect(await dropped.open()).toBe(false);
    await dropped.close();
  });
}
