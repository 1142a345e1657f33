import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DEMO_COUNT, DEFAULT_DEMO_SEED, generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { mulberry32, recordSeed } from '../../shared/random/seeded-random';
import { readJsonLines } from '../../shared/loading/json-lines';
import { projectRoot } from '../../shared/project-paths';
import { REAL_PAPERS_FILE } from './corpus';
import { readEvalRecords, type EvalDocument, type EvalRecords } from './relevance-records';
import { englishTitleWords, japanesePhrases, sampleOf, twoInOrder } from './relevance-query-makers';
import type { Judgements } from './relevance-metrics';

/** The judged collections of ../shared/eval (read in place, never copied). */
export const SCIFACT_DIR = path.resolve(projectRoot(), '..', 'shared', 'eval', 'scifact');

/** Queries per known-item set (per direction for the cross-lingual one). */
export const KNOWN_ITEM_QUERIES = 300;
/** The seed of every random choice of queries; each set draws from a stream of its own. */
const QUERY_SEED = 0x2026_0611;

export interface JudgedQuery {
  id: string;
  text: string;
  judged: Judgements;
}

export interface QuerySet {
  label: string;
  /** Its name in the summary table's column headings. */
  short: string;
  queries: JudgedQuery[];
}

export interface Collection {
  /** `judged` for a collection of ../shared/eval's format (SciFact, or one named by `--eval`). */
  key: 'judged' | 'known-item' | 'cross-lingual';
  title: string;
  /** The file `gx load papers` reads: the shared file in place, or one the bench wrote to its temp dir. */
  loadFile: string;
  records: EvalRecords;
  querySets: QuerySet[];
  /** Known-item sets also report found-first and in-top-10. */
  knownItem: boolean;
  /** How the queries and judgements were made, for the report. */
  notes: string[];
}

export type Availability = { ok: true } | { ok: false; reason: string };

export function available(files: string[]): Availability {
  const missing = files.filter((f) => !fs.existsSync(f));
  return missing.length ? { ok: false, reason: `${missing.join(', ')} not found` } : { ok: true };
}

/** The files of a judged collection in the format of ../shared/eval (see its README). */
export const judgedFiles = (dir: string) => ['corpus.jsonl', 'queries.jsonl', 'qrels.tsv'].map((f) => path.join(dir, f));

/**
 * A judged collection in the format of ../shared/eval: SciFact (BEIR test split: 300 claims, expert
 * judgements), or any folder named with `--eval=DIR` (a collection the ranking was not tuned on);
 * qrels name corpus ids, mapped to service ids.
 */
export async function judgedCollection(dir: string): Promise<Collection> {
  const [corpus, queriesFile, qrelsFile] = judgedFiles(dir) as [string, string, string];
  const name = dir === SCIFACT_DIR ? 'SciFact' : path.basename(dir);
  const records = await readEvalRecords(corpus);
  const judged = new Map<string, Map<string, number>>();
  let unmapped = 0;
  for (const line of fs.readFileSync(qrelsFile, 'utf8').split('\n')) {
    const [queryId, docId, grade] = line.trim().split('\t');
    if (!queryId || !docId || !/^\d+$/.test(grade ?? '')) continue; // the header, blank lines
    const id = records.bySourceId.get(docId);
    if (!id) {
      unmapped++;
      continue;
    }
    if (!judged.has(queryId)) judged.set(queryId, new Map());
    judged.get(queryId)!.set(id, Number(grade));
  }
  const queries: JudgedQuery[] = [];
  for await (const line of readJsonLines(queriesFile)) {
    if (!line.ok) continue;
    const { id, text } = line.value as { id: string | number; text: string };
    const j = judged.get(String(id));
    if (j && [...j.values()].some((g) => g > 0)) queries.push({ id: String(id), text, judged: j });
  }
  return {
    key: 'judged',
    title: dir === SCIFACT_DIR ? 'SciFact (BEIR test split)' : `${name} (${dir})`,
    loadFile: corpus,
    records,
    querySets: [{ label: `${name} queries, as written`, short: name, queries }],
    knownItem: false,
    notes: [
      `${queries.length} queries with judgements, sent as written; a grade ≥ 1 is relevant${unmapped ? `; ${unmapped} qrels name no loaded document` : ''}`,
    ],
  };
}

