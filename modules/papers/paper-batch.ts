import { z } from 'zod';
import { bodyField, check, rule, text } from '../../shared/http/param-schemas';
import { ERROR_CODE, UNKNOWN_FIELD_CODE } from '../../shared/http/request-schema';
import type { Paper } from '../../shared/papers/paper.schema';
import { PAPER_ID } from './paper-path';
import { normalizeDoi, normalizeOpenAlexId } from './work-ref';

/**
 * Batch lookup (`POST /api/v1/papers/batch` on both doors): what an id of the list may be, the body
 * both doors read (each with its own maximum), and the lookup itself, one statement per batch. The
 * doors shape the records and the data API weighs the request; the rules live here once.
 */

/** What one position of a batch asks for: a paper id, a DOI, or an OpenAlex work id. */
export type PaperRef = { kind: 'id'; id: string } | { kind: 'doi'; doi: string } | { kind: 'openalex'; openalex_id: string };

/** The longest id a batch takes (a DOI with its `doi:` prefix included). */
export const MAX_REF_CHARS = 256;

export const REF_RULE = 'an id is a paper id (1 to 128 letters, digits, "_" or "-", as search results give it), a DOI as doi:10.… or an OpenAlex work id as openalex:W…';

/**
 * One id of a batch as what it names, or undefined when it is none of the three forms. `doi:` and
 * `openalex:` are read case-insensitively; the DOI is normalised as the loader stores DOIs (resolver
 * prefix dropped, lower case), the work id upper-cased (`openalex:w123` is `W123`).
 */
export function parsePaperRef(value: string): PaperRef | undefined {
  if (value.length > MAX_REF_CHARS) return undefined;
  if (/^doi:/i.test(value)) {
    const doi = normalizeDoi(value.slice('doi:'.length));
    return doi ? { kind: 'doi', doi } : undefined;
  }
  if (/^openalex:/i.test(value)) {
    const id = normalizeOpenAlexId(value);
    return id ? { kind: 'openalex', openalex_id: id } : undefined;
  }
  return PAPER_ID.test(value) ? { kind: 'id', id: value } : undefined;
}

/** The canonical text of a ref: two ids that name the same thing (`doi:10.1/A`, `DOI:10.1/a`) have the same key. */
export const refKey = (ref: PaperRef): string => (ref.kind === 'id' ? ref.id : ref.kind === 'doi' ? `doi:${ref.doi}` : `openalex:${ref.openalex_id}`);

/** The largest body of a batch of `maxIds` ids of the longest kind (quoted, comma-separated), with room to spare: `jsonObjectBody`'s limit. */
export const batchBodyLimit = (maxIds: number): string => `${Math.ceil((maxIds * (MAX_REF_CHARS + 3) + 1024) / 1024)}kb`;

/** How many distinct things a list of refs names (by canonical form: what a batch looks up, and what it is charged for). */
export const distinctRefCount = (refs: readonly PaperRef[]): number => new Set(refs.map(refKey)).size;

/** How many positions a problem spells out in its detail (`invalid_positions` lists them all). */
const POSITIONS_SHOWN = 5;

/** The problem of the ids that are none of the three forms, naming their positions (from 0). */
function malformed(ids: readonly string[]) {
  const positions = ids.flatMap((id, i) => (parsePaperRef(id) ? [] : [i]));
  if (positions.length === 0) return undefined;
  const shown = positions.slice(0, POSITIONS_SHOWN).map((i) => `ids[${i}] ${JSON.stringify(ids[i]!.length > 40 ? `${ids[i]!.slice(0, 40)}…` : ids[i])}`);
  const more = positions.length > POSITIONS_SHOWN ? ` and ${positions.length - POSITIONS_SHOWN} more` : '';
  return {
    message: `${shown.join(', ')}${more} ${positions.length === 1 ? 'is not an id' : 'are not ids'}: ${REF_RULE} (at most ${MAX_REF_CHARS} characters). invalid_positions lists every position at fault, from 0.`,
    code: 'invalid_ids',
    members: { invalid_positions: positions },
  };
}

/** A message for a value of the wrong kind, leaving absent values to the common "is required". */
const wrong = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? undefined : message);

const FIELDS = ['ids'];

/**
 * The body of `POST /api/v1/papers/batch`, `{ ids: [...] }` of 1 to `maxIds` ids: validates the
 * request, renders the OpenAPI documents and the MCP tools' docs. Its output is each id as given and
 * what it names, position by position.
 */
export function paperBatchBodySchema(maxIds: number) {
  return z
    .strictObject(
      {
        ids: bodyField(
          'ids',
          z
            .array(text({ error: wrong('{path} must be an id (a string).') }).meta({ description: `A paper id, doi:10.… or openalex:W… (at most ${MAX_REF_CHARS} characters).`, maxLength: MAX_REF_CHARS }), {
              error: wrong('ids must be an array of ids (strings).'),
            })
            .check(
              rule<string[]>((v) => v.length > 0, 'ids must hold at least one id.', 'missing_field:ids'),
              rule<string[]>((v) => v.length <= maxIds, (v) => `ids may hold at most ${maxIds} ids; it holds ${v.length}.`, 'too_many_ids'),
              check<string[]>(malformed),
            )
            .transform((ids) => ids.map((id) => parsePaperRef(id)!)),
          {
            description: `1 to ${maxIds} ids, answered in the same order: paper ids (as search results give them), DOIs as \`doi:10.…\` (any case, normalised as stored DOIs are) and OpenAlex work ids as \`openalex:W…\`. Repeats are allowed, answered at each position and looked up once.`,
            minItems: 1,
            maxItems: maxIds,
            example: ['p_2s_niYOv-9vRxwD_', 'doi:10.1016/j.enpol.2021.112345', 'openalex:W2741809807'],
          },
        ),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `{path} is not a field of a batch lookup (fields: ${FIELDS.join(', ')}).`
            : issue.code === 'invalid_type'
              ? 'The body must be a JSON object.'
              : undefined,
      },
    )
    .meta({ [ERROR_CODE]: 'invalid_body', [UNKNOWN_FIELD_CODE]: 'invalid_field:{field}' });
}

/** The 400 codes of the batch body, for both OpenAPI documents. */
export const paperBatchErrorCodes = (maxIds: number) => ({
  'missing_field:ids': 'ids is absent, null or empty',
  'invalid_field:*': 'ids is not an array of strings (`invalid_field:ids`), or a field the request does not have (`invalid_field:limit`)',
  too_many_ids: `ids holds more than ${maxIds} ids`,
  invalid_ids: `an id is none of the three forms (${REF_RULE}, at most ${MAX_REF_CHARS} characters); \`invalid_positions\` lists the positions at fault, from 0`,
});

/** Where the lookup reads papers from (`PaperRepository`). */
export interface PaperRefReader {
  findByRefs(refs: readonly PaperRef[]): Promise<Map<string, Paper>>;
}

/**
 * The papers a batch names, position by position: the paper, or null when none has that id, DOI or
 * work id. Each distinct ref is looked up once, all in one statement; a repeated id gets the same
 * paper at each of its positions. The one entry point of the lookup, for both doors.
 */
export async function lookUpPapers(reader: PaperRefReader, refs: readonly PaperRef[]): Promise<Array<Paper | null>> {
  const distinct = [...new Map(refs.map((ref) => [refKey(ref), ref])).values()];
  const found = await reader.findByRefs(distinct);
  return refs.map((ref) => found.get(refKey(ref)) ?? null);
}
