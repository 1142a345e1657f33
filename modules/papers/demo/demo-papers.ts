import { TOPIC_SLUGS, type TopicSlug, type VenueType } from '../../../shared/papers/paper.schema';
import type { PaperInput } from '../paper-input';
import {
  COMMON_TAGS, DATA_REPOSITORIES, DATA_SOURCES, DIRECTIONS, EN_FAMILY, EN_GIVEN, GOALS, JA_FAMILY, JA_GIVEN,
  JOURNAL_FORMS, JOURNAL_SUFFIX_JA, JOURNAL_SUFFIX_ZH, METHODS, PREPRINT_SERVERS, REGIONS, SECTORS, SENTENCES,
  TITLE_SERIES_SUFFIXES, TITLE_TEMPLATES, VENUE_FIELDS, VENUE_PREFIXES, ZH_FAMILY, ZH_GIVEN, type SentenceRole, type Tri,
} from './demo-vocabulary';
import { TOPIC_VOCAB } from './demo-topic-vocabulary';
import { DemoGraph, type JournalVenue } from './demo-graph';
import { mulberry32, recordSeed, type Random } from '../../../shared/random/seeded-random';

/**
 * Generator of the synthetic demo corpus loaded into an empty database (and used by benchmarks).
 * Output is a pure function of (count, seed): every record draws from its own PRNG seeded by
 * (seed, record number), and records are made in order, so record n is identical whatever count is
 * requested.
 *
 * No two records share a title, in any language: a record whose drawn title (English, Japanese or
 * Chinese) an earlier record already has draws its title words again (and so its abstract's), up to
 * MAX_TITLE_DRAWS times. Only when every draw is taken — far beyond the default size, when the
 * vocabulary runs out — does a title repeat one, with the next number of its series appended
 * (`… (Part 2)`, `…（第2報）`, `…（第2报）`), so it is still told apart. See `TitleRegistry`.
 */

export const DEFAULT_DEMO_COUNT = 2400;
export const DEFAULT_DEMO_SEED = 0x67_58_20_26;

export interface DemoPaperOptions {
  count?: number;
  seed?: number;
}

/** Appended to every abstract so a generated record can never be mistaken for a real paper. */
/** Appended to every venue, so each public record says it is generated demo data. */
export const DEMO_VENUE_LABEL = '(generated demo data)';

export const DEMO_MARKERS = { en: ' [Generated demo record]', ja: '[生成されたデモデータ]', zh: '[生成的演示数据]' } as const;

/** Title draws per record before it takes a series number instead (see `TitleRegistry`). */
export const MAX_TITLE_DRAWS = 16;

const ABSTRACT_MIN = 150;
const ABSTRACT_MAX = 900;

type LangIndex = 0 | 1 | 2;
const EN: LangIndex = 0;
const JA: LangIndex = 1;
const ZH: LangIndex = 2;
const LANG_CODES = ['en', 'ja', 'zh'] as const;
const MARKERS = [DEMO_MARKERS.en, DEMO_MARKERS.ja, DEMO_MARKERS.zh] as const;
const SENTENCE_SEPARATORS = [' ', '', ''] as const;


// Module-scope aliases: inside jest's vm sandbox each lookup of the global `Math` is slow, and the
// PRNG runs a few hundred times per record.
const { floor } = Math;


// Templates are split once into literal/placeholder runs; 30,000 records would otherwise mean
// hundreds of thousands of regex replacements.
type Compiled = readonly string[];
type CompiledTri = readonly [Compiled, Compiled, Compiled];
type Vars = Readonly<Record<string, Tri>>;

const compileTri = (t: Tri): CompiledTri => [t[0].split(/\{(\w+)\}/), t[1].split(/\{(\w+)\}/), t[2].split(/\{(\w+)\}/)];

function fill(template: CompiledTri, vars: Vars, lang: LangIndex): string {
  const parts = template[lang];
  let out = parts[0];
  for (let k = 1; k < parts.length; k += 2) {
    const value = vars[parts[k]];
    if (value === undefined) throw new Error(`demo template placeholder {${parts[k]}} has no value`);
    out += value[lang] + parts[k + 1];
  }
  return out;
}

