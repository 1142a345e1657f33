/**
 * Escaping for server-rendered HTML. Every value from a record goes through one of these: text and
 * attribute values through `escapeHtml`, JSON inside `<script>` through `jsonForScript`, links
 * through `httpUrl`.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe as element content and as a quoted attribute value (both quote kinds escaped). */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON safe inside `<script type="application/ld+json">`: `<` (and `>`, `&`) as `\u003c`…, so a
 * value holding `</script>` or `<!--` cannot end or change the script element; U+2028/2029 escaped
 * for old JavaScript parsers. The result is still the same JSON value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The URL when it is http(s), else null: a stored link never becomes a `javascript:` href. */
export function httpUrl(value: string | null | undefined): string | null {
  return value && /^https?:\/\//i.test(value.trim()) ? value.trim() : null;
}

/** `name="value"` with the value escaped; nothing when the value is absent. */
export function attr(name: string, value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`;
}
