import { OPENALEX_ID } from '../../shared/papers/paper.schema';

/**
 * A reference to another work as a paper states it: a DOI or an OpenAlex work id. Written in one
 * canonical text form (`10.…` for a DOI, lower-case; `openalex:W…` for a work id) in a paper's
 * `references` and `same_work_as`, and split into the two columns of an edge.
 */
export type WorkRef = { doi: string; openalex_id: null } | { doi: null; openalex_id: string };

const DOI = /^10\.\d{4,9}\/\S+$/;

/** Lower-case DOI without resolver prefix, or null when the value is not a DOI. */
export function normalizeDoi(value: string | null | undefined): string | null {
  if (!value) return null;
  const doi = value.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:)/i, '').toLowerCase();
  return DOI.test(doi) ? doi : null;
}

/** `W123` from `W123`, `w123`, `openalex:W123` or `https://openalex.org/W123`; null for anything else. */
export function normalizeOpenAlexId(value: string | null | undefined): string | null {
  if (!value) return null;
  const id = value.trim().replace(/^(?:https?:\/\/(?:api\.)?openalex\.org\/(?:works\/)?|openalex:)/i, '').toUpperCase();
  return OPENALEX_ID.test(id) ? id : null;
}

/** A stated reference in its canonical text form, or null when it is neither a DOI nor a work id. */
export function canonicalWorkRef(value: string): string | null {
  const openalex = normalizeOpenAlexId(value);
  if (openalex) return `openalex:${openalex}`;
  return normalizeDoi(value);
}

/** The edge columns of a canonical reference. */
export function parseWorkRef(canonical: string): WorkRef {
  return canonical.startsWith('openalex:') ? { doi: null, openalex_id: canonical.slice('openalex:'.length) } : { doi: canonical, openalex_id: null };
}
