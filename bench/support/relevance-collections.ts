import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DEMO_COUNT, DEFAULT_DEMO_SEED, generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { mulberry32, recordSeed } from '../../shared/random/seeded-random';
import { readJsonLines } from '../../shared/loading/json-lines';
import { REAL_PAPERS_FILE, REFERENCE_DATA_DIR } from './corpus';
import { readEvalRecords, type EvalDocument, type EvalRecords } from './relevance-records';
import { englishTitleWords, japanesePhrases, sampleOf, twoInAnyOrder, twoInOrder } from './relevance-query-makers';
import type { Judgements } from './relevance-metrics';
import { STATEMENT_FORMS, WORD_PAIR_FORMS, type QuestionForm } from './relevance-question-forms';
import type { Door } from './relevance-search';

/**
 * The folder of the judged collections (read in place, never copied): `GX_REFERENCE_EVAL_DIR`; else
 * `eval` beside the reference data's folder (`GX_REFERENCE_DATA_DIR`: the reference data's own layout).
 */
export const EVAL_DIR = process.env.GX_REFERENCE_EVAL_DIR || path.join(path.dirname(REFERENCE_DATA_DIR), 'eval');
export const SCIFACT_DIR = path.join(EVAL_DIR, 'scifact');

/** Queries per known-item set (per direction for the cross-lingual one). */
export const KNOWN_ITEM_QUERIES = 300;
/** The seed of every random choice of queries; each set draws from a stream of its own. */
const QUERY_SEED = 0x2026_0611;

export interface JudgedQuery {
  id: string;
  text: string;
  judged: Judgements;
  /** The question form it was put in (`relevance-question-forms.ts`); none for a query as written. */
  form?: QuestionForm;
}

/** The doors every query set as written is sent to. */
export const ALL_DOORS: readonly Door[] = ['public', 'keyword', 'vector', 'hybrid'];
/**
 * The doors questions are sent to: the ranked ones. Keyword mode is the AND of every term (the
 * spec's), so a question's words (`is`, `true`, `that`) must all be in a paper, and most claims have
 * more terms than the public door's five: sending them would measure the spec's matching, not the ranking.
 */
export const RANKED_DOORS: readonly Door[] = ['vector', 'hybrid'];

export interface QuerySet {
  label: string;
  /** Its name in the summary table's column headings. */
  short: string;
  queries: JudgedQuery[];
  doors: readonly Door[];
  /** For a set of questions: the `short` of the set they were made from (the statements or bare words). */
  questionsOf?: string;
}

export interface Collection {
  /** `judged` for a collection in the judged collections' format (GX_REFERENCE_EVAL_DIR) (SciFact, or one named by `--eval`). */
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

/** The files of a judged collection in the judged collections' format (see the README of GX_REFERENCE_EVAL_DIR). */
export const judgedFiles = (dir: string) => ['corpus.jsonl', 'queries.jsonl', 'qrels.tsv'].map((f) => path.join(dir, f));

/**
 * A judged collection in the judged collections' format: SciFact (BEIR test split: 300 claims, expert
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
  // SciFact's queries are statements (claims): they are also asked as questions. Other collections'
  // queries (`--eval`) are sent as written (Cranfield's and CISI's are questions already).
  const statements = dir === SCIFACT_DIR;
  return {
    key: 'judged',
    title: statements ? 'SciFact (BEIR test split)' : `${name} (${dir})`,
    loadFile: corpus,
    records,
    querySets: [
      { label: `${name} queries, as written`, short: name, queries, doors: ALL_DOORS },
      ...(statements ? questionSets(name, queries, STATEMENT_FORMS) : []),
    ],
    knownItem: false,
    notes: [
      `${queries.length} queries with judgements, sent as written; a grade ≥ 1 is relevant${unmapped ? `; ${unmapped} qrels name no loaded document` : ''}`,
      ...(statements ? [formsNote('claim', STATEMENT_FORMS)] : []),
    ],
  };
}

/** The queries of a set put into each form: one set of the tuned forms, one of the held-out ones. */
function questionSets(short: string, queries: JudgedQuery[], forms: readonly QuestionForm[]): QuerySet[] {
  const of = (heldOut: boolean) => forms.filter((f) => f.heldOut === heldOut).flatMap((form) => queries.map((q) => ({ ...q, text: form.make(q.text), form })));
  return [
    { label: `${short} as questions, tuned forms`, short: `${short} q-tuned`, queries: of(false), doors: RANKED_DOORS, questionsOf: short },
    { label: `${short} as questions, held-out forms`, short: `${short} q-held-out`, queries: of(true), doors: RANKED_DOORS, questionsOf: short },
  ];
}

const formsNote = (what: string, forms: readonly QuestionForm[]) =>
  `as questions: each ${what} in every form, tuned: ${forms.filter((f) => !f.heldOut).map((f) => `"${f.name}"`).join(', ')}; held out (never tuned on): ${forms.filter((f) => f.heldOut).map((f) => `"${f.name}"`).join(', ')}; asked of the ranked doors (vector, hybrid) only`;

/** "A person remembers two words of the title": papers of the real corpus, one relevant document each. */
export async function knownItemCollection(): Promise<Collection> {
  const records = await readEvalRecords(REAL_PAPERS_FILE);
  const rand = mulberry32(recordSeed(QUERY_SEED, 1));
  const eligible = records.documents.filter((d) => englishTitleWords(d.title ?? '').length >= 2);
  const queries = sampleOf(eligible, KNOWN_ITEM_QUERIES, rand).map((d) => known(d, twoInAnyOrder(englishTitleWords(d.title!), rand)!));
  const short = 'known-item';
  return {
    key: 'known-item',
    title: 'Known-item, real corpus (papers.jsonl of the reference data)',
    loadFile: REAL_PAPERS_FILE,
    records,
    querySets: [{ label: 'two title words, either order', short, queries, doors: ALL_DOORS }, ...questionSets(short, queries, WORD_PAIR_FORMS)],
    knownItem: true,
    notes: [
      `${queries.length} papers drawn with a fixed seed; query = two distinct title words of ≥ 4 letters (not stop or function words), chosen at random, in random order (a person does not recall the order); the one relevant document is that paper`,
      formsNote('pair of words', WORD_PAIR_FORMS),
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
      { label: 'Japanese query → paper written in English', short: 'ja→en', queries: jaQueries, doors: ALL_DOORS },
      { label: 'English query → paper written in Japanese', short: 'en→ja', queries: enQueries, doors: ALL_DOORS },
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