/** "A person remembers two words of the title": papers of the real corpus, one relevant document each. */
export async function knownItemCollection(): Promise<Collection> {
  const records = await readEvalRecords(REAL_PAPERS_FILE);
  const rand = mulberry32(recordSeed(QUERY_SEED, 1));
  const eligible = records.documents.filter((d) => englishTitleWords(d.title ?? '').length >= 2);
  const queries = sampleOf(eligible, KNOWN_ITEM_QUERIES, rand).map((d) => known(d, twoInOrder(englishTitleWords(d.title!), rand)!));
  return {
    key: 'known-item',
    title: 'Known-item, real corpus (../shared/data/papers.jsonl)',
    loadFile: REAL_PAPERS_FILE,
    records,
    querySets: [{ label: 'two title words', short: 'known-item', queries }],
    knownItem: true,
    notes: [
      `${queries.length} papers drawn with a fixed seed; query = two distinct title words of ≥ 4 letters (not stop or function words), chosen at random, in title order; the one relevant document is that paper`,
    ],
  };
}

/**
 * Cross-lingual known items on the generated demo corpus (its records carry title_ja and title_en
 * beside the original title): a Japanese query for a paper written in English, and English title
 * words for a paper written in Japanese. Should generated titles repeat, only papers whose title_ja
 * and title_en are both unique in the corpus are asked for: each query has exactly one relevant
 * paper, as in the other known-item set. Chinese-language papers are in the corpus but asked for by
 * neither direction.
 */
export async function crossLingualCollection(tmp: string): Promise<Collection> {
  const loadFile = path.join(tmp, 'demo-papers.jsonl');
  const demo = generateDemoPapers({ count: DEFAULT_DEMO_COUNT, seed: DEFAULT_DEMO_SEED });
  fs.writeFileSync(loadFile, demo.map((p) => JSON.stringify(p)).join('\n') + '\n');
  const records = await readEvalRecords(loadFile);
  const titleCount = (pick: (d: EvalDocument) => string | null) => {
    const counts = new Map<string, number>();
    for (const d of records.documents) {
      const t = pick(d);
      if (t) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    return (d: EvalDocument) => counts.get(pick(d) ?? '') ?? 0;
  };
  const jaCount = titleCount((d) => d.titleJa);
  const enCount = titleCount((d) => d.titleEn);
  const unique = records.documents.filter((d) => jaCount(d) === 1 && enCount(d) === 1);

  const jaRand = mulberry32(recordSeed(QUERY_SEED, 2));
  const jaEligible = unique.filter((d) => d.lang === 'en' && japanesePhrases(d.titleJa!).length >= 2);
  const jaQueries = sampleOf(jaEligible, KNOWN_ITEM_QUERIES, jaRand).map((d) => known(d, twoInOrder(japanesePhrases(d.titleJa!), jaRand)!));
  const enRand = mulberry32(recordSeed(QUERY_SEED, 3));
  const enEligible = unique.filter((d) => d.lang === 'ja' && englishTitleWords(d.titleEn!).length >= 2);
  const enQueries = sampleOf(enEligible, KNOWN_ITEM_QUERIES, enRand).map((d) => known(d, twoInOrder(englishTitleWords(d.titleEn!), enRand)!));
  const duplicated = records.documents.length - unique.length;

  return {
    key: 'cross-lingual',
    title: `Cross-lingual known-item, generated demo corpus (${records.documents.length.toLocaleString('en-US')} papers, seed ${DEFAULT_DEMO_SEED})`,
    loadFile,
    records,
    querySets: [
      { label: 'Japanese query → paper written in English', short: 'ja→en', queries: jaQueries },
      { label: 'English query → paper written in Japanese', short: 'en→ja', queries: enQueries },
    ],
    knownItem: true,
    notes: [
      `ja → en: two phrases of title_ja (Intl.Segmenter kanji/katakana words, touching ones joined up to 6 characters, ≥ 2 characters), chosen at random, in title order, joined by a space`,
      `en → ja: two distinct words of title_en (≥ 4 letters, not stop or function words), chosen at random, in title order`,
      `duplicate titles: only papers whose title_ja and title_en are unique in the corpus are asked for (${duplicated} of ${records.documents.length} share a title), so each query has one relevant paper; zh papers are in the corpus but not asked for`,
    ],
  };
}

function known(d: EvalDocument, text: string): JudgedQuery {
  return { id: d.id, text, judged: new Map([[d.id, 1]]) };
}
