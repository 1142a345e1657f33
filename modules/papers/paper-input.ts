import { createHash } from 'node:crypto';
import { z } from 'zod';
import { describeIssues } from '../../shared/loading/load-records';
import { newPaperSchema, PAPER_LANGS, type NewPaper, type PaperField, type PaperLang } from '../../shared/papers/paper.schema';
import { canonicalWorkRef, normalizeDoi, normalizeOpenAlexId } from './work-ref';

export { normalizeDoi };

/**
 * One line of a papers JSON Lines file (`gx load papers`), as in `papers.jsonl`, and what ingest
 * makes of a source's record: every field of the stored paper (`paperSchema`), each made lenient
 * the same way — absent is null, text trimmed and empty text null, lists cleaned of blanks and
 * repeats — and then held to the stored field's own rule (an enum, a range, an http(s) URL, a date).
 * Unknown fields are ignored. A new field of the paper is read here with no edit.
 */
const trimmedOrNull = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

const cleanList = z
  .array(z.string())
  .nullish()
  .transform((v) => [...new Set((v ?? []).map((s) => s.trim()).filter((s) => s.length > 0))]);

/** A stored field's lenient input form (see above). */
export function lenientField(field: z.ZodType): z.ZodType {
  const def = field._zod.def as { type: string; innerType?: z.ZodType };
  const inner = def.type === 'nullable' ? def.innerType! : field;
  const innerDef = inner._zod.def as { type: string; in?: z.ZodType };
  // A value normalised on its way in (a URL to its serialisation) is read as what it is read from.
  const kind = innerDef.type === 'pipe' ? (innerDef.in!._zod.def as { type: string }).type : innerDef.type;
  if (kind === 'array') return cleanList;
  if (kind === 'string') return trimmedOrNull.pipe(inner.nullable() as z.ZodType<unknown, string | null>);
  return inner.nullish().transform((v) => v ?? null);
}

type Lenient<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodType<z.output<S[K]>, unknown> };
const lenientShape = <S extends z.ZodRawShape>(shape: S): Lenient<S> =>
  Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, lenientField(field as z.ZodType)])) as Lenient<S>;

/**
 * A list of works (DOIs or OpenAlex work ids, in any of their usual spellings) in canonical form
 * (`work-ref.ts`), repeats dropped; an entry that is neither fails the line, naming it.
 */
const workRefList = cleanList.transform((values, ctx) => {
  const out = new Set<string>();
  for (const value of values) {
    const canonical = canonicalWorkRef(value);
    if (canonical) out.add(canonical);
    else ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} is neither a DOI nor an OpenAlex work id` });
  }
  return [...out];
});

/** Crossref's names for versions of one work, read into `same_work_as`. */
const VERSION_RELATIONS = ['is_preprint_of', 'has_preprint', 'is_version_of', 'has_version'] as const;

export const paperInputSchema = z
  .object({
    ...lenientShape(newPaperSchema.shape),
    // The source's own id (a number in some files): part of the identity a paper's id is derived from.
    id: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null ? null : String(v).trim() || null)),
    // `zh` (Chinese) papers are published as `mul`: their records carry Japanese and English AI titles and summaries.
    lang: z.enum([...PAPER_LANGS, 'zh']).nullish().transform((v): PaperLang | null => (v === 'zh' ? 'mul' : v ?? null)),
    // `W123`, `openalex:W123` or `https://openalex.org/W123`.
    openalex_id: z
      .string()
      .nullish()
      .transform((v, ctx) => {
        if (v == null || v.trim() === '') return null;
        const id = normalizeOpenAlexId(v);
        if (!id) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(v)} is not an OpenAlex work id (W and digits)` });
        return id;
      }),
    references: workRefList,
    same_work_as: workRefList,
    ...Object.fromEntries(VERSION_RELATIONS.map((name) => [name, workRefList])),
  })
  .refine((p) => p.title !== null || p.title_ja !== null || p.title_en !== null, {
    message: 'a paper needs at least one of title, title_ja or title_en',
    path: ['title'],
  })
  .transform((p) => {
    const relations = p as typeof p & Record<(typeof VERSION_RELATIONS)[number], string[]>;
    const sameWork = new Set([...p.same_work_as, ...VERSION_RELATIONS.flatMap((name) => relations[name])]);
    const { is_preprint_of: _a, has_preprint: _b, is_version_of: _c, has_version: _d, ...rest } = relations;
    return { ...rest, same_work_as: [...sameWork] };
  });

/** What a caller may hand in: any subset of the paper's fields (the schema says what each accepts). */
export type PaperInput = { [K in Exclude<keyof NewPaper, 'id' | 'lang'>]?: NewPaper[K] | undefined } & {
  id?: string | number | null;
  lang?: PaperLang | 'zh' | null;
} & { [K in (typeof VERSION_RELATIONS)[number]]?: string[] | null };
type ParsedInput = z.output<typeof paperInputSchema>;

/** The value when the stored paper's rule for the field accepts it, else null: for sources whose unusable values are dropped rather than failing the paper. */
export function validOrNull<K extends PaperField>(field: K, value: unknown): NewPaper[K] | null {
  const parsed = newPaperSchema.shape[field].safeParse(value);
  return parsed.success ? (parsed.data as NewPaper[K]) : null;
}

/**
 * The identity a paper is recognised by across loads: its DOI when it has one, otherwise the
 * source's own id, otherwise its normalised title and year.
 */
export function identityKey(p: Pick<ParsedInput, 'doi' | 'id' | 'title' | 'title_en' | 'title_ja' | 'year'>): string {
  const doi = normalizeDoi(p.doi);
  if (doi) return `doi:${doi}`;
  if (p.id) return `id:${p.id}`;
  return `title:${titleKey(p)}|${p.year ?? ''}`;
}

/**
 * A title reduced to what identifies it (NFKC, case-folded, letters and digits only): ingest's
 * dedupe of papers without a DOI, and part of the identity of such papers.
 */
export function titleKey(p: Pick<ParsedInput, 'title' | 'title_en' | 'title_ja'>): string {
  return (p.title ?? p.title_en ?? p.title_ja ?? '').normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Stable, opaque paper id: a hash of the identity key. */
export function paperIdFor(key: string): string {
  return `p_${createHash('sha256').update(key).digest('base64url').slice(0, 16)}`;
}

export type ParseResult = { ok: true; paper: NewPaper } | { ok: false; error: string };

/** A validated input line as the paper it stores (its id derived from its identity). */
export function toNewPaper(p: ParsedInput): NewPaper {
  return { ...p, id: paperIdFor(identityKey(p)), doi: normalizeDoi(p.doi) };
}

/** Validates and normalises one input object into a paper (without its update time). */
export function parsePaperInput(value: unknown): ParseResult {
  const parsed = paperInputSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  return { ok: true, paper: toNewPaper(parsed.data) };
}
