import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { AS_OF_CACHE_CONTROL, cutDatasetRelease } from '../../modules/releases';
import { newPaper, paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { newDataDirPath, removeDir, testConfig } from '../support/test-run';
import { waitFor } from '../support/wait-for';

const paper = paperLine('page-as-of', { title: 'Hydrogen storage in salt caverns', abstract: 'Hydrogen storage at scale.', year: 2024 });
const id = newPaper(paper).id;
const FIRST = 'v0.3-2026Q3';
const SECOND = '2026-11-28';
/** The page's plain-text citation, as the page writes it (the page escapes `&` in the link's query; there is none here). */
const citationText = (html: string) => /<p id="citation-text"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
const href = (html: string, elementId: string) => new RegExp(`id="${elementId}"[^>]*href="([^"]*)"`).exec(html)?.[1];

/** Paper pages and their citation downloads as of a dataset release (`/papers/{id}?as_of=`). */
describe('paper pages as of a release', () => {
  let database: TestDatabase;
  let app: TestProcess;
  const dataDir = newDataDirPath('page-as-of');
  const settings = testConfig().releases;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadPapers(recordsAsLines([paper]), new PaperRepository(database.db));
    // No edge cache: a release that expires is a 410 at once (a cached answer as of it would be kept up to its TTL).
    app = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, RESPONSE_CACHE_TTL_SECONDS: '0' });
    await waitFor('the first release', async () => (await request(app.url).get('/api/v1/releases')).body.latest === FIRST);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    removeDir(dataDir);
  });

  it('quotes the release the page was read as of, now and as of a release; after a change, as of the first release the record of then', async () => {
    const now = await request(app.url).get(`/papers/${id}?hl=en`).expect(200);
    expect(now.headers['x-dataset-version']).toBe(FIRST);
    expect(citationText(now.text)).toMatch(new RegExp(`/papers/${id} \\(dataset release ${FIRST}\\)$`));
    expect(href(now.text, 'download-bibtex')).toBe(`/papers/${id}.bib`);
    expect(now.text).not.toContain('id="as-of-notice"');
    const thenPage = await request(app.url).get(`/papers/${id}?as_of=${FIRST}&hl=en`).expect(200);
    const thenBib = (await request(app.url).get(`/papers/${id}.bib?as_of=${FIRST}`).expect(200)).text;

    await loadPapers(recordsAsLines([{ ...paper, title: 'Hydrogen storage in salt caverns, revised' }]), new PaperRepository(database.db));
    await waitFor('the unreleased change', async () => (await request(app.url).get('/api/v1/releases')).headers['x-dataset-version'] === `${FIRST}+unreleased`);
    const changed = await request(app.url).get(`/papers/${id}.json`).expect(200);
    expect(JSON.parse(changed.text)[0]).toMatchObject({ title: 'Hydrogen storage in salt caverns, revised', note: `Dataset release ${FIRST}+unreleased` });
    expect(await cutDatasetRelease(database.db, settings, { now: new Date('2026-11-28T09:00:00Z') })).toMatchObject({ release: SECOND, cut: true });
    await waitFor('the second release', async () => (await request(app.url).get('/api/v1/releases')).headers['x-dataset-version'] === SECOND);

    // As of the first release: the same page and download, byte for byte, with the title of then.
    const page = await request(app.url).get(`/papers/${id}?as_of=${FIRST}&hl=en`).expect(200);
    expect(page.text).toBe(thenPage.text);
    expect(page.headers['x-dataset-version']).toBe(FIRST);
    expect(page.headers['cache-control']).toBe(AS_OF_CACHE_CONTROL);
    expect(page.text).toContain('>Hydrogen storage in salt caverns</h1>');
    expect(citationText(page.text)).toMatch(new RegExp(`/papers/${id}\\?as_of=${FIRST} \\(dataset release ${FIRST}\\)$`));
    expect(page.text).toContain(`This is the record as of dataset release ${FIRST}.`);
    for (const [link, ext] of [['download-bibtex', 'bib'], ['download-ris', 'ris'], ['download-csl-json', 'json']]) {
      expect(href(page.text, link!)).toBe(`/papers/${id}.${ext}?as_of=${FIRST}`);
    }
    expect(page.text).toContain(`data-as-of="${FIRST}"`);
    const bib = await request(app.url).get(`/papers/${id}.bib?as_of=${FIRST}`).expect(200);
    expect(bib.text).toBe(thenBib);
    expect(bib.text).toContain('title = {{Hydrogen storage in salt caverns}}');
    expect(bib.text).toContain(`note = {Dataset release ${FIRST}}`);
    expect([bib.headers['x-dataset-version'], bib.headers['cache-control']]).toEqual([FIRST, AS_OF_CACHE_CONTROL]);
    const ris = await request(app.url).get(`/papers/${id}.ris?as_of=${FIRST}`).expect(200);
    expect(ris.text).toContain(`N1  - Dataset release ${FIRST}\r\n`);
    expect(ris.text).toContain('TI  - Hydrogen storage in salt caverns\r\n');
    const csl = await request(app.url).get(`/papers/${id}.json?as_of=${FIRST}`).expect(200);
    expect(JSON.parse(csl.text)[0]).toMatchObject({ title: 'Hydrogen storage in salt caverns', note: `Dataset release ${FIRST}` });

    // Without as_of: the record now, quoting the current release; the page download of a search as of a release holds the paper's own download as of it.
    const current = await request(app.url).get(`/papers/${id}.bib`).expect(200);
    expect(current.text).toContain(`note = {Dataset release ${SECOND}}`);
    expect(current.text).toContain('title = {{Hydrogen storage in salt caverns, revised}}');
    const pageFile = await waitFor('the first release\'s search', async () => {
      const res = await request(app.url).get(`/api/v1/papers/search?q=hydrogen&as_of=${FIRST}&format=bibtex`);
      return res.status === 200 ? res : undefined;
    });
    expect(pageFile.text).toBe(bib.text);
    const nowFile = await request(app.url).get('/api/v1/papers/search?q=hydrogen&format=bibtex').expect(200);
    expect(nowFile.text).toBe(current.text);
  });

  it('answers a release that cannot answer with an HTML page for people and problem+json for the downloads', async () => {
    const malformed = await request(app.url).get(`/papers/${id}?as_of=..bad&hl=en`).set('Accept', 'text/html').expect(400);
    expect(malformed.headers['content-type']).toMatch(/^text\/html/);
    expect(malformed.text).toContain('Not a dataset release');
    expect(malformed.text).toContain(`href="/papers/${id}?hl=en"`);
    const unknown = await request(app.url).get(`/papers/${id}?as_of=1999-01-01&hl=ja`).expect(400);
    expect(unknown.text).toContain('データセットのリリースではありません');
    expect(unknown.text).toContain(`latest is ${SECOND}`);
    const repeated = await request(app.url).get(`/papers/${id}?as_of=${FIRST}&as_of=${SECOND}`).expect(400);
    expect(repeated.headers['content-type']).toMatch(/^text\/html/);
    const bib = await request(app.url).get(`/papers/${id}.bib?as_of=1999-01-01`).expect(400);
    expect(bib.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(bib.body.code).toBe('unknown_release');
    expect((await request(app.url).get(`/papers/${id}.json?as_of=..bad`).expect(400)).body.code).toBe('invalid_as_of');

    // A paper the release did not hold: the 404 page.
    await loadPapers(recordsAsLines([paperLine('page-as-of-later', { title: 'Hydrogen later' })]), new PaperRepository(database.db));
    const laterId = newPaper(paperLine('page-as-of-later', { title: 'Hydrogen later' })).id;
    await request(app.url).get(`/papers/${laterId}`).expect(200);
    expect((await request(app.url).get(`/papers/${laterId}?as_of=${FIRST}`).set('Accept', 'text/html').expect(404)).headers['content-type']).toMatch(/^text\/html/);

    // Past its retention: 410, the page naming the oldest kept.
    const later = new Date(Date.now() + (settings.retentionDays + 1) * 86_400_000);
    expect(await cutDatasetRelease(database.db, settings, { now: later })).toMatchObject({ cut: true });
    const gone = await waitFor('the first release to expire', async () => {
      const res = await request(app.url).get(`/papers/${id}?as_of=${FIRST}&hl=en`);
      return res.status === 410 ? res : undefined;
    });
    expect(gone.headers['content-type']).toMatch(/^text\/html/);
    expect(gone.text).toContain('This dataset release is no longer kept');
    expect(gone.text).toContain(`the oldest release kept is ${SECOND}`);
    const goneBib = await request(app.url).get(`/papers/${id}.bib?as_of=${FIRST}`).expect(410);
    expect(goneBib.body).toMatchObject({ code: 'release_expired', oldest_kept: SECOND });
  });
});
