/**
 * When a source last delivered data, as people read it. A source that has been silent for longer
 * than STALE_AFTER_HOURS is flagged: three days, so a quiet weekend is not an alarm but a broken
 * webhook or connector is noticed before a week of figures goes missing.
 */
export const STALE_AFTER_HOURS = 72;

const HOUR_MS = 3_600_000;

export function isStale(lastDeliveredAt: string, now: Date): boolean {
  const at = Date.parse(lastDeliveredAt);
  if (!Number.isFinite(at)) return true;
  return now.getTime() - at > STALE_AFTER_HOURS * HOUR_MS;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * HOUR_MS],
  ['month', 30 * 24 * HOUR_MS],
  ['day', 24 * HOUR_MS],
  ['hour', HOUR_MS],
  ['minute', 60_000],
];

/** "3 hours ago", "vor 2 Tagen", "just now": the largest unit that fits, in the locale's words. */
export function relativeTime(iso: string, now: Date, locale: string): string {
  const at = Date.parse(iso);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (!Number.isFinite(at)) return '';
  const elapsed = at - now.getTime();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return format.format(Math.round(elapsed / ms), unit);
  }
  return format.format(0, 'minute');
}

/** The exact instant in the locale, with the time zone named (the relative time's tooltip and CSV). */
export function absoluteTime(iso: string, locale: string): string {
  const at = new Date(iso);
  if (!Number.isFinite(at.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(at);
}
