import { loadPapers, PaperRepository } from '../../modules/papers';
import { recordsAsLines } from '../../shared/loading/json-lines';
import { paperLine } from './paper-fixtures';
import type { TestDatabase } from './test-database';

/**
 * A small corpus for the author, since, sort=cited_by and collapse=versions parameters of both
 * doors' keyword search, loaded as `gx load` would: every paper holds the word `resilience`; authors
 * are written with diacritics, family name first, full-width, in Japanese spaced and unspaced; h1 and
 * h2 are two records of one work (same title and first author's family name, a year apart, and h2
 * says so); h5 cites h2 and h3 (their corpus counts); `created_at` is set after the load, h1–h3 in
 * 2025 and h4–h6 on 2026-03-01.
 */
export const CONNECTED_LINES = [
  paperLine('h1', { doi: '10.5555/gx-h1', title: 'Coastal resilience finance', authors: ['Misaki Hasegawa', 'Jonas Müller'], year: 2021, venue_type: 'preprint', cited_by_count: 12 }),
  paperLine('h2', { doi: '10.5555/gx-h2', title: 'Coastal resilience finance', authors: ['Hasegawa, Misaki'], year: 2022, venue_type: 'journal', cited_by_count: 40, same_work_as: ['10.5555/gx-h1'] }),
  paperLine('h3', { doi: '10.5555/gx-h3', title: '気候レジリエンス resilience 計画', authors: ['長谷川 美咲'], year: 2023, venue_type: 'journal', lang: 'mul' }),
  paperLine('h4', { doi: '10.5555/gx-h4', title: '都市の resilience 戦略', authors: ['長谷川美咲'], year: 2024, venue_type: 'report', lang: 'mul' }),
  paperLine('h5', { doi: '10.5555/gx-h5', title: 'Resilience of supply chains', authors: ['Anna Muller'], year: 2020, references: ['10.5555/gx-h2', '10.5555/gx-h3'] }),
  paperLine('h6', { doi: '10.5555/gx-h6', title: 'Resilience metrics', authors: ['Ｊｏｈｎ Ｓｍｉｔｈ'], year: 2019, venue_type: 'journal', cited_by_count: 100 }),
];

/** When each was first added (set after the load, as if loaded on those days). */
const ADDED: Record<string, string> = { h1: '2025-01-10T00:00:00Z', h2: '2025-02-01T00:00:00Z', h3: '2025-06-01T00:00:00Z', h4: '2026-03-01T00:00:00Z', h5: '2026-03-01T00:00:00Z', h6: '2026-03-01T00:00:00Z' };

/** Loads the corpus into a migrated database; the stored id of each paper by its name (h1…h6). */
export async function loadConnectedCorpus(database: TestDatabase): Promise<Record<string, string>> {
  const papers = new PaperRepository(database.db);
  await loadPapers(recordsAsLines(CONNECTED_LINES), papers);
  const { rows } = await database.db.query<{ id: string; doi: string }>('SELECT id, doi FROM papers');
  const ids = Object.fromEntries(rows.map((r) => [r.doi.replace('10.5555/gx-', ''), r.id]));
  for (const [name, at] of Object.entries(ADDED)) await database.db.query('UPDATE papers SET created_at = $1 WHERE id = $2', [at, ids[name]]);
  return ids;
}
