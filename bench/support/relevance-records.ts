import { readJsonLines } from '../../shared/loading/json-lines';
import type { PaperLang } from '../../shared/papers/paper.schema';
import { identityKey, paperIdFor, paperInputSchema } from '../../modules/papers/paper-input';

/** A document of a judged collection as the service stores it: its service id and the text BM25 sees. */
export interface EvalDocument {
  /** The service's paper id, from the loader's own identity rule. */
  id: string;
  /** The record's `id` field (the collection's own id, which qrels name). */
  sourceId: string | null;
  title: string | null;
  titleJa: string | null;
  titleEn: string | null;
  /** `ja`, `en` or `mul` (a `zh` record is stored as `mul`). */
  lang: PaperLang | null;
  /** What the BM25 baseline indexes: the distinct title fields and the abstract. */
  text: string;
}

export interface EvalRecords {
  file: string;
  /** One per service id; of two lines for one paper the later wins, as in the loader. */
  documents: EvalDocument[];
  rejectedLines: number;
  /** Collection id → service id. */
  bySourceId: ReadonlyMap<string, string>;
}

/**
 * Reads a papers JSON Lines file through the loader's schema, so every document carries the id the
 * service gives it (`paperIdFor(identityKey(...))`: the DOI when there is one, else `id:<id>`) and
 * the text as stored (trimmed, empty fields null). Lines the loader would reject are counted, not kept.
 */
export async function readEvalRecords(file: string): Promise<EvalRecords> {
  const byId = new Map<string, EvalDocument>();
  const bySourceId = new Map<string, string>();
  let rejectedLines = 0;
  for await (const line of readJsonLines(file)) {
    const parsed = line.ok ? paperInputSchema.safeParse(line.value) : undefined;
    if (!parsed?.success) {
      rejectedLines++;
      continue;
    }
    const p = parsed.data;
    const id = paperIdFor(identityKey(p));
    byId.delete(id); // re-inserted below: the later line wins and takes the later place
    byId.set(id, {
      id,
      sourceId: p.id,
      title: p.title,
      titleJa: p.title_ja,
      titleEn: p.title_en,
      lang: p.lang,
      text: [...distinctTitles([p.title, p.title_ja, p.title_en]), p.abstract ?? ''].join('\n'),
    });
    if (p.id) bySourceId.set(p.id, id);
  }
  return { file, documents: [...byId.values()], rejectedLines, bySourceId };
}

/** An English paper's title and title_en are usually the same text: counted once, or BM25 would weigh it twice. */
function distinctTitles(titles: (string | null)[]): string[] {
  const seen = new Set<string>();
  return titles.filter((t): t is string => {
    if (t === null) return false;
    const key = t.normalize('NFKC').toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
