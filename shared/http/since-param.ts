import { z } from 'zod';
import { coded, text } from './param-schemas';

/**
 * `since`: only papers added to the corpus at or after an instant (their `created_at`), on every
 * endpoint that takes it (the searches of both doors, related papers, recommendations). The one rule:
 * a calendar date (`2026-01-01`, midnight UTC) or a date and time with its offset (`2026-01-01T09:00`,
 * seconds and a fraction optional, then `Z` or `±hh:mm`). A time without an offset is refused: it
 * would name a different instant in every zone. Digits past the millisecond are dropped.
 */
export const SINCE_RULE = 'since is an ISO 8601 date (2026-01-01) or a date and time with its offset (2026-01-01T09:00:00Z, 2026-01-01T18:00:00+09:00)';

/** The instant (ISO 8601 in UTC to the millisecond, what both engines compare `created_at` with) a `since` value names, or undefined. */
export function parseSince(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|([+-])(\d{2}):(\d{2})))?$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', , sign, oh = '0', om = '0'] = m;
  const n = (text: string) => Number(text);
  if (n(mo!) < 1 || n(mo!) > 12 || n(d!) < 1 || n(h) > 23 || n(mi) > 59 || n(s) > 59 || n(oh) > 23 || n(om) > 59) return undefined;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: years below 100 are not moved to the 1900s.
  date.setUTCFullYear(n(y!), n(mo!) - 1, n(d!));
  if (date.getUTCMonth() !== n(mo!) - 1) return undefined; // 2026-02-30 rolled over
  date.setUTCHours(n(h), n(mi), n(s), n(fraction.padEnd(3, '0').slice(0, 3)));
  const offset = (sign === '-' ? -1 : 1) * (n(oh) * 60 + n(om));
  const ms = date.getTime() - offset * 60_000;
  // An offset can move year 0000 or 9999 out of four digits, which not every engine parses.
  const iso = new Date(ms).toISOString();
  return /^\d{4}-/.test(iso) ? iso : undefined;
}

export const SINCE_DESCRIPTION =
  'Only papers first added to this corpus at or after this time (their `created_at`, not their publication date): an ISO 8601 date (`2026-01-01`, read as midnight UTC) or a date and time with its offset (`2026-01-01T09:00:00+09:00`, `2026-01-01T00:00:00Z`), to the millisecond.';

/** `since` as a query parameter (400 `invalid_since`), parsed to an ISO instant. */
export const sinceParam = () =>
  coded(
    text()
      .transform((value, ctx) => {
        const at = parseSince(value.trim());
        if (at) return at;
        ctx.issues.push({ code: 'custom', input: value, message: `${SINCE_RULE}; got "${value.slice(0, 100)}".` });
        return z.NEVER;
      })
      .optional(),
    'invalid_since',
    { description: SINCE_DESCRIPTION, param: { example: '2025-04-01' } },
  );
