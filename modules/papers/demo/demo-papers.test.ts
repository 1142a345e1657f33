import { TOPIC_SLUGS, VENUE_TYPES } from '../../../shared/papers/paper.schema';
import { parsePaperInput, type PaperInput } from '../paper-input';
import { codePointLength, normalizeText } from '../../../shared/text/normalize';
import { DEFAULT_DEMO_COUNT, DEMO_MARKERS, generateDemoPapers, TitleRegistry } from './demo-papers';
import { DEMO_EXTERNAL_DOI_PREFIX } from './demo-graph';
import { familyName, nameMatches } from '../../../shared/text/person-name';
import { workKey } from '../work-key';

const papers = generateDemoPapers();

const countBy = <K extends string>(items: readonly PaperInput[], key: (p: PaperInput) => K): Map<K, number> => {
  const counts = new Map<K, number>();
  for (const p of items) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
  return counts;
};

/** A title with a series number, what the generator falls back on only beyond its vocabulary. */
const NUMBERED = / \(Part \d+\)$|（第\d+[報报]）$/;

/**
 * Asserts that no two records share a title in any field, also after NFKC and case folding, except
 * the two versions of one work (a preprint and its journal article, demo-graph.ts), which share all.
 */
function expectUniqueTitles(records: readonly PaperInput[]): void {
  const versions = versionPairs(records);
  const copies = new Set(versions.map(([, journal]) => journal));
  const repeats = (title: (p: PaperInput) => string | null | undefined) => {
    const seen = new Set<string>();
    const repeated: string[] = [];
    for (const p of records) {
      if (copies.has(p)) continue;
      const t = title(p) ?? '';
      if (seen.has(t)) repeated.push(`${String(p.id)}: ${t}`);
      seen.add(t);
    }
    return repeated.slice(0, 5);
  };
  expect({
    title: repeats((p) => p.title),
    folded: repeats((p) => normalizeText(p.title ?? '')),
    title_en: repeats((p) => p.title_en),
    title_ja: repeats((p) => p.title_ja),
  }).toEqual({ title: [], folded: [], title_en: [], title_ja: [] });
}

/** The records that repeat an earlier record's title: [the earlier record, the later one]. */
function versionPairs(records: readonly PaperInput[]): [PaperInput, PaperInput][] {
  const first = new Map<string, PaperInput>();
  const pairs: [PaperInput, PaperInput][] = [];
  for (const p of records) {
    const earlier = first.get(p.title ?? '');
    if (earlier) pairs.push([earlier, p]);
    else first.set(p.title ?? '', p);
  }
  return pairs;
}

/** The fields the public search matches a term against (spec 4.1), folded like the index does. */
const searchableText = (p: PaperInput): string =>
  normalizeText([p.title, p.title_ja, p.title_en, p.abstract, p.ai_summary_en, p.ai_summary_ja, ...(p.tags ?? [])].join('\n'));

