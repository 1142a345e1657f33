import { generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { loadPapers, PaperRepository, type PaperInput } from '../../modules/papers';
import { recordsAsLines } from '../../modules/papers/paper-loader';
import type { Database } from '../../shared/db/database';
import { newPaper, paperLine } from '../support/paper-fixtures';

/**
 * A small corpus with planted structure, for related papers and recommendations:
 *  - cluster A: six papers on electrolyser membranes that all cite the same five works outside the
 *    corpus (bibliographic coupling) and share their words (lexical); one is bilingual (`mul`);
 *  - a co-cited pair X, Y with nothing in common in their words, cited together by four papers C;
 *    Y also cites one of cluster A's references (a weak coupling with A);
 *  - a preprint and its journal version (P, P′: the same title and first author, a year apart, the
 *    journal version stating the preprint's DOI as the same work), and Q, a paper worded like them;
 *  - noise: generated demo papers in every topic and language.
 * `created_at` is 2024-01-01 for every paper but the LATE ones (2025-06-01), for `since`.
 */
const doi = (name: string) => `10.9999/related.${name}`;
const SHARED_REFS = ['h1', 'h2', 'h3', 'h4', 'h5'].map((n) => `10.8888/ext.${n}`);

const A_TITLES = [
  'Electrolyser membrane degradation under intermittent renewable load',
  'Anion exchange electrolyser membranes: durability under variable power',
  'Proton exchange membrane electrolyser stack ageing with solar input',
  'Degradation modelling of alkaline electrolyser membranes for green hydrogen',
  'Electrolyser membrane lifetime in wind-coupled hydrogen production',
];

const lines: Record<string, PaperInput> = {
  ...Object.fromEntries(
    A_TITLES.map((title, i) => [
      `A${i}`,
      paperLine(`A${i}`, {
        doi: doi(`a${i}`),
        title,
        authors: [`Author A${i}`],
        year: 2019 + i,
        topic: i === 4 ? 'energy_transition' : 'hydrogen',
        tags: ['electrolyser', 'membrane durability', 'green hydrogen'],
        abstract: `We study ${title.toLowerCase()}.`,
        references: [...SHARED_REFS, `10.8888/own.a${i}`],
      }),
    ]),
  ),
  A5: paperLine('A5', {
    doi: doi('a5'),
    lang: 'mul',
    title: '変動電源下における水電解膜の劣化',
    title_ja: '変動電源下における水電解膜の劣化',
    title_en: 'Electrolyser membrane degradation under fluctuating power supply',
    authors: ['著者 A5'],
    year: 2024,
    topic: 'hydrogen',
    tags: ['electrolyser', 'membrane durability', '水電解'],
    references: [...SHARED_REFS, '10.8888/own.a5'],
  }),
  X: paperLine('X', { doi: doi('x'), title: 'Soil organic carbon measurement in flooded rice paddies', topic: 'carbon_accounting', year: 2021, tags: ['soil carbon'] }),
  Y: paperLine('Y', {
    doi: doi('y'),
    title: 'Ammonia bunkering logistics for deep-sea shipping',
    topic: 'supply_chain',
    year: 2022,
    tags: ['maritime fuels'],
    references: [SHARED_REFS[0]!, '10.8888/own.y'],
  }),
  ...Object.fromEntries(
    [0, 1, 2, 3].map((i) => [
      `C${i}`,
      paperLine(`C${i}`, {
        doi: doi(`c${i}`),
        title: ['Survey of decarbonisation levers across agriculture and transport', 'Cross-sector abatement cost comparison', 'Methane and nitrous oxide abatement options', 'Integrated assessment of low-carbon supply options'][i],
        topic: 'policy',
        year: 2023,
        references: [doi('x'), doi('y'), `10.8888/own.c${i}`],
      }),
    ]),
  ),
  P: paperLine('P', {
    doi: doi('p-preprint'),
    title: 'Carbon border adjustment and steel trade flows in Asia',
    authors: ['Kenji Sato', 'Mei Lin'],
    year: 2022,
    venue_type: 'preprint',
    topic: 'carbon_pricing',
    tags: ['carbon border adjustment', 'steel trade'],
  }),
  P2: paperLine('P2', {
    doi: doi('p-journal'),
    title: 'Carbon border adjustment and steel trade flows in Asia',
    authors: ['Kenji Sato', 'Mei Lin'],
    year: 2023,
    venue_type: 'journal',
    topic: 'carbon_pricing',
    tags: ['carbon border adjustment', 'steel trade'],
    same_work_as: [doi('p-preprint')],
  }),
  Q: paperLine('Q', {
    doi: doi('q'),
    title: 'Steel exporters facing the carbon border adjustment: Asian trade effects',
    authors: ['Other Author'],
    year: 2024,
    topic: 'carbon_pricing',
    tags: ['carbon border adjustment', 'steel trade'],
  }),
};

/** Papers added later than the others (created_at 2025-06-01). */
export const LATE = ['A3', 'A4', 'A5', 'Y'] as const;
export const LATE_SINCE = '2025-01-01';

export type PlantedName = keyof typeof lines;
/** The stored id of each planted paper. */
export const ID: Record<string, string> = Object.fromEntries(Object.entries(lines).map(([name, line]) => [name, newPaper(line).id]));
export const NAME_OF = new Map(Object.entries(ID).map(([name, id]) => [id, name]));
export const CLUSTER_A = ['A0', 'A1', 'A2', 'A3', 'A4', 'A5'];
export const NOISE_COUNT = 90;

/** Loads the corpus into a migrated database and dates it; the ids of every paper loaded. */
export async function loadRelatedCorpus(db: Database): Promise<string[]> {
  const repository = new PaperRepository(db);
  const noise = generateDemoPapers({ count: NOISE_COUNT });
  const report = await loadPapers(recordsAsLines([...Object.values(lines), ...noise]), repository);
  if (report.rejected.length > 0) throw new Error(`corpus lines rejected: ${JSON.stringify(report.rejected.slice(0, 3))}`);
  await db.query(`UPDATE papers SET created_at = '2024-01-01T00:00:00Z'`);
  await db.query(`UPDATE papers SET created_at = '2025-06-01T00:00:00Z' WHERE id = ANY($1::text[])`, [LATE.map((n) => ID[n])]);
  const { rows } = await db.query<{ id: string }>('SELECT id FROM papers ORDER BY id');
  return rows.map((r) => r.id);
}
