/**
 * The instant a `since` value names, as ISO 8601 in UTC to the millisecond (what both engines compare
 * `created_at` with), or undefined when it is none: a calendar date (`2026-01-01`, midnight UTC) or a
 * date and time with its offset (`2026-01-01T09:00`, seconds and a fraction optional, then `Z` or
 * `±hh:mm`). A time without an offset is refused: it would name a different instant in every zone.
 * Digits past the millisecond are dropped.
 */
export function sinceInstant(value: string): string | undefined {
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