const TITLES = TITLE_TEMPLATES.map(compileTri);
const ROLE_TEMPLATES = Object.fromEntries(
  Object.entries(SENTENCES).map(([role, list]) => [role, list.map(compileTri)]),
) as Record<SentenceRole, CompiledTri[]>;

/** Abstract slots in reading order; a role listed twice takes two different templates. */
const NARRATIVE: readonly SentenceRole[] = [
  'background', 'context', 'context', 'aim', 'data', 'method', 'method', 'result', 'result',
  'discussion', 'discussion', 'robustness', 'robustness', 'implication', 'future', 'future',
];
/** Slot indexes (into NARRATIVE) in the order they are added until the target length is reached. */
const PRIORITY: readonly number[] = [3, 7, 5, 0, 13, 4, 8, 1, 9, 11, 14, 6, 10, 2, 12, 15];
const SUMMARY_SLOTS: readonly number[] = [3, 7, 13];

const SMALL_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'in', 'on', 'for', 'to', 'with', 'by', 'from', 'under', 'at', 'via', 'as']);

function titleCase(text: string): string {
  const words = text.split(' ');
  return words
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) && !words[i - 1].endsWith(':') ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/** Full-width forms of the common acronyms, so NFKC-folding search paths see real input. */
const toFullWidth = (text: string): string =>
  text.replace(/CO2|GX|ESG/g, (m) => String.fromCharCode(...[...m].map((c) => c.charCodeAt(0) + 0xfee0)));

const VENUE_WEIGHTS: readonly (readonly [VenueType, number])[] = [
  ['journal', 0.4], ['preprint', 0.2], ['conference', 0.15], ['report', 0.15], ['dataset', 0.1],
];
const AUTHOR_COUNT_CDF = [0.14, 0.38, 0.63, 0.8, 0.92, 1];
const VENUE_PREFIXES_JA = ['青葉', '北風', '潮見', '銀松'];
const VENUE_PREFIXES_ZH = ['青叶', '北风', '潮汐', '银松'];

/** Generates `count` demo papers (default 2,400), identical for identical options. */
export function generateDemoPapers(options: DemoPaperOptions = {}): PaperInput[] {
  const count = options.count ?? DEFAULT_DEMO_COUNT;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const papers: PaperInput[] = new Array(count);
  const titles = new TitleRegistry();
  const graph = new DemoGraph(seed >>> 0, journalVenue);
  for (let i = 0; i < count; i++) papers[i] = graph.add(i + 1, generateRecord(i + 1, seed >>> 0, titles));
  return papers;
}

/** A journal's name for the journal version of a preprint (demo-graph.ts), labelled like every demo venue. */
const journalVenue: JournalVenue = (lang, year, rand) => {
  const pick: Pick = (xs) => xs[floor(rand() * xs.length)];
  return `${makeVenue('journal', lang === 'ja' ? JA : lang === 'zh' || lang === 'mul' ? ZH : EN, year, rand, pick)} ${DEMO_VENUE_LABEL}`;
};

/** A title in the three languages, English already title-cased. */
export type TitleTri = readonly [en: string, ja: string, zh: string];

/**
 * The titles given so far, per language, with how many records carry each (a title with a series
 * number counts towards its base title). `uses` is what a record's candidate would repeat; `claim`
 * takes a candidate: as it is when unused, else with the next series number of the three languages,
 * so the three stay translations of each other. A series number is only ever appended here and no
 * template ends in one, so a numbered title can collide neither with a base title nor with another
 * numbered one.
 */
