import { createHash } from 'node:crypto';

/** A strong validator for a body: a hash of its bytes, so equal bodies get equal tags on every replica. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether `If-None-Match` names `etag` (RFC 9110 §13.1.2): `*`, or one of a comma-separated list,
 * compared weakly (a `W/` prefix on either side is ignored), as the field is defined to be.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const wanted = etag.replace(/^W\//, '');
  const listed = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim());
  return listed.some((tag) => tag === '*' || tag.replace(/^W\//, '') === wanted);
}