describe('generateDemoPapers', () => {
  it('generates the default count of records that all pass the input schema', () => {
    expect(papers).toHaveLength(DEFAULT_DEMO_COUNT);
    for (const p of papers) {
      const result = parsePaperInput(p);
      if (!result.ok) throw new Error(`${String(p.id)}: ${result.error}`);
      expect(result.paper.lang).toBe(p.lang === 'zh' ? 'mul' : p.lang);
    }
  });

  it('is deterministic for the same options and differs for another seed', () => {
    expect(generateDemoPapers()).toEqual(papers);
    expect(generateDemoPapers({ count: 50, seed: 7 })).toEqual(generateDemoPapers({ count: 50, seed: 7 }));
    const other = generateDemoPapers({ seed: 12345 });
    expect(other.map((p) => p.title)).not.toEqual(papers.map((p) => p.title));
    expect(other.map((p) => p.id)).toEqual(papers.map((p) => p.id));
  });

  it('gives record n the same content whatever count is requested', () => {
    expect(generateDemoPapers({ count: 100 })).toEqual(papers.slice(0, 100));
  });

  it('marks every record as demo data with a stable, unique id', () => {
    const ids = papers.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('demo:000001');
    for (const p of papers) {
      expect(p.id).toMatch(/^demo:\d{6}$/);
      expect(p.source).toBe('demo');
      const marker = p.lang === 'ja' ? DEMO_MARKERS.ja : p.lang === 'zh' ? DEMO_MARKERS.zh : DEMO_MARKERS.en;
      expect(p.abstract?.endsWith(marker)).toBe(true);
      for (const title of [p.title, p.title_ja, p.title_en]) expect(normalizeText(title ?? '')).not.toContain('demo');
    }
  });

  it('uses every topic, at least 40 papers each', () => {
    const topics = countBy(papers, (p) => p.topic ?? 'none');
    expect([...topics.keys()].sort()).toEqual([...TOPIC_SLUGS].sort());
    for (const slug of TOPIC_SLUGS) expect(topics.get(slug)).toBeGreaterThanOrEqual(40);
  });

  it('uses every venue type and spreads years over 2005–2026', () => {
    const venueTypes = countBy(papers, (p) => p.venue_type ?? 'none');
    expect([...venueTypes.keys()].sort()).toEqual([...VENUE_TYPES].sort());
    const years = papers.map((p) => p.year ?? 0);
    expect(Math.min(...years)).toBe(2005);
    expect(Math.max(...years)).toBe(2026);
    expect(new Set(years).size).toBe(22);
    for (const p of papers) expect(p.venue).toBeTruthy();
  });

  it('mixes Japanese, English and Chinese records at roughly 40/40/20', () => {
    const langs = countBy(papers, (p) => p.lang ?? 'none');
    expect([...langs.keys()].sort()).toEqual(['en', 'ja', 'zh']);
    const share = (lang: 'ja' | 'en' | 'zh') => (langs.get(lang) ?? 0) / papers.length;
    expect(share('ja')).toBeCloseTo(0.4, 1);
    expect(share('en')).toBeCloseTo(0.4, 1);
    expect(share('zh')).toBeCloseTo(0.2, 1);
  });

  it('gives each language the title and summary fields it needs', () => {
    const kana = /[\u3040-\u30ff]/;
    const hanzi = /[\u4e00-\u9fff]/;
    for (const p of papers) {
      expect(p.title_en).toMatch(/^[\x20-\x7e–°]+$/);
      expect(p.title_ja).toMatch(kana);
      expect(p.ai_summary_en).toBeTruthy();
      expect(p.ai_summary_ja).toMatch(kana);
      if (p.lang === 'ja') expect(`${p.title}${p.abstract}`).toMatch(kana);
      if (p.lang === 'en') expect(p.abstract).not.toMatch(kana);
      if (p.lang === 'zh') {
        expect(p.abstract).toMatch(hanzi);
        expect(p.abstract).not.toMatch(kana);
      }
    }
  });

  it('contains the Japanese two-character search terms in many records', () => {
    const texts = papers.map(searchableText);
    for (const term of ['水素', '炭素', '排出', '脱炭', '気候', '金融', '開示', '電力', '再エネ', '森林', '生物']) {
      const hits = texts.filter((t) => t.includes(normalizeText(term))).length;
      expect({ term, enough: hits >= 20 }).toEqual({ term, enough: true });
    }
  });

  it('contains Chinese terms, full-width characters and mixed-language text', () => {
    const zh = papers.filter((p) => p.lang === 'zh').map((p) => `${p.title}${p.abstract}`);
    for (const term of ['碳排放', '氢能', '气候']) expect(zh.filter((t) => t.includes(term)).length).toBeGreaterThanOrEqual(20);
    const raw = papers.map((p) => `${p.title}\n${p.abstract}`);
    expect(raw.filter((t) => /ＣＯ２|ＧＸ|ＥＳＧ/.test(t)).length).toBeGreaterThanOrEqual(20);
    expect(papers.filter((p) => /[ＣＧＥ]/.test(p.title ?? '')).length).toBeGreaterThan(0);
    const texts = papers.map(searchableText);
    for (const mixed of ['CO2排出量', 'Scope 3排出']) {
      expect(texts.filter((t) => t.includes(normalizeText(mixed))).length).toBeGreaterThanOrEqual(20);
    }
  });

  it('keeps abstracts between 150 and 900 characters, some over the 600-character display limit', () => {
    const lengths = papers.map((p) => ({ lang: p.lang, n: codePointLength(p.abstract ?? '') }));
    for (const { n } of lengths) {
      expect(n).toBeGreaterThanOrEqual(150);
      expect(n).toBeLessThanOrEqual(900);
    }
    expect(lengths.filter((l) => l.n > 600).length).toBeGreaterThan(100);
    expect(lengths.filter((l) => l.lang === 'ja' && l.n > 600).length).toBeGreaterThan(20);
    expect(lengths.filter((l) => l.n <= 600).length).toBeGreaterThan(papers.length / 2);
  });

  it('varies titles and abstracts between records (the journal version of a preprint repeats its abstract)', () => {
    expect(new Set(papers.map((p) => p.abstract)).size).toBe(papers.length - versionPairs(papers).length);
    for (const p of papers) expect(JSON.stringify(p)).not.toMatch(/\{\w+\}|undefined/);
  });

  it('gives every record a title of its own, in every language, without series numbers', () => {
    expectUniqueTitles(papers);
    expect(papers.filter((p) => [p.title, p.title_en, p.title_ja].some((t) => NUMBERED.test(t ?? ''))).map((p) => p.id)).toEqual([]);
    // Titles stay varied: no template's fixed words start more than a few percent of them.
    const openings = countBy(papers, (p) => (p.title_en ?? '').split(' ').slice(0, 2).join(' '));
    expect(Math.max(...openings.values())).toBeLessThan(papers.length * 0.06);
    for (const p of papers.filter((r) => r.lang === 'zh')) expect(p.title).not.toMatch(/[\u3040-\u30ff]/);
  });

  it('keeps a title of an earlier record out of a later one, numbering a series only when every draw is taken', () => {
    const titles = new TitleRegistry();
    const a = ['Carbon Taxes in Japan', '日本における炭素税', '日本的碳税'] as const;
    const b = ['Carbon Taxes in Japan', '日本の炭素税', '日本碳税'] as const;
    expect(titles.uses(a)).toBe(0);
    expect(titles.claim(a)).toEqual(a);
    expect(titles.uses(a)).toBe(1);
    // The English title repeats: all three languages take the same number, so they stay translations.
    expect(titles.uses(b)).toBe(1);
    expect(titles.claim(b)).toEqual(['Carbon Taxes in Japan (Part 2)', '日本の炭素税（第2報）', '日本碳税（第2报）']);
    expect(titles.claim(a)).toEqual(['Carbon Taxes in Japan (Part 3)', '日本における炭素税（第3報）', '日本的碳税（第3报）']);
    expect(titles.uses(['Carbon Taxes in Japan', '新しい題名', '新标题'])).toBe(3);
  });

  it('mixes DOI + source URL, source URL only, and neither', () => {
    const links = countBy(papers, (p) => (p.doi ? (p.source_url ? 'both' : 'doi-only') : p.source_url ? 'url' : 'none'));
    expect(links.get('doi-only')).toBeUndefined();
    expect((links.get('both') ?? 0) / papers.length).toBeCloseTo(0.6, 1);
    expect(links.get('url')).toBeGreaterThan(100);
    expect(links.get('none')).toBeGreaterThan(100);
    for (const p of papers) {
      const n = Number(String(p.id).slice('demo:'.length));
      if (p.doi) expect(p.doi).toBe(`10.5555/gx-demo.${n}`);
      if (p.source_url) expect(p.source_url).toBe(`https://example.org/gx-demo/${n}`);
    }
  });

  it('gives 1–6 authors and 2–5 distinct tags from the topic vocabulary', () => {
    for (const p of papers) {
      const authors = p.authors ?? [];
      expect(authors.length).toBeGreaterThanOrEqual(1);
      expect(authors.length).toBeLessThanOrEqual(6);
      const tags = p.tags ?? [];
      expect(tags.length).toBeGreaterThanOrEqual(2);
      expect(tags.length).toBeLessThanOrEqual(5);
      expect(new Set(tags.map(normalizeText)).size).toBe(tags.length);
    }
    const ja = papers.filter((p) => p.lang === 'ja').flatMap((p) => p.authors ?? []);
    expect(ja.filter((a) => /[\u4e00-\u9fff]/.test(a)).length).toBeGreaterThan(ja.length / 2);
    const tags = new Set(papers.flatMap((p) => p.tags ?? []));
    for (const tag of ['hydrogen', '水素', 'carbon pricing', '炭素税', 'scope 3', 'TCFD']) expect(tags).toContain(tag);
  });

  it('honours the count option and generates 30,000 unique ids and titles (the smallest benchmark corpus)', () => {
    expect(generateDemoPapers({ count: 0 })).toEqual([]);
    expect(generateDemoPapers({ count: 3 })).toHaveLength(3);
    const many = generateDemoPapers({ count: 30_000 });
    expect(many).toHaveLength(30_000);
    expect(new Set(many.map((p) => p.id)).size).toBe(30_000);
    expect(many[29_999].id).toBe('demo:030000');
    expectUniqueTitles(many);
    expect(many.filter((p) => NUMBERED.test(p.title_en ?? '')).length).toBe(0);
  });

  it('keeps titles unique at the benchmarks\' larger sizes, numbering a series only where the vocabulary runs out', () => {
    const many = generateDemoPapers({ count: 300_000 });
    expectUniqueTitles(many);
    const numbered = many.filter((p) => NUMBERED.test(p.title_en ?? ''));
    expect(numbered.length).toBeLessThan(many.length / 1000);
    for (const p of numbered) {
      // The same series number in every language: the titles stay translations of each other.
      const n = /\(Part (\d+)\)$/.exec(p.title_en ?? '')![1];
      const native = { en: ` (Part ${n})`, ja: `（第${n}報）`, zh: `（第${n}报）` }[p.lang as 'en' | 'ja' | 'zh'];
      expect({ id: p.id, ja: p.title_ja?.endsWith(`（第${n}報）`), native: p.title?.endsWith(native) }).toEqual({ id: p.id, ja: true, native: true });
    }
  }, 120_000);

  it('rejects an invalid count or seed', () => {
    expect(() => generateDemoPapers({ count: -1 })).toThrow(RangeError);
    expect(() => generateDemoPapers({ count: 1.5 })).toThrow(RangeError);
    expect(() => generateDemoPapers({ seed: Number.NaN })).toThrow(RangeError);
  });

  it('gives every record the data API\'s extra fields, within their rules', () => {
    const records = generateDemoPapers({ count: 500 });
    const shelves = new Set(records.map((r) => r.shelf));
    expect([...shelves].sort()).toEqual(['curated', 'global_to_japan', 'japan_to_global']);
    for (const r of records) {
      expect(r.draft_score).toBeGreaterThanOrEqual(80);
      expect(r.draft_score).toBeLessThanOrEqual(100);
      expect(r.publication_date).toMatch(new RegExp(`^${r.year}-\\d{2}-\\d{2}$`));
      expect(typeof r.is_peer_reviewed).toBe('boolean');
    }
  });
});

