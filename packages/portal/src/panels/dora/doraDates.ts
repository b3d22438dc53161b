import type { DateRange, DoraGrain } from '@client-portal/api-client';

// Dates of the DORA panel in the reader's locale. Days (`YYYY-MM-DD`) are UTC calendar days, as
// the API counts them, so they are formatted in UTC: a reader west of Greenwich sees the same day.

const asUtcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const valid = (d: Date) => Number.isFinite(d.getTime());

/** "Mar 5, 2026" (en), "5. März 2026" (de). */
export function formatDay(day: string, locale: string): string {
  const d = asUtcDay(day);
  return valid(d) ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d) : '';
}

/** A chart label: the bucket's first day ("Mar 5"), or its month ("Mar 2026") for monthly buckets. */
export function formatBucket(day: string, grain: DoraGrain, locale: string): string {
  const d = asUtcDay(day);
  if (!valid(d)) return day;
  const options: Intl.DateTimeFormatOptions =
    grain === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(d);
}

/** "Mar 1 – 31, 2026": a range as the locale writes one. */
export function formatRange(range: DateRange, locale: string): string {
  const from = asUtcDay(range.from);
  const to = asUtcDay(range.to);
  if (!valid(from) || !valid(to)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(from, to);
}

/** An event's instant in the reader's own time zone ("Mar 5, 2026, 14:05"); '' for none. */
export function formatInstant(iso: string | null, locale: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return valid(d)
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d)
    : '';
}
