import { normalise } from '../../services/ingest-worker/pipeline/normalise';
import type { PaperSource, SourceRecord } from '../../services/ingest-worker/sources/paper-source.port';

/** A work as every source can express it: the contract builds each source's own form from these. */
export interface SourceWork {
  n: number;
  title: string;
  abstract: string;
  doi: string;
  year: number;
  publication_date: string;
  authors: string[];
  /** The work's OpenAlex id (`W…`). */
  openalex_id: string;
  /** The works it cites, as OpenAlex ids (`W…`): the one form every source can express. */
  references: string[];
}

export const WORKS: readonly SourceWork[] = Array.from({ length: 7 }, (_, i) => ({
  n: i,
  title: `Emissions trading and carbon pricing under uncertainty ${i}`,
  abstract: `Carbon prices and emissions case ${i}`,
  doi: `https://doi.org/10.7777/OA.${i}`,
  year: 2026,
  publication_date: '2026-11-19',
  authors: ['Hanako Yamada', 'John Smith'],
  openalex_id: `W${1000 + i}`,
  references: i === 0 ? [] : [`W${2000 + i}`, `W${1000 + i - 1}`],
}));

export interface SourceHarness {
  /** A source holding `works`, delivered over at least two pages. */
  holding(works: readonly SourceWork[]): Promise<PaperSource>;
  /** A source that cannot be read (a missing file, a server that keeps failing). */
  broken(): Promise<PaperSource>;
  close(): Promise<void>;
}

async function all(source: PaperSource): Promise<SourceRecord[][]> {
  const pages: SourceRecord[][] = [];
  for await (const page of source.pages({ pageSize: 3 })) pages.push(page);
  return pages;
}

/**
 * What every PaperSource must do (DESIGN §3): deliver each of its records once, in order, over
 * pages; carry the bibliographic fields under the paper's names, so normalisation makes the same
 * paper of the same work whichever source it came from; name itself stably; and fail loudly —
 * a source that cannot be read throws, it never looks like an empty one.
 */
export function paperSourceContract(makeHarness: () => Promise<SourceHarness>): void {
  let harness: SourceHarness;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  it('delivers every record once, in order, over more than one page', async () => {
    const pages = await all(await harness.holding(WORKS));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat().map((r) => r.title)).toEqual(WORKS.map((w) => w.title));
  });

  it('carries the fields of the paper under their names, its OpenAlex id and the works it cites (in order), so the same work becomes the same paper', async () => {
    const source = await harness.holding(WORKS);
    const records = (await all(source)).flat();
    const { candidates, failed } = normalise(records, source.name);
    expect(failed).toEqual([]);
    expect(candidates.map((c) => c.paper)).toEqual(
      WORKS.map((w) =>
        expect.objectContaining({
          doi: `10.7777/oa.${w.n}`,
          title: w.title,
          abstract: w.abstract,
          authors: w.authors,
          year: w.year,
          publication_date: w.publication_date,
          lang: 'en',
          source: source.name,
          openalex_id: w.openalex_id,
          references: w.references.map((ref) => `openalex:${ref}`),
        }),
      ),
    );
  });

  it('names itself the same way every time (the name is recorded on every paper and run)', async () => {
    const first = await harness.holding(WORKS);
    const second = await harness.holding(WORKS);
    expect(first.name).toBe(second.name);
    expect(first.name).not.toBe('');
  });

  it('throws when it cannot be read, rather than delivering nothing', async () => {
    await expect(all(await harness.broken())).rejects.toThrow();
  });
}