export class TitleRegistry {
  private readonly used = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()] as const;

  /** How many records already carry the most used of the candidate's three titles (0: all unused). */
  uses(titles: TitleTri): number {
    return Math.max(this.used[0].get(titles[0]) ?? 0, this.used[1].get(titles[1]) ?? 0, this.used[2].get(titles[2]) ?? 0);
  }

  /** Records the candidate and answers the titles to give: unchanged if unused, else numbered. */
  claim(titles: TitleTri): TitleTri {
    const uses = this.uses(titles);
    for (let lang = 0; lang < 3; lang++) this.used[lang].set(titles[lang], uses + 1);
    if (uses === 0) return titles;
    const numbered = (lang: LangIndex) => titles[lang] + TITLE_SERIES_SUFFIXES[lang].replace('{n}', String(uses + 1));
    return [numbered(EN), numbered(JA), numbered(ZH)];
  }
}

function generateRecord(n: number, seed: number, titles: TitleRegistry): PaperInput {
  const rand = mulberry32(recordSeed(seed, n));
  const int = (min: number, max: number): number => min + floor(rand() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[floor(rand() * xs.length)];
  /** A different element from `xs` than index `not`. */
  const pickOther = <T>(xs: readonly T[], not: number): T => xs[(not + 1 + floor(rand() * (xs.length - 1))) % xs.length];
  const pickIndex = (len: number): number => floor(rand() * len);

  // Mostly round-robin so every topic is well populated at any count, with some random draws for unevenness.
  const topic: TopicSlug = rand() < 0.75 ? TOPIC_SLUGS[(n - 1) % TOPIC_SLUGS.length] : pick(TOPIC_SLUGS);
  const langRoll = rand();
  const lang: LangIndex = langRoll < 0.4 ? JA : langRoll < 0.8 ? EN : ZH;
  const vocab = TOPIC_VOCAB[topic];

  const year = Math.min(2026, 2005 + floor(22 * rand() ** 0.6));
  const num = (v: number | string): Tri => {
    const text = String(v);
    return [text, text, text];
  };
  const topicIndex = TOPIC_SLUGS.indexOf(topic);
  /** The words of a title and of the abstract written around it. */
  const drawVars = (): Vars => {
    const y1 = year - int(1, 2);
    const y0 = y1 - int(3, 15);
    const c1 = int(20, 80);
    const subjectIndex = pickIndex(vocab.subjects.length);
    const methodIndex = pickIndex(METHODS.length);
    const regionIndex = pickIndex(REGIONS.length);
    return {
      S: vocab.subjects[subjectIndex],
      S2: pickOther(vocab.subjects, subjectIndex),
      O: pick(vocab.outcomes),
      M: METHODS[methodIndex],
      M2: pickOther(METHODS, methodIndex),
      R: REGIONS[regionIndex],
      R2: pickOther(REGIONS, regionIndex),
      K: pick(SECTORS),
      D: pick(DATA_SOURCES),
      G: pick(GOALS),
      X: pick(TOPIC_VOCAB[pickOther(TOPIC_SLUGS, topicIndex)].subjects),
      DIR: pick(DIRECTIONS),
      P: num((1 + rand() * 44).toFixed(1)),
      Q: num(int(5, 80)),
      N: num(40 + floor(rand() ** 2 * 4000)),
      I: num(int(8, 60)),
      L: num(int(1, 5)),
      C1: num(c1),
      C2: num(c1 + int(50, 200)),
      Y0: num(y0),
      Y1: num(y1),
    };
  };
  const drawTitle = (vars: Vars): TitleTri => {
    const template = pick(TITLES);
    return [titleCase(fill(template, vars, EN)), fill(template, vars, JA), fill(template, vars, ZH)];
  };

  // A title no earlier record has; failing that, the least repeated of the draws, numbered (TitleRegistry).
  let vars = drawVars();
  let candidate = drawTitle(vars);
  let uses = titles.uses(candidate);
  for (let draw = 1; uses > 0 && draw < MAX_TITLE_DRAWS; draw++) {
    const nextVars = drawVars();
    const next = drawTitle(nextVars);
    const nextUses = titles.uses(next);
    if (nextUses < uses) [vars, candidate, uses] = [nextVars, next, nextUses];
  }
  const [titleEn, titleJa, titleZh] = titles.claim(candidate);
  const nativeTitle = lang === EN ? titleEn : lang === JA ? titleJa : titleZh;

  // One template per slot; a role's second slot (roles repeat back to back) takes a different template.
  const slots: CompiledTri[] = new Array(NARRATIVE.length);
  let previous = -1;
  for (let s = 0; s < NARRATIVE.length; s++) {
    const list = ROLE_TEMPLATES[NARRATIVE[s]];
    const index = s > 0 && NARRATIVE[s] === NARRATIVE[s - 1] ? (previous + 1 + pickIndex(list.length - 1)) % list.length : pickIndex(list.length);
    slots[s] = list[index];
    previous = index;
  }

  const marker = MARKERS[lang];
  const sep = SENTENCE_SEPARATORS[lang];
  // Skewed towards short abstracts (as in real corpora) while about a third exceed the 600-character display limit.
  const target = ABSTRACT_MIN + 20 + floor((ABSTRACT_MAX - ABSTRACT_MIN - 50) * rand() ** 1.3) - marker.length;
  const budget = ABSTRACT_MAX - marker.length;
  const chosen: (string | undefined)[] = new Array(slots.length);
  let length = 0;
  for (const slot of PRIORITY) {
    if (length >= target) break;
    const sentence = fill(slots[slot], vars, lang);
    const added = sentence.length + (length === 0 ? 0 : sep.length);
    if (length + added > budget) continue;
    chosen[slot] = sentence;
    length += added;
  }
  const nativeAbstract = chosen.filter((s): s is string => s !== undefined).join(sep) + marker;

  const summarySentences = rand() < 0.5 ? SUMMARY_SLOTS : SUMMARY_SLOTS.slice(0, 2);
  const summaryEn = summarySentences.map((s) => fill(slots[s], vars, EN)).join(' ');
  const summaryJa = summarySentences.map((s) => fill(slots[s], vars, JA)).join('');

  const fullWidth = rand() < (lang === JA ? 0.18 : 0.05);
  const venueType = pickVenueType(rand());
  const linkRoll = rand();
  const padded = String(n).padStart(6, '0');

  return {
    id: `demo:${padded}`,
    doi: linkRoll < 0.6 ? `10.5555/gx-demo.${n}` : null,
    title: fullWidth ? toFullWidth(nativeTitle) : nativeTitle,
    title_ja: titleJa,
    title_en: titleEn,
    authors: makeAuthors(lang, rand, pick),
    year,
    abstract: fullWidth ? toFullWidth(nativeAbstract) : nativeAbstract,
    ai_summary_en: summaryEn,
    ai_summary_ja: summaryJa,
    source_url: linkRoll < 0.85 ? `https://example.org/gx-demo/${n}` : null,
    // venue is shown in every public record but never searched: the label costs no relevance.
    venue: `${makeVenue(venueType, lang, year, rand, pick)} ${DEMO_VENUE_LABEL}`,
    venue_type: venueType,
    topic,
    tags: makeTags(vocab.tags, rand, pick),
    lang: LANG_CODES[lang],
    source: 'demo',
    ...editorialFields(seed, n, lang, year, venueType, linkRoll < 0.85),
  };
}

/**
 * The data API's extra fields, from a random stream of their own so that adding them left every
 * other generated field as it was.
 */
function editorialFields(seed: number, n: number, lang: LangIndex, year: number, venueType: VenueType, hasSource: boolean) {
  const rand = mulberry32(recordSeed(seed ^ 0x5eed5eed, n));
  const shelfRoll = rand();
  // Japanese papers are mostly introduced to the world, foreign ones to Japan; a fifth are curated.
  const shelf = shelfRoll < 0.2 ? 'curated' : lang === JA ? 'japan_to_global' : 'global_to_japan';
  const month = 1 + floor(rand() * 12);
  const day = 1 + floor(rand() * 28);
  return {
    shelf,
    is_peer_reviewed: venueType === 'journal' || venueType === 'conference',
    // Published papers passed the relevance gate at 80.
    draft_score: Math.round((80 + rand() * 20) * 10) / 10,
    publication_date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    pdf_url: hasSource && rand() < 0.7 ? `https://example.org/gx-demo/${n}.pdf` : null,
  } as const;
}

function pickVenueType(roll: number): VenueType {
  let acc = 0;
  for (const [type, weight] of VENUE_WEIGHTS) {
    acc += weight;
    if (roll < acc) return type;
  }
  return 'journal';
}

type Pick = <T>(xs: readonly T[]) => T;

function makeVenue(type: VenueType, lang: LangIndex, year: number, rand: Random, pick: Pick): string {
  const field = pick(VENUE_FIELDS);
  switch (type) {
    case 'preprint':
      return pick(PREPRINT_SERVERS);
    case 'dataset':
      return pick(DATA_REPOSITORIES);
    case 'journal':
      if (lang === JA) return `${pick(VENUE_PREFIXES_JA)}${field[JA]}${pick(JOURNAL_SUFFIX_JA)}`;
      if (lang === ZH) return `${pick(VENUE_PREFIXES_ZH)}${field[ZH]}${pick(JOURNAL_SUFFIX_ZH)}`;
      return `${pick(VENUE_PREFIXES)} ${pick(JOURNAL_FORMS)} ${field[EN]}`;
    case 'conference':
      if (lang === JA) return `第${1 + floor(rand() * 30)}回${field[JA]}シンポジウム講演論文集`;
      if (lang === ZH) return `${year}年${field[ZH]}国际会议论文集`;
      return `Proceedings of the ${pick(VENUE_PREFIXES)} Symposium on ${field[EN]} ${year}`;
    case 'report':
      if (lang === JA) return `${pick(VENUE_PREFIXES_JA)}${field[JA]}研究所ディスカッションペーパー`;
      if (lang === ZH) return `${pick(VENUE_PREFIXES_ZH)}${field[ZH]}研究院工作论文`;
      return `${pick(VENUE_PREFIXES)} Institute for ${field[EN]} Working Paper Series`;
  }
}

function makeAuthors(lang: LangIndex, rand: Random, pick: Pick): string[] {
  const roll = rand();
  const count = AUTHOR_COUNT_CDF.findIndex((p) => roll < p) + 1;
  const names = new Set<string>();
  const english = () => `${pick(EN_GIVEN)} ${pick(EN_FAMILY)}`;
  const japanese = (romanised: boolean) => {
    const family = pick(JA_FAMILY);
    const given = pick(JA_GIVEN);
    return romanised ? `${given[1]} ${family[1]}` : `${family[0]} ${given[0]}`;
  };
  const chinese = (pinyin: boolean) => {
    const family = pick(ZH_FAMILY);
    const given = pick(ZH_GIVEN);
    return pinyin ? `${given[1]} ${family[1]}` : `${family[0]}${given[0]}`;
  };
  // Bounded retries: name collisions are rare and a shorter list is still valid.
  for (let attempt = 0; names.size < count && attempt < count * 4; attempt++) {
    const r = rand();
    if (lang === JA) names.add(r < 0.1 ? english() : japanese(r > 0.82));
    else if (lang === ZH) names.add(r < 0.08 ? english() : chinese(r > 0.75));
    else names.add(r < 0.15 ? japanese(true) : r < 0.27 ? chinese(true) : english());
  }
  return [...names];
}

function makeTags(topicTags: readonly string[], rand: Random, pick: Pick): string[] {
  const k = 2 + floor(rand() * 4);
  const pool = [...topicTags];
  // Partial Fisher–Yates: the first k entries become a uniform sample without replacement.
  for (let i = 0; i < k; i++) {
    const j = i + floor(rand() * (pool.length - i));
    const swap = pool[i];
    pool[i] = pool[j];
    pool[j] = swap;
  }
  const tags = pool.slice(0, k);
  if (rand() < 0.25) {
    const extra = pick(COMMON_TAGS);
    const folded = extra.normalize('NFKC').toLowerCase();
    if (!tags.some((t) => t.normalize('NFKC').toLowerCase() === folded)) tags[k - 1] = extra;
  }
  return tags;
}
