/**
 * Text Postgres can store and UTF-8 can carry: no NUL (Postgres rejects U+0000 in text and jsonb)
 * and no lone surrogate (UTF-8 cannot encode one; the driver would silently store U+FFFD).
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The path of the first string or object key in a parsed JSON value that is not storable text
 * (`summary.note`, `evidence_refs[2].ref`, or `(root)`), or undefined when every one is.
 */
export function findUnstorableText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path || '(root)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      const memberPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return memberPath;
      const found = findUnstorableText(member, memberPath);
      if (found) return found;
    }
  }
  return undefined;
}
