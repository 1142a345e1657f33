import type { z } from 'zod';
import { paperContentSchema, paperDerivedSchema, type PaperContentField } from '../../shared/papers/paper.schema';

/**
 * The `papers` table's content columns, read off the paper schema: a new field in the schema is a
 * new column here, in every statement of the repository, with no list to keep in step (its
 * migration adds the column itself).
 */

/** The Postgres type a field is stored as, from its zod type (a new kind of field fails loudly at start). */
export function columnType(field: z.ZodType): string {
  const def = field._zod.def as { type: string; innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType; format?: string; check?: string };
  switch (def.type) {
    case 'nullable':
    case 'optional':
      return columnType(def.innerType!);
    case 'pipe':
      // A value normalised on its way in (a URL to its serialisation) is stored as what it was read as.
      return columnType(def.in!);
    case 'array':
      // A list of records (a paper's versions) is kept as JSON; a list of text as a Postgres array.
      return (def.element!._zod.def as { type: string }).type === 'object' ? 'jsonb' : `${columnType(def.element!)}[]`;
    case 'boolean':
      return 'boolean';
    case 'number':
      return def.format === 'safeint' || def.format === 'int32' ? 'integer' : 'double precision';
    case 'enum':
      return 'text';
    case 'string':
      return def.format === 'date' ? 'date' : def.format === 'datetime' ? 'timestamptz' : 'text';
    default:
      throw new Error(`the paper schema has a field of type ${def.type}, which has no Postgres column type yet`);
  }
}

export interface PaperColumn {
  name: string;
  type: string;
}

const columnsOf = (shape: Record<string, z.ZodType>): PaperColumn[] => Object.entries(shape).map(([name, field]) => ({ name, type: columnType(field) }));

/** The content columns: what a load writes and its content hash covers. */
export const PAPER_COLUMNS: readonly (PaperColumn & { name: PaperContentField })[] = columnsOf(paperContentSchema.shape) as (PaperColumn & { name: PaperContentField })[];

/** The columns the repository derives from the graph of papers (see `paper-graph.writer.ts`). */
export const DERIVED_COLUMNS: readonly PaperColumn[] = columnsOf(paperDerivedSchema.shape);

/** How a column is read back: dates as the schema's `YYYY-MM-DD` text, not a JavaScript Date. */
const selected = (c: PaperColumn) => (c.type === 'date' ? `to_char(${c.name}, 'YYYY-MM-DD') AS ${c.name}` : c.name);

/** The select list of a whole paper (its update time last). */
export const SELECT_PAPER = [...PAPER_COLUMNS, ...DERIVED_COLUMNS].map(selected).concat('updated_at').join(', ');

/** The same, for a table aliased `alias` in a join. */
export const selectPaperAs = (alias: string): string =>
  [...PAPER_COLUMNS, ...DERIVED_COLUMNS]
    .map((c) => (c.type === 'date' ? `to_char(${alias}.${c.name}, 'YYYY-MM-DD') AS ${c.name}` : `${alias}.${c.name}`))
    .concat(`${alias}.updated_at`)
    .join(', ');
