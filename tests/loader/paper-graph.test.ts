import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import type { PaperInput } from '../../modules/papers';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { newPaper, paperLine } from '../support/paper-fixtures';

/** The graph a load keeps in step: edges resolved whichever end arrives first, counts, versions of one work. */
describe('the graph of papers kept by loads', () => {
  let database: TestDatabase;
  let repository: PaperRepository;
  const load = async (lines: PaperInput[]) => {
    const report = await loadPapers(recordsAsLines(lines), repository);
    expect(report.rejected).toEqual([]);
    return report;
  };
  const byDoi = async (doi: string) => (await database.db.query('SELECT * FROM papers WHERE doi = $1', [doi])).rows[0];

  beforeEach(async () => {
    database = await createTestDatabase();
    repository = new PaperRepository(database.db);
  });
  afterEach(async () => {
    await database.drop();
  });

  it('resolves references to corpus papers whichever is loaded first, and keeps external ones', async () => {
    await load([paperLine('citing', { doi: '10.1000/citing', references: ['https://doi.org/10.1000/CITED', '10.9999/external', 'https://openalex.org/W42'] })]);
    let edges = (await database.db.query('SELECT position, ref_doi, ref_openalex_id, cited_id FROM paper_references ORDER BY position')).rows;
    expect(edges).toEqual([
      { position: 0, ref_doi: '10.1000/cited', ref_openalex_id: null, cited_id: null },
      { position: 1, ref_doi: '10.9999/external', ref_openalex_id: null, cited_id: null },
      { position: 2, ref_doi: null, ref_openalex_id: 'W42', cited_id: null },
    ]);
    expect((await byDoi('10.1000/citing')).references_count).toBe(3);

    await load([paperLine('cited', { doi: '10.1000/cited' }), paperLine('by-work', { openalex_id: 'W42' })]);
    const cited = await byDoi('10.1000/cited');
    edges = (await database.db.query('SELECT position, cited_id FROM paper_references ORDER BY position')).rows;
    expect(edges.map((e) => e.cited_id)).toEqual([cited.id, null, expect.stringMatching(/^p_/)]);
    expect(cited.cited_by_corpus_count).toBe(1);

    // The citing paper drops the reference: the count follows.
    await load([paperLine('citing', { doi: '10.1000/citing', references: ['10.9999/external'] })]);
    expect((await byDoi('10.1000/cited')).cited_by_corpus_count).toBe(0);
    expect((await byDoi('10.1000/citing')).references_count).toBe(1);
  });

  it('takes records sharing an OpenAlex work id as versions of one work, and resolves the id to the smallest of them', async () => {
    await load([paperLine('citing', { references: ['openalex:W7'] }), paperLine('old', { openalex_id: 'W7', title: 'First title' })]);
    // The work gains a DOI: a record of another identity carrying the same work id.
    await load([paperLine('new', { openalex_id: 'https://openalex.org/W7', doi: '10.1000/gained', title: 'Second title' })]);
    const rows = (await database.db.query(`SELECT id, work_id, cited_by_corpus_count FROM papers WHERE openalex_id = 'W7' ORDER BY id`)).rows;
    expect(rows).toHaveLength(2);
    const smallest = rows[0].id;
    expect(rows.map((r) => r.work_id)).toEqual([smallest, smallest]);
    expect((await database.db.query('SELECT cited_id FROM paper_references')).rows).toEqual([{ cited_id: smallest }]);
    expect(rows.map((r) => r.cited_by_corpus_count)).toEqual([1, 0]);
  });

  it('refuses a reference that is neither a DOI nor a work id, naming it', async () => {
    const report = await loadPapers(recordsAsLines([paperLine('bad', { references: ['not a doi'] })]), repository);
    expect(report.rejected).toHaveLength(1);
    expect(report.rejected[0]!.error).toContain('"not a doi" is neither a DOI nor an OpenAlex work id');
  });

  it('groups a preprint and its journal version by title, first author and year, and by stated relations', async () => {
    await load([
      paperLine('pre', { doi: '10.1000/pre', title: 'Hydrogen Storage in Salt Caverns', authors: ['Jürgen Müller'], year: 2021, venue_type: 'preprint' }),
      paperLine('other', { doi: '10.1000/other', title: 'Hydrogen storage in salt caverns', authors: ['A. Smith'], year: 2021 }),
      paperLine('far', { doi: '10.1000/far', title: 'Hydrogen storage in salt caverns', authors: ['J. Muller'], year: 2025 }),
    ]);
    await load([paperLine('pub', { doi: '10.1000/pub', title: 'Hydrogen storage in salt caverns.', authors: ['Muller, Jurgen'], year: 2022, venue_type: 'journal' })]);
    const [pre, pub, other, far] = await Promise.all(['10.1000/pre', '10.1000/pub', '10.1000/other', '10.1000/far'].map(byDoi));
    expect(pre.work_id).toBe(pub.work_id);
    expect(pre.work_id).toBe([pre.id, pub.id].sort()[0]);
    expect(pre.versions).toEqual([{ id: pub.id, venue_type: 'journal', doi: '10.1000/pub', year: 2022 }]);
    expect(other.work_id).toBe(other.id);
    expect(far.work_id).toBe(far.id);

    // A stated relation joins a record whose title differs; dropping it splits the work again.
    await load([paperLine('far', { doi: '10.1000/far', title: 'Salt caverns for hydrogen', authors: ['J. Muller'], year: 2025, is_preprint_of: ['10.1000/pub'] })]);
    expect((await byDoi('10.1000/far')).work_id).toBe(pre.work_id);
    expect((await byDoi('10.1000/pub')).versions.map((v: { doi: string }) => v.doi)).toEqual(['10.1000/pre', '10.1000/far']);
    await load([paperLine('far', { doi: '10.1000/far', title: 'Salt caverns for hydrogen', authors: ['J. Muller'], year: 2025 })]);
    expect((await byDoi('10.1000/far')).work_id).toBe((await byDoi('10.1000/far')).id);
    expect((await byDoi('10.1000/pub')).versions).toHaveLength(1);
  });

  it('logs every derived change so indexes follow it, and an unchanged reload writes nothing', async () => {
    await load([paperLine('cited', { doi: '10.1000/cited' })]);
    const before = Number((await database.db.query('SELECT max(position) AS p FROM paper_changes')).rows[0].p);
    await load([paperLine('citing', { references: ['10.1000/cited'] })]);
    const logged = (await database.db.query('SELECT paper_id FROM paper_changes WHERE position > $1', [before])).rows.map((r) => r.paper_id);
    expect(logged).toContain((await byDoi('10.1000/cited')).id);
    const after = Number((await database.db.query('SELECT max(position) AS p FROM paper_changes')).rows[0].p);
    await load([paperLine('citing', { references: ['10.1000/cited'] })]);
    expect(Number((await database.db.query('SELECT max(position) AS p FROM paper_changes')).rows[0].p)).toBe(after);
  });

  it('reads back what it derived', async () => {
    await load([paperLine('cited', { doi: '10.1000/cited' }), paperLine('citing', { references: ['10.1000/cited'] })]);
    const [paper] = await repository.findByIds([newPaper(paperLine('cited', { doi: '10.1000/cited' })).id]);
    expect(paper).toMatchObject({ cited_by_corpus_count: 1, references_count: 0, versions: [], openalex_id: null });
    expect(paper!.work_id).toBe(paper!.id);
    expect(paper!.created_at).toMatch(/Z$/);
  });
});
