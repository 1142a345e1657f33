import { z } from 'zod';
import { GRAPH_LIMITS as L } from './paper-graph.params';

/**
 * The answers of a paper's references and cited-by pages, around the record of the door serving
 * them (the public `Paper`, the data API's `SemanticPaper`): one envelope, one shape on both doors.
 */

/** A reference to a work that is not in this corpus, as the citing paper stated it. */
export const externalReferenceSchema = z
  .strictObject({
    doi: z.string().nullable().meta({ description: 'The DOI the paper cited (lower-case, without resolver prefix); null when it cited an OpenAlex work id.' }),
    openalex_id: z.string().nullable().meta({ description: 'The OpenAlex work id the paper cited (`W` and digits); null when it cited a DOI.' }),
  })
  .meta({
    id: 'ExternalReference',
    description: 'A reference to a work not in this corpus, as the citing paper gave it: a DOI or an OpenAlex work id. It has no `id`; a reference to a paper of the corpus is that paper\'s record instead.',
  });
export type ExternalReference = z.output<typeof externalReferenceSchema>;

const envelope = <T extends z.ZodType>(results: T, total: string, order: string) =>
  z.object({
    paper_id: z.string().meta({ description: 'The paper asked about.' }),
    total: z.int().min(0).meta({ description: total }),
    count: z.int().min(0).meta({ description: 'Records in this answer.' }),
    limit: z.int().min(L.limitMin).max(L.limitMax).meta({ description: 'The applied limit.' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass it as `cursor` for the next page; null on the last page.' }),
    results: z.array(results).meta({ description: order }),
  });

const REFERENCES_TOTAL = "How many references the paper lists (its `references_count`), in this corpus or not.";
const CITED_BY_TOTAL = 'How many papers of this corpus cite it (its `cited_by_corpus_count`).';
const REFERENCES_ORDER = "The paper's references in its own order: each the cited paper's record when it is in this corpus, else an external reference `{ doi, openalex_id }`.";
const CITED_BY_ORDER = 'The papers of this corpus citing it, newest first: publication year descending, papers without a year last, then id; each citing paper once.';

/**
 * The two answers around `record`. With `prefix`, registered as the OpenAPI components
 * `{prefix}ReferencesPage` and `{prefix}CitedByPage` (an id names one schema: the MCP tools' variants,
 * with compact records, go without).
 */
export function graphPageSchemas(record: z.ZodObject, prefix?: string) {
  const references = envelope(z.xor([record, externalReferenceSchema]), REFERENCES_TOTAL, REFERENCES_ORDER);
  const citedBy = envelope(record, CITED_BY_TOTAL, CITED_BY_ORDER);
  return prefix ? { references: references.meta({ id: `${prefix}ReferencesPage` }), citedBy: citedBy.meta({ id: `${prefix}CitedByPage` }) } : { references, citedBy };
}

/** An answer as both doors send it. */
export interface GraphPageAnswer<T> {
  paper_id: string;
  total: number;
  count: number;
  limit: number;
  next_cursor: string | null;
  results: T[];
}