describe('the demo corpus\'s connections (demo-graph.ts)', () => {
  const byDoi = new Map(papers.filter((p) => p.doi).map((p) => [p.doi!, p]));
  const numberOf = (p: PaperInput) => Number(String(p.id).slice('demo:'.length));
  /** How many demo papers cite each DOI of the corpus. */
  const citedBy = new Map<string, number>();
  for (const p of papers) for (const ref of p.references ?? []) if (byDoi.has(ref)) citedBy.set(ref, (citedBy.get(ref) ?? 0) + 1);
  const pairs = versionPairs(papers);

  it('cites only demo papers of the corpus or stated outside works, each once, no newer than the citing paper', () => {
    const problems: string[] = [];
    for (const p of papers) {
      const refs = p.references ?? [];
      if (new Set(refs).size !== refs.length) problems.push(`${String(p.id)} repeats a reference`);
      for (const ref of refs) {
        const cited = byDoi.get(ref);
        if (ref.startsWith(DEMO_EXTERNAL_DOI_PREFIX)) continue;
        if (!cited) problems.push(`${String(p.id)} cites ${ref}, which is neither a demo paper nor a stated outside work`);
        else if (numberOf(cited) >= numberOf(p) || cited.year! > p.year!) problems.push(`${String(p.id)} (${p.year}) cites the later ${String(cited.id)} (${cited.year})`);
      }
    }
    expect(problems).toEqual([]);
    // Outside works are shared: several demo papers cite the same one.
    const outside = papers.flatMap((p) => (p.references ?? []).filter((r) => r.startsWith(DEMO_EXTERNAL_DOI_PREFIX)));
    expect(outside.length).toBeGreaterThan(papers.length / 2);
    expect(new Set(outside).size).toBeLessThan(outside.length / 3);
  });

  it('gives most papers a few references and a few papers many citations', () => {
    const counts = papers.map((p) => (p.references ?? []).length);
    const without = counts.filter((n) => n === 0).length;
    expect(without / papers.length).toBeGreaterThan(0.1);
    expect(without / papers.length).toBeLessThan(0.4);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(10);
    for (const p of papers.filter((r) => r.venue_type === 'dataset')) expect(p.references ?? []).toEqual([]);
    // A realistic skew: most cited papers are cited once or twice, a few by a tenth of the corpus.
    const cited = [...citedBy.values()].sort((a, b) => b - a);
    expect(cited[0]).toBeGreaterThan(papers.length / 10);
    expect(cited.filter((n) => n >= 40).length).toBeGreaterThanOrEqual(5);
    expect(cited.filter((n) => n >= 40).length).toBeLessThan(40);
    expect(cited[Math.floor(cited.length / 2)]).toBeLessThanOrEqual(3);
  });

  it('holds preprints and their journal articles: the same titles and authors, a year apart, some stating the link', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    expect(pairs.length).toBeLessThan(papers.length / 50);
    for (const [preprint, journal] of pairs) {
      expect({
        venue_types: [preprint.venue_type, journal.venue_type],
        years: journal.year! - preprint.year!,
        titles: [journal.title_ja, journal.title_en, journal.authors],
        // The papers store groups the two as one work by this key (or by the stated link).
        key: workKey(parsed(journal)),
      }).toEqual({
        venue_types: ['preprint', 'journal'],
        years: 1,
        titles: [preprint.title_ja, preprint.title_en, preprint.authors],
        key: workKey(parsed(preprint)),
      });
      expect(journal.publication_date?.slice(0, 4)).toBe(String(journal.year));
      expect(journal.references).toEqual(preprint.references);
      if (journal.has_preprint) expect(journal.has_preprint).toEqual([preprint.doi]);
    }
    const stated = pairs.filter(([, journal]) => journal.has_preprint);
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.length).toBeLessThan(pairs.length);
    // At least one well-cited preprint has its journal version: the demo shows versions, references and citations on one page.
    expect(pairs.some(([preprint]) => (citedBy.get(preprint.doi ?? '') ?? 0) > 20 && (preprint.references ?? []).length > 0)).toBe(true);
  });

  it('names authors with diacritics, and Japanese authors family name first with a space', () => {
    const authors = papers.flatMap((p) => p.authors ?? []);
    const mueller = authors.filter((a) => a.endsWith(' Müller'));
    expect(mueller.length).toBeGreaterThan(5);
    expect(nameMatches(mueller[0]!, 'muller')).toBe(true);
    expect(authors.filter((a) => /[\u00c0-\u024f]/.test(a)).length).toBeGreaterThan(50);
    const hasegawa = authors.filter((a) => /^長谷川 \p{Script=Han}+$/u.test(a));
    expect(hasegawa.length).toBeGreaterThan(5);
    expect(familyName(hasegawa[0]!)).toBe('長谷川');
    // The same family romanised, given name first, is found by the family name too.
    expect(authors.filter((a) => a.endsWith(' Hasegawa') && nameMatches(a, 'hasegawa')).length).toBeGreaterThan(5);
  });
});

/** An input record as the loader parses it (its lenient fields normalised). */
function parsed(p: PaperInput) {
  const result = parsePaperInput(p);
  if (!result.ok) throw new Error(result.error);
  return result.paper;
}
