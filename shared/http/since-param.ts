import { z } from 'zod';
import { coded, text } from './param-schemas';

/**
 * `since`: only papers added to the corpus at or after an instant (their `created_at`). Given as an
 * ISO 8601 date (`2025-04-01`, midnight UTC) or instant (`2025-04-01T09:30:00Z`, `…+09:00`,
 * fractions to the millisecond; a time without an offset is UTC). In a URL an unescaped `+`
 * arrives as a space, so `T09:30:00 09:00` reads as +09:00.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+\- ]\d{2}:?\d{2})?)?$/;

export const SINCE_RULE = 'since is an ISO 8601 date (2025-04-01) or instant (2025-04-01T09:30:00Z, 2025-04-01T18:30:00+09:00)';

/** The instant (as `toISOString` writes it) a `since` value names, or undefined when it names none. */
export function parseSince(value: string): string | undefined {
  const m = ISO.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC: it maps years 0–99 onto 1900–1999
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  date.setUTCHours(hour, minute, second, Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3)));
  const offset = m[8];
  let minutes = 0;
  if (offset !== undefined && offset.toUpperCase() !== 'Z') {
    const [h, mm] = [Number(offset.slice(1, 3)), Number(offset.slice(-2))];
    if (h > 23 || mm > 59) return undefined;
    minutes = (offset.startsWith('-') ? -1 : 1) * (h * 60 + mm);
  }
  const at = date.getTime() - minutes * 60_000;
  return Number.isFinite(at) && year >= 1 ? new Date(at).toISOString() : undefined;
}

export const SINCE_DESCRIPTION =
  'Only papers added to this corpus at or after this time (their `created_at`, not their publication date): an ISO 8601 date (`2025-04-01`, midnight UTC) or instant (`2025-04-01T09:30:00Z`, `2025-04-01T18:30:00+09:00`).';

/** `since` as a query parameter (400 `invalid_since`), parsed to an ISO instant. */
export const sinceParam = () =>
  coded(
    text()
      .transform((value, ctx) => {
        const at = parseSince(value);
        if (at) return at;
        ctx.issues.push({ code: 'custom', input: value, message: `${SINCE_RULE}; got "${value.slice(0, 100)}".` });
        return z.NEVER;
      })
      .optional(),
    'invalid_since',
    { description: SINCE_DESCRIPTION, param: { example: '2025-04-01' } },
  );
