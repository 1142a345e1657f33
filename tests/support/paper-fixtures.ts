import { parsePaperInput, type NewPaper, type PaperInput } from '../../modules/papers';
import { paperContentSchema, storedAlone, type Paper } from '../../shared/papers/paper.schema';

/**
 * The one place tests build papers, in the three forms they need: a line to load (`paperLine`), the
 * paper that line is stored as (`parsedPaper`), and a stored paper with chosen fields (`storedPaper`).
 * Empty values come from the paper schema, so a new field needs no edit here.
 */

const EMPTY = Object.fromEntries(
  Object.entries(paperContentSchema.shape).map(([name, field]) => [name, (field._zod.def as { type: string }).type === 'array' ? [] : null]),
) as unknown as Omit<Paper, 'id' | 'updated_at'>;

/** A stored paper with the id given and every other field empty unless set (tests of what engines build from papers). */
export const storedPaper = (fields: Partial<Paper> & { id: string }): Paper => ({
  ...EMPTY,
  references_count: 0,
  cited_by_corpus_count: 0,
  work_id: fields.id,
  versions: [],
  created_at: '2024-05-01T00:00:00Z',
  updated_at: '2024-05-01T00:00:00Z',
  ...fields,
});

/** A line of a papers file (`gx load papers`): an English paper of 2024 titled after its id unless set. */
export const paperLine = (id: string, fields: PaperInput = {}): PaperInput => ({ id, title: `Paper ${id}`, lang: 'en', year: 2024, ...fields });

/** The paper a line is stored as: parsed like `gx load` parses it (its id derived from its identity). */
export function parsedPaper(input: PaperInput, updatedAt = '2026-01-01T00:00:00.000Z'): Paper {
  const parsed = parsePaperInput(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return storedAlone(parsed.paper, updatedAt);
}

/** The paper a line is written as (what loaders and ingest hand the repository and the enrichers). */
export function newPaper(input: PaperInput): NewPaper {
  const parsed = parsePaperInput(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.paper;
}
